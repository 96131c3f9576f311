import { expertiseTag, teamMessages, type AdminTeamMember, type TeamMemberFields } from '@northbeam/common';

/** The editor's fields: expertise as the comma-separated text typed, the avatar as an address ('' for none). */
export type FormValues = Omit<TeamMemberFields, 'expertise' | 'avatar'> & { expertise: string; avatar: string };

export const emptyForm: FormValues = {
  name: '',
  slug: '',
  role: '',
  stripRole: '',
  bio: '',
  fullBio: '',
  linkedin: '',
  avatar: '',
  expertise: '',
  inStrip: true,
  hidden: false,
};

export function formFromMember(member: AdminTeamMember): FormValues {
  return {
    name: member.name,
    slug: member.slug,
    role: member.role,
    stripRole: member.stripRole === member.role ? '' : member.stripRole,
    bio: member.bio,
    fullBio: member.fullBio,
    linkedin: member.linkedin,
    avatar: member.avatar ?? '',
    expertise: member.expertise.join(', '),
    inStrip: member.inStrip,
    hidden: member.hidden,
  };
}

export function payloadFromForm(values: FormValues): TeamMemberFields {
  return {
    ...values,
    avatar: values.avatar.trim() || null,
    expertise: values.expertise.split(',').map(expertiseTag).filter(Boolean),
  };
}

/** What the browser checks before sending (the server checks it all again). */
export function validate(values: FormValues): Partial<Record<keyof FormValues, string>> {
  const errors: Partial<Record<keyof FormValues, string>> = {};
  if (!values.name.trim()) errors.name = teamMessages.nameRequired;
  if (!values.slug.trim()) errors.slug = teamMessages.slugRequired;
  if (!values.role.trim()) errors.role = teamMessages.roleRequired;
  if (!values.bio.trim()) errors.bio = teamMessages.bioRequired;
  if (values.linkedin.trim() && !/^https:\/\/\S+$/.test(values.linkedin.trim()))
    errors.linkedin = teamMessages.linkedinInvalid;
  return errors;
}

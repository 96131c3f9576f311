import { ExternalLink } from '@/components/ui/icons';
import type { ChangeEvent, ReactNode } from 'react';
import { messages, site, teamLimits, teamMemberActions, type AdminTeamMember } from '@northbeam/common';
import { DocumentEditor } from '@/components/admin/document-editor/document-editor';
import type { DocumentKind, LoadedDocument } from '@/components/admin/document-editor/document-kind';
import { documentRoute } from '@/components/admin/document-editor/document-screen';
import { useDocument } from '@/components/admin/document-editor/use-document';
import { TeamAvatar } from '@/components/marketing/team-avatar';
import { Badge } from '@/components/ui/badge';
import { buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field, FieldHint } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { emptyForm, formFromMember, payloadFromForm, validate, type FormValues } from './team-member-form';
import { TeamMemberSide } from './team-member-side';

/** A team member's profile: saved as it is (no status, no revisions), refused to those who may not edit it. */
const teamMemberKind: DocumentKind<AdminTeamMember, FormValues> = {
  api: '/api/admin/team',
  editPath: (id) => `/admin/team/${id}`,
  back: { to: '/admin/team', label: 'Team' },
  afterSave: 'stay',
  head: (member) => ({
    title: member ? `Edit: ${member.name}` : 'New team member',
    description: `${site.name} team member editor.`,
  }),
  // A profile the caller may not edit is a sentence in place of the editor; an unknown one, the page's 404.
  refusals: [403],
  refuse: (user, id) => (!id && !teamMemberActions(null, user).includes('edit') ? messages.forbidden : undefined),
  empty: () => emptyForm,
  toForm: formFromMember,
  toPayload: payloadFromForm,
  same: (a, b) => JSON.stringify(payloadFromForm(a)) === JSON.stringify(payloadFromForm(b)),
  validate,
  invalidProblem: messages.validationFailed,
  newActions: (user) => teamMemberActions(null, user),
  nameOf: (member) => member.name,
  slugFollows: 'name',
};

function Editor(data: LoadedDocument<AdminTeamMember, undefined>) {
  const document = useDocument<AdminTeamMember, FormValues, undefined>(teamMemberKind, data);
  const { editor: form, saved, user } = document;
  const { values, fieldId } = form;

  const save = () =>
    document.save('submit', {
      toast: (result) => ({ title: saved ? 'Changes saved' : 'Team member added', description: result.name }),
    });

  /** A field's hint, named by its control (`aria-describedby`). */
  const hinted = (name: string, hint: ReactNode) => ({
    describedBy: `${fieldId(name)}-hint`,
    hint: <FieldHint id={`${fieldId(name)}-hint`}>{hint}</FieldHint>,
  });

  /** A one-line field; `onChange`: its own way to change (the name, which the slug follows; the slug). */
  const text = (
    name: 'name' | 'slug' | 'role' | 'stripRole' | 'linkedin' | 'expertise',
    label: string,
    { hint, max, onChange }: { hint?: ReactNode; max?: number; onChange?: (value: string) => void } = {},
  ) => (
    <Field label={label} {...form.field(name)} {...(hint ? hinted(name, hint) : {})}>
      {(control) => (
        <Input
          {...control}
          {...form.text(name)}
          maxLength={max}
          {...(onChange ? { onChange: (event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value) } : {})}
        />
      )}
    </Field>
  );

  return (
    <DocumentEditor<AdminTeamMember>
      document={document}
      leading={saved ? <TeamAvatar member={saved} size={64} className="size-16" /> : null}
      eyebrow={saved ? 'Team member' : 'New team member'}
      title={saved ? saved.name : 'Add a team member'}
      badges={
        saved ? (
          <>
            {saved.hidden ? <Badge variant="outline">Hidden</Badge> : <Badge>Shown</Badge>}
            {!saved.hidden ? (
              <a
                href={`/team/${saved.slug}`}
                target="_blank"
                rel="noopener"
                className={buttonVariants({ variant: 'outline', size: 'sm' })}
              >
                <ExternalLink aria-hidden="true" />
                View page
              </a>
            ) : null}
          </>
        ) : undefined
      }
      onSubmit={() => void save()}
      problemTitle="Not saved"
      sidebar={<TeamMemberSide user={user} saved={saved} editor={form} />}
    >
      <Card className="flex flex-col gap-6 p-6 sm:p-8">
        <h2 className="heading-3">Profile</h2>
        {text('name', 'Name', { max: teamLimits.nameMax, onChange: form.changeTitle })}
        {text('slug', 'Slug', {
          hint: <>Their page is /team/{values.slug || '…'}. After a change, the old address leads to the new one.</>,
          max: teamLimits.slugMax,
          onChange: form.changeSlug,
        })}
        <div className="grid gap-6 md:grid-cols-2">
          {text('role', 'Role', {
            hint: 'On their page, on About and as the credentials of their posts.',
            max: teamLimits.roleMax,
          })}
          {text('stripRole', 'Role in the strip', {
            hint: 'Optional: when the “Talk to the Team” strip says it differently.',
            max: teamLimits.roleMax,
          })}
        </div>
        <Field label="Short bio" {...form.field('bio')}>
          {(control) => <Textarea {...control} {...form.text('bio')} rows={3} maxLength={teamLimits.bioMax} />}
        </Field>
        <Field
          label="Full bio"
          {...form.field('fullBio')}
          {...hinted('fullBio', 'Leave a blank line between paragraphs.')}
        >
          {(control) => <Textarea {...control} {...form.text('fullBio')} rows={10} maxLength={teamLimits.fullBioMax} />}
        </Field>
        {text('expertise', 'Expertise', {
          hint: `Tags separated by commas, up to ${teamLimits.expertiseMax}: “AI Governance” shows as #AIGovernance.`,
        })}
        {text('linkedin', 'LinkedIn', { hint: 'An https:// address.', max: teamLimits.linkedinMax })}
      </Card>
    </DocumentEditor>
  );
}

export const { loader, handle, Component } = documentRoute(teamMemberKind, Editor);

import { ExternalLink } from '@/components/ui/icons';
import type { ReactNode } from 'react';
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

  const text = (name: 'role' | 'stripRole' | 'linkedin' | 'expertise', label: string, hint?: string, max?: number) => (
    <Field label={label} {...form.field(name)} {...(hint ? hinted(name, hint) : {})}>
      {(control) => <Input {...control} {...form.text(name)} maxLength={max} />}
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
        <Field label="Name" {...form.field('name')}>
          {(control) => (
            <Input
              {...control}
              name="name"
              value={values.name}
              maxLength={teamLimits.nameMax}
              onChange={(event) => form.changeTitle(event.target.value)}
            />
          )}
        </Field>
        <Field
          label="Slug"
          {...form.field('slug')}
          {...hinted(
            'slug',
            <>Their page is /team/{values.slug || '…'}. After a change, the old address leads to the new one.</>,
          )}
        >
          {(control) => (
            <Input
              {...control}
              name="slug"
              value={values.slug}
              maxLength={teamLimits.slugMax}
              onChange={(event) => form.changeSlug(event.target.value)}
            />
          )}
        </Field>
        <div className="grid gap-6 md:grid-cols-2">
          {text('role', 'Role', 'On their page, on About and as the credentials of their posts.', teamLimits.roleMax)}
          {text(
            'stripRole',
            'Role in the strip',
            'Optional: when the “Talk to the Team” strip says it differently.',
            teamLimits.roleMax,
          )}
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
        {text(
          'expertise',
          'Expertise',
          `Tags separated by commas, up to ${teamLimits.expertiseMax}: “AI Governance” shows as #AIGovernance.`,
        )}
        {text('linkedin', 'LinkedIn', 'An https:// address.', teamLimits.linkedinMax)}
      </Card>
    </DocumentEditor>
  );
}

export const { loader, handle, Component } = documentRoute(teamMemberKind, Editor);

import { AlertTriangle, ExternalLink } from '@/components/ui/icons';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useLoaderData, type LoaderFunctionArgs } from '@/app/data-router';
import {
  messages,
  site,
  slugify,
  teamLimits,
  teamMemberActions,
  type AdminTeamMember,
  type StaffUser,
} from '@northbeam/common';
import type { RouteHandle } from '@/app/route-handle';
import { BackLink } from '@/components/admin/back-link';
import { DocumentRefusal } from '@/components/admin/document-editor/document-load-error';
import { loadDocument } from '@/components/admin/document-editor/load-document';
import { refusedAsSentence } from '@/components/admin/list-loader';
import { TeamAvatar } from '@/components/marketing/team-avatar';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field, FieldHint } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/toast';
import { useForm } from '@/components/ui/use-form';
import { ApiRequestError, loadJson, requestJson } from '@/lib/api';
import { forgetStaffUser, requireStaffUser, signInAgain } from '@/lib/staff';
import { emptyForm, formFromMember, payloadFromForm, validate, type FormValues } from './team-member-form';
import { TeamMemberSide } from './team-member-side';

interface EditorData {
  user: StaffUser;
  member: AdminTeamMember | null;
  /** The server's refusal (another member's profile for a consultant), shown instead of the editor. */
  refusal?: string;
}

export const handle: RouteHandle<EditorData | undefined> = {
  head: ({ data: loaded }) => ({
    title: loaded?.member ? `Edit: ${loaded.member.name}` : 'New team member',
    description: `${site.name} team member editor.`,
    noindex: true,
  }),
};

export async function loader({ context, request, params }: LoaderFunctionArgs): Promise<EditorData> {
  const user = await requireStaffUser(context, request);
  if (!params.id) {
    return teamMemberActions(null, user).includes('edit')
      ? { user, member: null }
      : { user, member: null, refusal: messages.forbidden };
  }
  const path = `/api/admin/team/${encodeURIComponent(params.id)}`;
  // A profile the caller may not edit is a sentence in place of the editor; an unknown one, the page's 404.
  return loadDocument(async () => {
    const { value: member, refusal } = await refusedAsSentence(loadJson<AdminTeamMember>(context, path), [403]);
    if (refusal) return { user, member: null, refusal };
    if (!member) signInAgain(request);
    return { user, member };
  });
}

export function Component() {
  const { user, member, refusal } = useLoaderData<typeof loader>();
  if (refusal) return <DocumentRefusal refusal={refusal} back={{ to: '/admin/team', label: 'Team' }} />;
  return <Editor key={member?.id ?? 'new'} user={user} loaded={member} />;
}

function Editor({ user, loaded }: { user: StaffUser; loaded: AdminTeamMember | null }) {
  const navigate = useNavigate();
  const [saved, setSaved] = useState(loaded);
  const form = useForm<FormValues>({ initial: () => (loaded ? formFromMember(loaded) : emptyForm) });
  const { bindForm } = form;
  const { values, errors, problem, update, fieldId } = form;
  const busy = form.busy !== null;
  const [slugTouched, setSlugTouched] = useState(Boolean(loaded));

  const save = async () => {
    if (form.showErrors(validate(values))) {
      form.setProblem(messages.validationFailed);
      return;
    }
    await form.run(
      'submit',
      async () => {
        const body = payloadFromForm(values);
        const result = saved
          ? await requestJson<AdminTeamMember>('PUT', `/api/admin/team/${saved.id}`, body)
          : await requestJson<AdminTeamMember>('POST', '/api/admin/team', body);
        toast({ title: saved ? 'Changes saved' : 'Team member added', description: result.name });
        form.reset(formFromMember(result));
        if (!saved) {
          void navigate(`/admin/team/${result.id}`, { replace: true });
          return 'leaving';
        }
        setSaved(result);
      },
      (error) => {
        if (error instanceof ApiRequestError && error.status === 401) forgetStaffUser();
        form.fail(error);
      },
    );
  };

  const text = (name: 'role' | 'stripRole' | 'linkedin' | 'expertise', label: string, hint?: string, max?: number) => (
    <Field
      label={label}
      {...form.field(name)}
      describedBy={hint ? `${fieldId(name)}-hint` : undefined}
      hint={hint ? <FieldHint id={`${fieldId(name)}-hint`}>{hint}</FieldHint> : undefined}
    >
      {(control) => <Input {...control} {...form.text(name)} maxLength={max} />}
    </Field>
  );

  return (
    <section className="container-page py-10 sm:py-14">
      <BackLink to="/admin/team">Team</BackLink>
      <div className="mt-4 mb-8 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex min-w-0 items-center gap-4">
          {saved ? <TeamAvatar member={saved} size={64} className="size-16" /> : null}
          <div className="min-w-0">
            <p className="eyebrow">{saved ? 'Team member' : 'New team member'}</p>
            <h1 className="heading-1 mt-2 break-words">{saved ? saved.name : 'Add a team member'}</h1>
          </div>
        </div>
        {saved ? (
          <div className="flex flex-wrap items-center gap-2">
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
          </div>
        ) : null}
      </div>

      <form
        ref={bindForm}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
        className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]"
      >
        <div className="flex min-w-0 flex-col gap-6">
          {problem ? (
            <Alert variant="destructive" data-testid="save-error">
              <AlertTriangle className="size-4" aria-hidden="true" />
              <div>
                <AlertTitle>Not saved</AlertTitle>
                <AlertDescription>{problem}</AlertDescription>
              </div>
            </Alert>
          ) : null}
          <Card className="flex flex-col gap-6 p-6 sm:p-8">
            <h2 className="heading-3">Profile</h2>
            <Field label="Name" {...form.field('name')}>
              {(control) => (
                <Input
                  {...control}
                  name="name"
                  value={values.name}
                  maxLength={teamLimits.nameMax}
                  onChange={(event) =>
                    update(
                      slugTouched
                        ? { name: event.target.value }
                        : { name: event.target.value, slug: slugify(event.target.value) },
                    )
                  }
                />
              )}
            </Field>
            <Field
              label="Slug"
              {...form.field('slug')}
              describedBy={`${fieldId('slug')}-hint`}
              hint={
                <FieldHint id={`${fieldId('slug')}-hint`}>
                  Their page is /team/{values.slug || '…'}. After a change, the old address leads to the new one.
                </FieldHint>
              }
            >
              {(control) => (
                <Input
                  {...control}
                  name="slug"
                  value={values.slug}
                  maxLength={teamLimits.slugMax}
                  onChange={(event) => {
                    setSlugTouched(true);
                    update({ slug: event.target.value });
                  }}
                />
              )}
            </Field>
            <div className="grid gap-6 md:grid-cols-2">
              {text(
                'role',
                'Role',
                'On their page, on About and as the credentials of their posts.',
                teamLimits.roleMax,
              )}
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
              describedBy={`${fieldId('fullBio')}-hint`}
              hint={<FieldHint id={`${fieldId('fullBio')}-hint`}>Leave a blank line between paragraphs.</FieldHint>}
            >
              {(control) => (
                <Textarea {...control} {...form.text('fullBio')} rows={10} maxLength={teamLimits.fullBioMax} />
              )}
            </Field>
            {text(
              'expertise',
              'Expertise',
              `Tags separated by commas, up to ${teamLimits.expertiseMax}: “AI Governance” shows as #AIGovernance.`,
            )}
            {text('linkedin', 'LinkedIn', 'An https:// address.', teamLimits.linkedinMax)}
          </Card>
        </div>

        <TeamMemberSide
          user={user}
          saved={saved}
          values={values}
          errors={errors}
          busy={busy}
          fieldId={fieldId}
          update={update}
        />
      </form>
    </section>
  );
}

import { UserPlus } from '@/components/ui/icons';
import { useNavigate, useParams } from 'react-router-dom';
import { useLoaderData, type LoaderFunctionArgs } from '@/app/data-router';
import {
  messages,
  roleLabels,
  site,
  staffLimits,
  staffMessages,
  type AcceptedInvitation,
  type InvitationDetails,
} from '@northbeam/common';
import type { RouteHandle } from '@/app/route-handle';
import {
  SetPasswordPage,
  loadEmailedLink,
  type SetPasswordErrors,
  type SetPasswordValues,
} from '@/components/admin/set-password-page';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { requestJson } from '@/lib/api';
import { forgetStaffUser } from '@/lib/staff';

export const handle: RouteHandle = {
  head: () => ({ title: 'Accept your invitation', description: `Join the ${site.name} admin.`, noindex: true }),
};

export async function loader({ context, params }: LoaderFunctionArgs) {
  return loadEmailedLink<InvitationDetails>(
    context,
    `/api/staff-invitations/${encodeURIComponent(params.token ?? '')}`,
    staffMessages.invitationInvalid,
  );
}

function checkName(values: SetPasswordValues): SetPasswordErrors {
  const name = values.name.trim();
  if (!name) return { name: messages.nameRequired };
  if (name.length > staffLimits.nameMax) return { name: staffMessages.nameTooLong };
  return {};
}

export function Component() {
  const invitation = useLoaderData<typeof loader>();
  const { token = '' } = useParams();
  const navigate = useNavigate();

  return (
    <SetPasswordPage
      problem={invitation.problem}
      refused={{
        title: 'This invitation no longer works',
        testId: 'invitation-problem',
        next: (
          <p className="mt-6 text-sm leading-relaxed text-ink-muted">
            Ask the person who invited you to send a new invitation.
          </p>
        ),
      }}
      icon={UserPlus}
      eyebrow="Invitation"
      title={`Join ${site.name}`}
      description={
        invitation.problem === undefined ? (
          <>
            You have been invited as <strong className="font-semibold text-ink">{roleLabels[invitation.role]}</strong>{' '}
            with <strong className="font-semibold wrap-anywhere text-ink">{invitation.email}</strong>. Choose your name
            and a password.
          </>
        ) : null
      }
      email={invitation.problem === undefined ? invitation.email : ''}
      fields={(form) => (
        <Field label="Name" {...form.field('name')}>
          {(control) => (
            <Input {...control} {...form.text('name')} autoComplete="name" maxLength={staffLimits.nameMax} />
          )}
        </Field>
      )}
      check={checkName}
      submit={async ({ name, password }) => {
        await requestJson<AcceptedInvitation>('POST', `/api/staff-invitations/${encodeURIComponent(token)}`, {
          name: name.trim(),
          password,
        });
        // Accepting signs the person in: on into the admin (its dashboard, or two-factor enrolment first).
        forgetStaffUser();
        await navigate('/admin', { replace: true });
        return undefined;
      }}
      failed="Your account was not created"
      submitLabel="Create my account"
      busyLabel="Creating your account..."
    />
  );
}

import { useId, useState } from 'react';
import {
  messages,
  roleLabels,
  staffLimits,
  staffRoles,
  type StaffMember,
  type StaffRole,
  type TeamMember,
  looksLikeEmailAddress,
} from '@northbeam/common';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import { StaffNameField, staffNameFrom } from '@/components/admin/staff-name-field';
import { Field, FieldHint } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select, type SelectProps } from '@/components/ui/select';
import { toast } from '@/components/ui/toast';
import { useForm } from '@/components/ui/use-form';
import { apiRequest, errorSentence, requestJson } from '@/lib/api';

/** What a row's menu asked to do to a member, while its dialog is open. */
export type PendingAction =
  | { kind: 'role'; member: StaffMember }
  | { kind: 'disable'; member: StaffMember }
  | { kind: 'sign-out'; member: StaffMember }
  | { kind: 'remove'; member: StaffMember }
  | { kind: 'withdraw'; member: StaffMember }
  | { kind: 'rename'; member: StaffMember }
  | { kind: 'link'; member: StaffMember };

/** The role select; inside a field, the field gives it its id and aria; the form binds its value. */
function RoleSelect(props: SelectProps) {
  return (
    <Select {...props}>
      {staffRoles.map((role) => (
        <option key={role} value={role}>
          {roleLabels[role]}
        </option>
      ))}
    </Select>
  );
}

export function InviteDialog({
  open,
  onClose,
  onInvited,
}: {
  open: boolean;
  onClose: () => void;
  onInvited: () => void;
}) {
  const blank = { email: '', role: 'consultant' as StaffRole };
  const form = useForm<typeof blank>({ initial: blank });
  const busy = form.busy !== null;
  const roleHint = useId();

  const close = () => {
    if (busy) return;
    form.reset(blank);
    onClose();
  };

  const onSubmit = async () => {
    const email = form.values.email.trim();
    const { role } = form.values;
    form.setProblem(undefined);
    if (form.showErrors(looksLikeEmailAddress(email) ? {} : { email: messages.emailInvalid })) return;
    await form.run(
      'submit',
      async () => {
        const answer = await requestJson<{ message: string }>('POST', '/api/admin/staff/invitations', { email, role });
        toast({ title: answer.message });
        form.reset(blank);
        onClose();
        onInvited();
      },
      (error) => form.setProblem(errorSentence(error)),
    );
  };

  return (
    <ConfirmDialog
      open={open}
      busy={busy}
      onClose={close}
      title="Invite a staff member"
      description={
        <>
          We will e-mail them a link to choose their name and password. The link works once, for{' '}
          {staffLimits.invitationHours} hours.
        </>
      }
      confirmLabel="Send invitation"
      busyLabel="Sending..."
      destructive={false}
      onConfirm={() => void onSubmit()}
      problem={{ text: form.problem, testId: 'invite-error' }}
    >
      <Field label="Email" {...form.field('email')}>
        {(control) => (
          <Input
            {...control}
            {...form.text('email')}
            type="email"
            autoComplete="off"
            maxLength={staffLimits.emailMax}
          />
        )}
      </Field>
      <Field
        label="Role"
        {...form.field('role')}
        describedBy={roleHint}
        hint={
          <FieldHint id={roleHint}>
            Admins manage content and privacy; consultants write drafts. Only super admins manage staff.
          </FieldHint>
        }
      >
        {(control) => <RoleSelect {...control} {...form.text('role')} />}
      </Field>
    </ConfirmDialog>
  );
}

const confirmations = {
  disable: {
    title: 'Disable this account?',
    body: (name: string) => `${name} will be signed out at once and cannot sign in until the account is enabled again.`,
    button: 'Disable account',
    busy: 'Disabling...',
    done: (name: string) => `${name} is disabled`,
  },
  'sign-out': {
    title: 'Sign out everywhere?',
    body: (name: string) => `Every browser where ${name} is signed in will be signed out. They can sign in again.`,
    button: 'Sign out everywhere',
    busy: 'Signing out...',
    done: (name: string) => `${name} is signed out everywhere`,
  },
  remove: {
    title: 'Remove this staff member?',
    body: (name: string) =>
      `${name} loses access for good and is signed out. Their posts and the activity log keep their name. This cannot be undone.`,
    button: 'Remove',
    busy: 'Removing...',
    done: (name: string) => `${name} was removed`,
  },
  withdraw: {
    title: 'Withdraw this invitation?',
    body: (email: string) => `The link sent to ${email} stops working. You can invite them again later.`,
    button: 'Withdraw invitation',
    busy: 'Withdrawing...',
    done: (email: string) => `Invitation to ${email} withdrawn`,
  },
} as const;

export function ActionDialog({
  team,
  pending,
  onClose,
  onDone,
}: {
  team: TeamMember[];
  pending?: PendingAction;
  onClose: () => void;
  onDone: () => void;
}) {
  const member = pending?.member;
  const name = member?.name || member?.email || '';
  const valuesOf = (of?: StaffMember): { role: StaffRole; name: string; teamMemberId: string } => ({
    role: of?.role ?? 'consultant',
    name: of?.name ?? '',
    teamMemberId: of?.teamMemberId ?? '',
  });
  const form = useForm<ReturnType<typeof valuesOf>>({ initial: () => valuesOf(member) });
  const busy = form.busy !== null;
  // Another row's action: the form starts again from that member's values.
  const [shownFor, setShownFor] = useState(pending);
  if (shownFor !== pending) {
    setShownFor(pending);
    form.reset(valuesOf(member));
  }

  const close = () => {
    if (busy) return;
    form.reset(valuesOf(member));
    onClose();
  };

  const run = async (call: () => Promise<unknown>, done: string) => {
    form.setProblem(undefined);
    // A refusal shows the server's sentence, such as the protection of the last active super admin.
    await form.run(
      'submit',
      async () => {
        await call();
        toast({ title: done });
        onClose();
        onDone();
      },
      (failure) => form.setProblem(errorSentence(failure)),
    );
  };

  const onConfirm = () => {
    if (!pending || !member) return;
    const url = `/api/admin/staff/${member.id}`;
    switch (pending.kind) {
      case 'role': {
        const { role } = form.values;
        void run(() => apiRequest('PATCH', url, { role }), `${name} is now ${roleLabels[role]}`);
        return;
      }
      case 'disable':
        void run(() => apiRequest('PATCH', url, { disabled: true }), confirmations.disable.done(name));
        return;
      case 'rename': {
        const read = staffNameFrom(form.values.name);
        form.showErrors({ name: read.error });
        if (read.error === undefined)
          void run(() => apiRequest('PATCH', url, { name: read.name }), `${name} is now ${read.name}`);
        return;
      }
      case 'link': {
        const teamMemberId = form.values.teamMemberId || null;
        const chosen = team.find((candidate) => candidate.id === teamMemberId);
        void run(
          () => apiRequest('PATCH', url, { teamMemberId }),
          chosen ? `${name} now writes as ${chosen.name}` : `${name} is no longer linked to a team member`,
        );
        return;
      }
      case 'sign-out':
        void run(() => apiRequest('POST', `${url}/sign-out-everywhere`), confirmations['sign-out'].done(name));
        return;
      // One route removes an account or withdraws an invitation.
      case 'remove':
      case 'withdraw':
        void run(() => apiRequest('DELETE', url), confirmations[pending.kind].done(name));
        return;
    }
  };

  const kind = pending?.kind;
  const confirmation =
    kind && kind !== 'role' && kind !== 'rename' && kind !== 'link' ? confirmations[kind] : undefined;
  const texts =
    kind === 'rename'
      ? {
          title: `Rename ${name}`,
          description: 'The new name shows in the admin, the activity log and on their posts from now on.',
          button: 'Save name',
        }
      : kind === 'link'
        ? {
            title: `Team member of ${name}`,
            description:
              'They write as this team member: it is the author of their new posts, and they may edit its profile.',
            button: 'Save',
          }
        : {
            title: `Change the role of ${name}`,
            description: 'The new role applies to their next request; their sessions stay signed in.',
            button: 'Change role',
          };
  return (
    <ConfirmDialog
      open={pending !== undefined}
      busy={busy}
      onClose={close}
      title={confirmation ? confirmation.title : texts.title}
      description={confirmation ? confirmation.body(name) : texts.description}
      confirmLabel={confirmation?.button ?? texts.button}
      busyLabel={confirmation?.busy ?? 'Saving...'}
      destructive={pending?.kind === 'disable' || pending?.kind === 'remove' || pending?.kind === 'withdraw'}
      onConfirm={onConfirm}
      problem={{ text: form.problem, testId: 'staff-action-error' }}
    >
      {pending?.kind === 'role' && member ? (
        <Field label="Role" {...form.field('role')}>
          {(control) => <RoleSelect {...control} {...form.text('role')} />}
        </Field>
      ) : null}
      {pending?.kind === 'rename' && member ? <StaffNameField form={form} autoComplete="off" /> : null}
      {pending?.kind === 'link' && member ? (
        <Field label="Team member" {...form.field('teamMemberId')}>
          {(control) => (
            <Select {...control} {...form.text('teamMemberId')}>
              <option value="">No team member</option>
              {team.map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {candidate.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
      ) : null}
    </ConfirmDialog>
  );
}

import { Ban, CheckCircle2, KeyRound, LogOut, Send, ShieldCheck, Trash2, UserCog, UserPlus, Users } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from '@/app/data-router';
import {
  formatDate,
  messages,
  roleLabels,
  site,
  staffLimits,
  staffRoles,
  staffStatuses,
  type StaffMember,
  type StaffMemberAction,
  type StaffRole,
  type StaffStatus,
  type StaffUser,
  looksLikeEmailAddress,
} from '@northbeam/common';
import type { RouteHandle } from '@/app/route-handle';
import { AdminPageHeader } from '@/components/admin/admin-page-header';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import { ListFilterBar, ListFilterSelect } from '@/components/admin/list-filters';
import { loadListPage } from '@/components/admin/list-loader';
import { ListScreenRefusal } from '@/components/admin/list-screen';
import { RowActions, type RowAction } from '@/components/admin/row-actions';
import { ListPager } from '@/components/blog/pager';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field, FieldHint } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select, type SelectProps } from '@/components/ui/select';
import { toast } from '@/components/ui/toast';
import { useListScreenFilters } from '@/hooks/use-list-filters';
import { apiRequest, errorSentence, requestJson } from '@/lib/api';
import { cn } from '@/lib/cn';
import { formText } from '@/lib/form-text';
import { requireStaffUser } from '@/lib/staff';

export const handle: RouteHandle = {
  head: () => ({ title: 'Staff', description: `${site.name} staff accounts.`, noindex: true }),
};

const filterNames = ['q', 'role', 'status'] as const;

/** A consultant is refused the list as a whole (403): the server's sentence stands instead. */
export async function loader({ context, request }: LoaderFunctionArgs) {
  const user: StaffUser = await requireStaffUser(context, request);
  const load = await loadListPage<StaffMember>(context, request, {
    path: '/api/admin/staff',
    filters: { names: filterNames },
    refusals: [],
    screenRefusal: true,
  });
  return { user, list: load.list, refusal: load.problem };
}

const statusLabels: Record<StaffStatus, string> = { active: 'Active', disabled: 'Disabled', invited: 'Invited' };

function statusOf(member: StaffMember): StaffStatus {
  if (member.invitation) return 'invited';
  return member.disabled ? 'disabled' : 'active';
}

function StatusBadge({ member }: { member: StaffMember }) {
  const status = statusOf(member);
  return (
    <Badge variant={status === 'active' ? 'secondary' : status === 'disabled' ? 'destructive' : 'outline'}>
      {status === 'active' ? <span aria-hidden="true" className="size-1.5 rounded-full bg-success" /> : null}
      {statusLabels[status]}
    </Badge>
  );
}

type PendingAction =
  | { kind: 'role'; member: StaffMember }
  | { kind: 'disable'; member: StaffMember }
  | { kind: 'sign-out'; member: StaffMember }
  | { kind: 'remove'; member: StaffMember }
  | { kind: 'withdraw'; member: StaffMember };

export function Component() {
  const { user, list, refusal } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const filters = useListScreenFilters(filterNames);
  const { filtered, clear } = filters;
  const [inviting, setInviting] = useState(false);
  const [pending, setPending] = useState<PendingAction>();
  const manage = user.permissions.staff === 'all';

  if (!list) return <ListScreenRefusal title="Staff" problem={refusal} />;

  /** Actions that need no confirmation: the result is a toast. */
  const runNow = async (member: StaffMember, call: () => Promise<unknown>, done: string) => {
    try {
      await call();
      toast({ title: done });
      await revalidator.revalidate();
    } catch (error) {
      toast({
        title: `${member.name || member.email}: not done`,
        description: errorSentence(error),
        variant: 'destructive',
      });
    }
  };

  /** The row's menu: the actions the server says this row allows (`staffMemberActions`), in its order. */
  const actionsFor = (member: StaffMember): RowAction[] => {
    const entries: Record<StaffMemberAction, RowAction> = {
      change_role: { label: 'Change role', icon: UserCog, onSelect: () => setPending({ kind: 'role', member }) },
      send_password_reset: {
        label: 'Send password reset link',
        icon: KeyRound,
        onSelect: () =>
          void runNow(
            member,
            () => apiRequest('POST', `/api/admin/staff/${member.id}/password-reset`),
            `Password reset link sent to ${member.email}`,
          ),
      },
      sign_out_everywhere: {
        label: 'Sign out everywhere',
        icon: LogOut,
        onSelect: () => setPending({ kind: 'sign-out', member }),
      },
      enable: {
        label: 'Enable account',
        icon: CheckCircle2,
        onSelect: () =>
          void runNow(
            member,
            () => apiRequest('PATCH', `/api/admin/staff/${member.id}`, { disabled: false }),
            `${member.name} can sign in again`,
          ),
      },
      disable: {
        label: 'Disable account',
        icon: Ban,
        onSelect: () => setPending({ kind: 'disable', member }),
        danger: true,
      },
      remove: { label: 'Remove', icon: Trash2, onSelect: () => setPending({ kind: 'remove', member }), danger: true },
      resend_invitation: {
        label: 'Send invitation again',
        icon: Send,
        onSelect: () =>
          void runNow(
            member,
            () => requestJson('POST', '/api/admin/staff/invitations', { email: member.email, role: member.role }),
            `Invitation sent to ${member.email}.`,
          ),
      },
      withdraw_invitation: {
        label: 'Withdraw invitation',
        icon: Trash2,
        onSelect: () => setPending({ kind: 'withdraw', member }),
        danger: true,
      },
    };
    return member.actions.map((action) => entries[action]);
  };

  return (
    <section className="container-page pt-10 pb-16 sm:pt-14">
      <AdminPageHeader
        title="Staff"
        description={
          manage
            ? 'Invite colleagues, set what they may do and end their access when they leave.'
            : 'Who can sign in to the admin. Only a super admin can change staff accounts.'
        }
        actions={
          manage ? (
            <Button onClick={() => setInviting(true)}>
              <UserPlus aria-hidden="true" />
              Invite staff member
            </Button>
          ) : null
        }
      />

      <ListFilterBar
        filters={filters}
        label={null}
        search={{
          label: 'Search staff',
          placeholder: 'Search by name or email...',
          className: 'w-full md:max-w-sm md:flex-1',
        }}
        clearable={false}
        className="mt-8 flex flex-col gap-3 md:flex-row md:items-end"
      >
        <div className="grid grid-cols-2 gap-3 md:flex md:w-auto">
          <ListFilterSelect
            name="role"
            label="Role"
            any="All roles"
            selectClassName="md:w-44"
            options={staffRoles.map((role) => [role, roleLabels[role]])}
          />
          <ListFilterSelect
            name="status"
            label="Status"
            any="All statuses"
            selectClassName="md:w-40"
            options={staffStatuses.map((status) => [status, statusLabels[status]])}
          />
        </div>
      </ListFilterBar>

      <Card className="mt-6">
        {list.items.length === 0 ? (
          <div className="flex flex-col items-center gap-3 px-6 py-16 text-center" data-testid="staff-empty">
            <Users className="size-10 text-ink-muted" aria-hidden="true" />
            <h2 className="heading-3">{filtered ? 'No one matches these filters' : 'No staff yet'}</h2>
            {filtered ? (
              <Button variant="outline" size="sm" onClick={clear}>
                Clear filters
              </Button>
            ) : null}
          </div>
        ) : (
          <>
            <div
              aria-hidden="true"
              className="hidden grid-cols-[minmax(0,2.2fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1.2fr)_2.5rem] gap-4 border-b border-line px-5 py-3 text-xs font-semibold tracking-wide text-ink-muted uppercase md:grid"
            >
              <span>Name</span>
              <span>Role</span>
              <span>Status</span>
              <span>Last sign-in</span>
              <span />
            </div>
            <ul data-testid="staff-list">
              {list.items.map((member) => (
                <li
                  key={member.id}
                  data-testid="staff-row"
                  className="grid grid-cols-[minmax(0,1fr)_2.5rem] items-center gap-x-4 gap-y-2 border-b border-line px-5 py-4 last:border-0 md:grid-cols-[minmax(0,2.2fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1.2fr)_2.5rem]"
                >
                  <div className="flex min-w-0 items-center gap-3 md:col-start-1 md:row-start-1">
                    <span
                      aria-hidden="true"
                      className={cn(
                        'inline-flex size-10 shrink-0 items-center justify-center rounded-full font-display text-sm font-semibold',
                        member.invitation ? 'border border-dashed border-line text-ink-muted' : 'bg-mist text-ink',
                      )}
                    >
                      {(member.name || member.email).slice(0, 1).toUpperCase()}
                    </span>
                    <div className="min-w-0">
                      <p className="truncate font-semibold text-ink">
                        {member.name || <span className="font-normal text-ink-muted italic">Invitation pending</span>}
                        {member.id === user.id ? (
                          <span className="ml-2 text-xs font-medium text-ink-muted">(you)</span>
                        ) : null}
                      </p>
                      <p className="truncate text-sm text-ink-muted">{member.email}</p>
                    </div>
                  </div>
                  <div className="col-start-2 row-start-1 justify-self-end md:col-start-5">
                    <RowActions label={`Actions for ${member.name || member.email}`} actions={actionsFor(member)} />
                  </div>
                  <div className="col-span-2 flex flex-wrap items-center gap-2 pl-13 md:contents md:pl-0">
                    <span className="text-sm text-ink md:col-start-2 md:row-start-1">{roleLabels[member.role]}</span>
                    <span className="flex flex-wrap items-center gap-1.5 md:col-start-3 md:row-start-1">
                      <StatusBadge member={member} />
                      {member.twoFactorEnabled ? (
                        <Badge variant="outline" title="Two-factor sign-in is on">
                          <ShieldCheck className="size-3" aria-hidden="true" />
                          2FA
                        </Badge>
                      ) : null}
                    </span>
                    <span className="text-sm text-ink-muted md:col-start-4 md:row-start-1">
                      {member.invitation ? (
                        <>Invitation expires {formatDate(member.invitation.expiresAt, 'd MMM yyyy')}</>
                      ) : member.lastSignInAt ? (
                        <>
                          <span className="md:hidden">Last sign-in </span>
                          {formatDate(member.lastSignInAt, 'd MMM yyyy, HH:mm')}
                        </>
                      ) : (
                        'Never signed in'
                      )}
                    </span>
                  </div>
                </li>
              ))}
            </ul>
          </>
        )}
      </Card>

      <ListPager list={list} noun="staff members" />

      {manage ? (
        <InviteDialog
          open={inviting}
          onClose={() => setInviting(false)}
          onInvited={() => void revalidator.revalidate()}
        />
      ) : null}
      <ActionDialog
        pending={pending}
        onClose={() => setPending(undefined)}
        onDone={() => void revalidator.revalidate()}
      />
    </section>
  );
}

/** The role select; inside a field, the field gives it its id and aria. */
function RoleSelect({ defaultValue, ...props }: SelectProps & { name: string; defaultValue: StaffRole }) {
  return (
    <Select {...props} defaultValue={defaultValue}>
      {staffRoles.map((role) => (
        <option key={role} value={role}>
          {roleLabels[role]}
        </option>
      ))}
    </Select>
  );
}

function InviteDialog({ open, onClose, onInvited }: { open: boolean; onClose: () => void; onInvited: () => void }) {
  const [busy, setBusy] = useState(false);
  const [emailError, setEmailError] = useState<string>();
  const [serverError, setServerError] = useState<string>();
  const ids = { email: useId(), role: useId(), roleHint: useId() };

  const close = () => {
    if (busy) return;
    setEmailError(undefined);
    setServerError(undefined);
    onClose();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = formText(form, 'email').trim();
    const role = formText(form, 'role') as StaffRole;
    setServerError(undefined);
    if (!looksLikeEmailAddress(email)) {
      setEmailError(messages.emailInvalid);
      return;
    }
    setEmailError(undefined);
    setBusy(true);
    try {
      const answer = await requestJson<{ message: string }>('POST', '/api/admin/staff/invitations', { email, role });
      toast({ title: answer.message });
      setBusy(false);
      onClose();
      onInvited();
    } catch (error) {
      setServerError(errorSentence(error));
      setBusy(false);
    }
  };

  return (
    <AlertDialog open={open} onOpenChange={(next) => (next ? undefined : close())}>
      <AlertDialogContent>
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-5">
          <AlertDialogHeader>
            <AlertDialogTitle>Invite a staff member</AlertDialogTitle>
            <AlertDialogDescription>
              We will e-mail them a link to choose their name and password. The link works once, for{' '}
              {staffLimits.invitationHours} hours.
            </AlertDialogDescription>
          </AlertDialogHeader>
          {serverError ? (
            <Alert variant="destructive" data-testid="invite-error">
              <AlertDescription>{serverError}</AlertDescription>
            </Alert>
          ) : null}
          <Field label="Email" htmlFor={ids.email} error={emailError}>
            {(control) => (
              <Input {...control} type="email" name="email" autoComplete="off" maxLength={staffLimits.emailMax} />
            )}
          </Field>
          <Field
            label="Role"
            htmlFor={ids.role}
            describedBy={ids.roleHint}
            hint={
              <FieldHint id={ids.roleHint}>
                Admins manage content and privacy; consultants write drafts. Only super admins manage staff.
              </FieldHint>
            }
          >
            {(control) => <RoleSelect {...control} name="role" defaultValue="consultant" />}
          </Field>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={busy}>Cancel</AlertDialogCancel>
            <Button type="submit" disabled={busy}>
              {busy ? 'Sending...' : 'Send invitation'}
            </Button>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
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

function ActionDialog({
  pending,
  onClose,
  onDone,
}: {
  pending?: PendingAction;
  onClose: () => void;
  onDone: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const roleId = useId();
  const member = pending?.member;
  const name = member?.name || member?.email || '';

  const close = () => {
    if (busy) return;
    setError(undefined);
    onClose();
  };

  const run = async (call: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setError(undefined);
    try {
      await call();
      toast({ title: done });
      setBusy(false);
      onClose();
      onDone();
    } catch (failure) {
      // The server's sentence, such as the protection of the last active super admin.
      setError(errorSentence(failure));
      setBusy(false);
    }
  };

  const onConfirm = (form?: HTMLFormElement) => {
    if (!pending || !member || !form) return;
    const url = `/api/admin/staff/${member.id}`;
    switch (pending.kind) {
      case 'role': {
        const role = formText(new FormData(form), 'role') as StaffRole;
        void run(() => apiRequest('PATCH', url, { role }), `${name} is now ${roleLabels[role]}`);
        return;
      }
      case 'disable':
        void run(() => apiRequest('PATCH', url, { disabled: true }), confirmations.disable.done(name));
        return;
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

  const confirmation = pending && pending.kind !== 'role' ? confirmations[pending.kind] : undefined;
  return (
    <ConfirmDialog
      open={pending !== undefined}
      busy={busy}
      onClose={close}
      title={confirmation ? confirmation.title : `Change the role of ${name}`}
      description={
        confirmation
          ? confirmation.body(name)
          : 'The new role applies to their next request; their sessions stay signed in.'
      }
      confirmLabel={confirmation?.button ?? 'Change role'}
      busyLabel={confirmation?.busy ?? 'Saving...'}
      destructive={pending?.kind === 'disable' || pending?.kind === 'remove' || pending?.kind === 'withdraw'}
      onConfirm={onConfirm}
      problem={{ text: error, testId: 'staff-action-error' }}
    >
      {pending?.kind === 'role' && member ? (
        <Field label="Role" htmlFor={roleId}>
          {(control) => <RoleSelect {...control} name="role" defaultValue={member.role} />}
        </Field>
      ) : null}
    </ConfirmDialog>
  );
}

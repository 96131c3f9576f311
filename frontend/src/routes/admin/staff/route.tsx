import {
  Ban,
  CheckCircle2,
  IdCard,
  KeyRound,
  LogOut,
  PenLine,
  Send,
  ShieldCheck,
  Trash2,
  UserCog,
  UserPlus,
  Users,
} from '@/components/ui/icons';
import { useState } from 'react';
import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from '@/app/data-router';
import {
  formatDate,
  roleLabels,
  site,
  staffRoles,
  staffStatuses,
  type StaffMember,
  type StaffMemberAction,
  type StaffStatus,
  type StaffUser,
  type TeamMember,
} from '@northbeam/common';
import type { RouteHandle } from '@/app/route-handle';
import { AdminPageHeader } from '@/components/admin/admin-page-header';
import { ListFilterBar, ListFilterSelect } from '@/components/admin/list-filters';
import { loadListPage } from '@/components/admin/list-loader';
import { ListScreenRefusal } from '@/components/admin/list-screen';
import { RowActions, type RowAction } from '@/components/admin/row-actions';
import { ListPager } from '@/components/blog/pager';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { toast } from '@/components/ui/toast';
import { useListScreenFilters } from '@/hooks/use-list-filters';
import { apiRequest, errorSentence, loadJson, requestJson } from '@/lib/api';
import { cn } from '@/lib/cn';
import { requireStaffUser } from '@/lib/staff';
import { ActionDialog, InviteDialog, type PendingAction } from './staff-dialogs';

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
  // Who an account may be linked to (the team member it writes as): for whoever may change accounts.
  const team =
    load.list && user.permissions.staff === 'all'
      ? ((await loadJson<TeamMember[]>(context, '/api/admin/team/authors').catch(() => null)) ?? [])
      : [];
  return { user, list: load.list, refusal: load.problem, team };
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

export function Component() {
  const { user, list, refusal, team } = useLoaderData<typeof loader>();
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
      rename: { label: 'Rename', icon: PenLine, onSelect: () => setPending({ kind: 'rename', member }) },
      link_team_member: {
        label: 'Team member',
        icon: IdCard,
        onSelect: () => setPending({ kind: 'link', member }),
      },
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
                      {member.teamMemberId ? (
                        <p className="truncate text-xs text-ink-muted" data-testid="staff-team-member">
                          Writes as{' '}
                          {team.find((candidate) => candidate.id === member.teamMemberId)?.name ?? 'a team member'}
                        </p>
                      ) : null}
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
        team={team}
        pending={pending}
        onClose={() => setPending(undefined)}
        onDone={() => void revalidator.revalidate()}
      />
    </section>
  );
}

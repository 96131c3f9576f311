import { ArrowDown, ArrowUp, ExternalLink, Pencil, Plus, Trash2 } from '@/components/ui/icons';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Link } from '@/components/ui/link';
import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from '@/app/data-router';
import {
  site,
  teamMemberActions,
  type AdminTeamMember,
  type StaffUser,
  type TeamMember,
  type TeamMemberAction,
} from '@northbeam/common';
import type { RouteHandle } from '@/app/route-handle';
import { AdminPageHeader } from '@/components/admin/admin-page-header';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import { loadListPage } from '@/components/admin/list-loader';
import { ListEmptyCard, ListScreen, ListScreenRefusal } from '@/components/admin/list-screen';
import { RowActions, type RowAction } from '@/components/admin/row-actions';
import { TeamAvatar } from '@/components/marketing/team-avatar';
import { Badge } from '@/components/ui/badge';
import { buttonVariants } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { apiRequest, errorSentence, loadJson } from '@/lib/api';
import { requireStaffUser } from '@/lib/staff';
import { cardSurface } from '@/components/ui/card';

export const handle: RouteHandle = {
  head: () => ({ title: 'Team', description: `${site.name} team members.`, noindex: true }),
};

/**
 * The team (docs/product.md#team): a page of members in their order. Each row offers what the server
 * says it allows (`actions`); where a row may be moved, the whole order is read too, to move it up or
 * down. A consultant sees only the member linked to them, and may only edit it.
 */
export async function loader({ context, request }: LoaderFunctionArgs) {
  const user: StaffUser = await requireStaffUser(context, request);
  const load = await loadListPage<AdminTeamMember>(context, request, {
    path: '/api/admin/team',
    filters: { names: [] },
    screenRefusal: true,
  });
  const order = load.list?.items.some((member) => member.actions.includes('reorder'))
    ? ((await loadJson<TeamMember[]>(context, '/api/admin/team/authors').catch(() => null)) ?? []).map(
        (member) => member.id,
      )
    : [];
  return { user, order, ...load };
}

export function Component() {
  const { user, list, problem, order } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const [removing, setRemoving] = useState<AdminTeamMember>();
  const [busy, setBusy] = useState(false);
  // Adding a member is the one action without a row: `teamMemberActions` of a new member.
  const manage = teamMemberActions(null, user).includes('edit');

  if (!list) return <ListScreenRefusal title="Team" problem={problem} />;

  const move = async (member: AdminTeamMember, step: -1 | 1) => {
    const from = order.indexOf(member.id);
    const to = from + step;
    if (from < 0 || to < 0 || to >= order.length) return;
    const next = [...order];
    [next[from], next[to]] = [next[to], next[from]];
    setBusy(true);
    try {
      await apiRequest('PUT', '/api/admin/team/order', { ids: next });
      toast({ title: step < 0 ? 'Moved up' : 'Moved down', description: member.name });
      await revalidator.revalidate();
    } catch (error) {
      toast({ title: `${member.name}: not moved`, description: errorSentence(error), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  const remove = async (member: AdminTeamMember) => {
    setBusy(true);
    try {
      await apiRequest('DELETE', `/api/admin/team/${member.id}`);
      toast({ title: 'Team member removed', description: member.name });
      await revalidator.revalidate();
    } catch (error) {
      toast({ title: `${member.name}: not removed`, description: errorSentence(error), variant: 'destructive' });
    } finally {
      setBusy(false);
      setRemoving(undefined);
    }
  };

  const actionsFor = (member: AdminTeamMember): RowAction[] => {
    const place = order.indexOf(member.id);
    const may = (action: TeamMemberAction) => member.actions.includes(action);
    return [
      ...(may('edit')
        ? [{ label: 'Edit', icon: Pencil, onSelect: () => void navigate(`/admin/team/${member.id}`) }]
        : []),
      ...(member.hidden
        ? []
        : [
            {
              label: 'View on the site',
              icon: ExternalLink,
              onSelect: () => window.open(`/team/${member.slug}`, '_blank', 'noopener'),
            },
          ]),
      ...(may('reorder') && place > 0
        ? [{ label: 'Move up', icon: ArrowUp, onSelect: () => void move(member, -1) }]
        : []),
      ...(may('reorder') && place >= 0 && place < order.length - 1
        ? [{ label: 'Move down', icon: ArrowDown, onSelect: () => void move(member, 1) }]
        : []),
      ...(may('remove') ? [{ label: 'Remove', icon: Trash2, danger: true, onSelect: () => setRemoving(member) }] : []),
    ];
  };

  return (
    <ListScreen
      header={
        <AdminPageHeader
          title="Team"
          description={
            manage
              ? 'The people on About, in the “Talk to the Team” strips, on their own pages and credited on posts, in this order.'
              : 'Your team profile: it is shown on the site and credited on your posts.'
          }
          actions={
            manage ? (
              <Link to="/admin/team/new" className={buttonVariants({ size: 'sm' })}>
                <Plus aria-hidden="true" />
                Add team member
              </Link>
            ) : null
          }
        />
      }
      problem={problem}
      list={list}
      noun="team members"
      empty={
        <ListEmptyCard testId="team-admin-empty">
          {manage
            ? 'No team members yet.'
            : 'Your account is not linked to a team member. A super admin can link it on the staff screen.'}
        </ListEmptyCard>
      }
      items={
        <ul className="mt-6 flex flex-col gap-3" data-testid="team-admin-list">
          {list.items.map((member) => (
            <li key={member.id}>
              <div
                className={cardSurface({
                  className:
                    'grid grid-cols-[3rem_minmax(0,1fr)_auto] items-center gap-3 p-4 md:grid-cols-[3rem_minmax(0,1fr)_auto_auto] md:gap-5 md:px-5',
                })}
                data-testid="team-row"
              >
                <TeamAvatar member={member} size={48} className="size-12" />
                <div className="flex min-w-0 flex-col gap-0.5">
                  {member.actions.includes('edit') ? (
                    <Link
                      to={`/admin/team/${member.id}`}
                      className="font-semibold break-words text-ink hover:underline"
                    >
                      {member.name}
                    </Link>
                  ) : (
                    <span className="font-semibold break-words text-ink">{member.name}</span>
                  )}
                  <span className="text-sm break-words text-ink-muted">{member.role}</span>
                  {member.staff.length > 0 ? (
                    <span className="text-xs break-words text-ink-muted">
                      Staff account: {member.staff.map((account) => account.name).join(', ')}
                    </span>
                  ) : null}
                </div>
                <div className="col-span-3 row-start-2 flex flex-wrap items-center gap-2 pl-15 md:col-span-1 md:row-start-auto md:justify-end md:pl-0">
                  {member.hidden ? <Badge variant="outline">Hidden</Badge> : <Badge>Shown</Badge>}
                  {!member.hidden && !member.inStrip ? <Badge variant="secondary">Not in the strip</Badge> : null}
                </div>
                <div className="col-start-3 row-start-1 md:col-start-auto md:row-start-auto">
                  <RowActions label={`Actions for ${member.name}`} actions={actionsFor(member)} />
                </div>
              </div>
            </li>
          ))}
        </ul>
      }
    >
      <ConfirmDialog
        open={removing !== undefined}
        busy={busy}
        onClose={() => setRemoving(undefined)}
        title="Remove team member"
        description={`Remove ${removing?.name ?? ''} from the team? Their page and strip entry go at once; posts they wrote keep their name, credentials and bio. This cannot be undone.`}
        destructive
        confirmLabel="Remove"
        busyLabel="Removing..."
        onConfirm={() => {
          if (removing) void remove(removing);
        }}
      />
    </ListScreen>
  );
}

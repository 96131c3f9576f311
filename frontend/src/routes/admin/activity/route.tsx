import { useLoaderData, type LoaderFunctionArgs } from '@/app/data-router';
import {
  activityActionLabels,
  activityActions,
  site,
  type ActivityEntry,
  type ListPage,
  type StaffMember,
  type StaffUser,
} from '@northbeam/common';
import type { RouteHandle } from '@/app/route-handle';
import { ActivityFeed } from '@/components/admin/activity-feed';
import { AdminPageHeader } from '@/components/admin/admin-page-header';
import { ListDateRange, ListFilterBar, ListFilterSelect } from '@/components/admin/list-filters';
import { loadListPage } from '@/components/admin/list-loader';
import { ListEmptyText, ListScreen } from '@/components/admin/list-screen';
import { Card } from '@/components/ui/card';
import { useListScreenFilters } from '@/hooks/use-list-filters';
import { loadJson } from '@/lib/api';
import { requireStaffUser } from '@/lib/staff';

export const handle: RouteHandle = {
  head: () => ({ title: 'Activity', description: `Who did what in the ${site.name} admin.`, noindex: true }),
};

const filterNames = ['actor', 'action', 'from', 'to'] as const;

/** Whom the actor filter offers: the staff list for those who may read it, else nobody (a consultant sees only their own). */
async function staffActors(context: unknown, user: StaffUser): Promise<{ id: string; name: string }[]> {
  if (user.permissions.staff === 'none' || user.permissions.activity !== 'all') return [];
  const actors: { id: string; name: string }[] = [];
  // The staff list is paginated too: a consultancy's staff fits in a few pages.
  for (let page = 1; page <= 10; page += 1) {
    const list = await loadJson<ListPage<StaffMember>>(context, `/api/admin/staff?page=${page}`).catch(() => null);
    if (!list) break;
    for (const member of list.items) if (!member.invitation) actors.push({ id: member.id, name: member.name });
    if (page * list.pageSize >= list.total) break;
  }
  return actors.sort((a, b) => a.name.localeCompare(b.name));
}

export async function loader({ context, request }: LoaderFunctionArgs) {
  const user: StaffUser = await requireStaffUser(context, request);
  const [{ list, problem }, actors] = await Promise.all([
    loadListPage<ActivityEntry>(context, request, { path: '/api/admin/activity', filters: { names: filterNames } }),
    staffActors(context, user),
  ]);
  return { user, list, actors, problem };
}

export function Component() {
  const { user, list, actors, problem } = useLoaderData<typeof loader>();
  const filters = useListScreenFilters(filterNames);
  const own = user.permissions.activity === 'own';

  return (
    <ListScreen
      header={
        <AdminPageHeader
          title="Activity"
          description={
            own
              ? 'Your own sign-ins and changes, newest first.'
              : 'Every sign-in and change made in the admin, newest first. Entries are kept for two years.'
          }
        />
      }
      filters={
        <ListFilterBar
          filters={filters}
          className="mt-8 grid gap-3 sm:grid-cols-2 lg:grid-cols-[repeat(4,minmax(0,1fr))_auto] lg:items-end"
        >
          {actors.length > 0 ? (
            <ListFilterSelect
              name="actor"
              label="Who"
              any="Everyone"
              options={actors.map((actor) => [actor.id, actor.name])}
            />
          ) : null}
          <ListFilterSelect
            name="action"
            label="What"
            any="Any action"
            options={activityActions.map((action) => [action, activityActionLabels[action]])}
          />
          <ListDateRange bounded className="grid grid-cols-2 gap-3 sm:col-span-2 lg:col-span-2" />
        </ListFilterBar>
      }
      problem={problem}
      list={list}
      noun="entries"
      frame={(content) => <Card className="mt-6 px-5 py-1 sm:px-6">{content}</Card>}
      empty={
        <ListEmptyText testId="activity-empty">
          {filters.filtered ? 'No activity matches these filters.' : 'No activity recorded yet.'}
        </ListEmptyText>
      }
      items={<ActivityFeed entries={list.items} data-testid="activity-list" />}
    />
  );
}

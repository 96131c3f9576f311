import { useId } from 'react';
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
import { ListPager } from '@/components/blog/pager';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Label } from '@/components/ui/label';
import { useListFilters } from '@/hooks/use-list-filters';
import { ApiRequestError, errorSentence, loadJson } from '@/lib/api';
import { listQuery } from '@/lib/list-query';
import { requireStaffUser, signInAgain } from '@/lib/staff';

export const handle: RouteHandle = {
  head: () => ({ title: 'Activity', description: `Who did what in the ${site.name} admin.`, noindex: true }),
};

interface ActivityData {
  user: StaffUser;
  list: ListPage<ActivityEntry>;
  /** Whom the actor filter offers: the staff list for those who may read it, else nobody (a consultant sees only their own). */
  actors: { id: string; name: string }[];
  /** The server refused the filters (a malformed date): its sentence. */
  problem?: string;
}

const emptyPage: ListPage<ActivityEntry> = { items: [], total: 0, page: 1, pageSize: 15 };

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

export async function loader({ context, request }: LoaderFunctionArgs): Promise<ActivityData> {
  const user = await requireStaffUser(context, request);
  const url = new URL(request.url);
  const [listResult, actors] = await Promise.all([
    loadJson<ListPage<ActivityEntry>>(
      context,
      `/api/admin/activity${listQuery(url, ['actor', 'action', 'from', 'to'])}`,
    ).then(
      (list) => ({ list }),
      (error: unknown) => {
        if (error instanceof ApiRequestError && error.status === 400)
          return { list: emptyPage, problem: errorSentence(error) };
        throw error;
      },
    ),
    staffActors(context, user),
  ]);
  if (!listResult.list) signInAgain(request);
  return { user, list: listResult.list, actors, problem: 'problem' in listResult ? listResult.problem : undefined };
}

export function Component() {
  const { user, list, actors, problem } = useLoaderData<typeof loader>();
  const { params, setFilters } = useListFilters();
  const ids = { actor: useId(), action: useId(), from: useId(), to: useId() };
  const filtered = ['actor', 'action', 'from', 'to'].some((name) => params.get(name));
  const own = user.permissions.activity === 'own';

  return (
    <section className="container-page pt-10 pb-16 sm:pt-14">
      <AdminPageHeader
        title="Activity"
        description={
          own
            ? 'Your own sign-ins and changes, newest first.'
            : 'Every sign-in and change made in the admin, newest first. Entries are kept for two years.'
        }
      />

      <div
        role="group"
        aria-label="Filters"
        className="mt-8 grid gap-3 rounded-card border border-line bg-white p-4 shadow-card sm:grid-cols-2 lg:grid-cols-[repeat(4,minmax(0,1fr))_auto] lg:items-end"
      >
        {actors.length > 0 ? (
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={ids.actor} className="text-xs text-ink-muted">
              Who
            </Label>
            <Select
              id={ids.actor}

              value={params.get('actor') ?? ''}
              onChange={(event) => setFilters({ actor: event.target.value || undefined })}
            >
              <option value="">Everyone</option>
              {actors.map((actor) => (
                <option key={actor.id} value={actor.id}>
                  {actor.name}
                </option>
              ))}
            </Select>
          </div>
        ) : null}
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={ids.action} className="text-xs text-ink-muted">
            What
          </Label>
          <Select
            id={ids.action}

            value={params.get('action') ?? ''}
            onChange={(event) => setFilters({ action: event.target.value || undefined })}
          >
            <option value="">Any action</option>
            {activityActions.map((action) => (
              <option key={action} value={action}>
                {activityActionLabels[action]}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid grid-cols-2 gap-3 sm:col-span-2 lg:col-span-2">
          <div className="flex min-w-0 flex-col gap-1.5">
            <Label htmlFor={ids.from} className="text-xs text-ink-muted">
              From
            </Label>
            <Input
              id={ids.from}
              type="date"
              value={params.get('from') ?? ''}
              max={params.get('to') ?? undefined}
              onChange={(event) => setFilters({ from: event.target.value || undefined })}
            />
          </div>
          <div className="flex min-w-0 flex-col gap-1.5">
            <Label htmlFor={ids.to} className="text-xs text-ink-muted">
              To
            </Label>
            <Input
              id={ids.to}
              type="date"
              value={params.get('to') ?? ''}
              min={params.get('from') ?? undefined}
              onChange={(event) => setFilters({ to: event.target.value || undefined })}
            />
          </div>
        </div>
        {filtered ? (
          <Button
            variant="ghost"
            size="sm"
            className="justify-self-start"
            onClick={() => setFilters({ actor: undefined, action: undefined, from: undefined, to: undefined })}
          >
            Clear filters
          </Button>
        ) : null}
      </div>

      {problem ? (
        <Alert variant="destructive" className="mt-6">
          <AlertDescription>{problem}</AlertDescription>
        </Alert>
      ) : null}

      <Card className="mt-6 px-5 py-1 sm:px-6">
        {list.items.length === 0 ? (
          <p className="py-14 text-center text-sm text-ink-muted" data-testid="activity-empty">
            {filtered ? 'No activity matches these filters.' : 'No activity recorded yet.'}
          </p>
        ) : (
          <ActivityFeed entries={list.items} data-testid="activity-list" />
        )}
      </Card>

      <ListPager list={list} noun="entries" />
    </section>
  );
}

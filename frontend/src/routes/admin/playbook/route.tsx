import { formatDate, site, type PlaybookRequestSummary, type StaffUser } from '@northbeam/common';
import { useLoaderData, type LoaderFunctionArgs } from '@/app/data-router';
import type { RouteHandle } from '@/app/route-handle';
import { AdminPageHeader } from '@/components/admin/admin-page-header';
import { ExportCsvLink, ListDateRange, ListFilterBar, exportQuery } from '@/components/admin/list-filters';
import { loadListPage } from '@/components/admin/list-loader';
import { ListEmptyCard, ListScreen } from '@/components/admin/list-screen';
import { useListScreenFilters } from '@/hooks/use-list-filters';
import { requireStaffUser } from '@/lib/staff';
import { cardSurface } from '@/components/ui/card';

export const handle: RouteHandle = {
  head: () => ({
    title: 'Playbook requests',
    description: `Requests for the ${site.name} SME AI adoption playbook.`,
    noindex: true,
  }),
};

const filterNames = ['from', 'to', 'q'] as const;

/** A role without access (403) and a malformed date (400) give the server's sentence instead of the list. */
export async function loader({ context, request }: LoaderFunctionArgs) {
  const user: StaffUser = await requireStaffUser(context, request);
  const load = await loadListPage<PlaybookRequestSummary>(context, request, {
    path: '/api/admin/playbook-requests',
    filters: { names: filterNames },
    refusals: [400, 403],
  });
  return { user, ...load };
}

export function Component() {
  const { list, problem } = useLoaderData<typeof loader>();
  const filters = useListScreenFilters(filterNames);
  const { params, filtered } = filters;

  return (
    <ListScreen
      header={
        <AdminPageHeader
          title="Playbook requests"
          description="Everyone who asked for the SME AI adoption playbook, newest first."
          actions={
            <ExportCsvLink
              href={`/api/admin/playbook-requests.csv${exportQuery(params, filterNames)}`}
              testId="playbook-csv"
            />
          }
        />
      }
      filters={
        <ListFilterBar
          filters={filters}
          search={{
            label: 'Search playbook requests',
            placeholder: 'Search email or page...',
            className: 'sm:col-span-2 lg:col-span-1',
          }}
          className="mt-8 grid gap-3 sm:grid-cols-2 sm:items-end lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto]"
        >
          <ListDateRange />
        </ListFilterBar>
      }
      problem={problem}
      problemHidesList
      list={list}
      noun="requests"
      empty={
        <ListEmptyCard testId="playbook-empty">
          {filtered ? 'No playbook requests match these filters.' : 'No playbook requests yet.'}
        </ListEmptyCard>
      }
      items={
        <ul className="mt-6 flex flex-col gap-3" data-testid="playbook-list">
          {list.items.map((item) => (
            <li
              key={item.id}
              className={cardSurface({
                className:
                  'grid gap-1 p-4 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto] md:items-center md:gap-6 md:px-6',
              })}
              data-testid="playbook-row"
            >
              <span className="min-w-0 font-semibold break-all text-ink">{item.email}</span>
              <span className="truncate text-sm text-ink-muted">{item.page ?? 'Page not recorded'}</span>
              <time className="text-xs text-ink-muted tabular-nums md:text-right" dateTime={item.createdAt}>
                {formatDate(item.createdAt, 'd MMM yyyy, HH:mm')}
              </time>
            </li>
          ))}
        </ul>
      }
    />
  );
}

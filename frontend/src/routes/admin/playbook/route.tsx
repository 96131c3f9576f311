import { useId } from 'react';
import { formatDate, site, type ListPage, type PlaybookRequestSummary, type StaffUser } from '@northbeam/common';
import { useLoaderData, type LoaderFunctionArgs } from '@/app/data-router';
import type { RouteHandle } from '@/app/route-handle';
import { AdminPageHeader } from '@/components/admin/admin-page-header';
import { ExportCsvLink, ListDayInput, ListSearchInput, exportQuery } from '@/components/admin/lead-list';
import { ListPager } from '@/components/blog/pager';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useListFilters, useListSearch } from '@/hooks/use-list-filters';
import { ApiRequestError, errorSentence, loadJson } from '@/lib/api';
import { listQuery } from '@/lib/list-query';
import { requireStaffUser, signInAgain } from '@/lib/staff';

export const handle: RouteHandle = {
  head: () => ({
    title: 'Playbook requests',
    description: `Requests for the ${site.name} SME AI adoption playbook.`,
    noindex: true,
  }),
};

const filterNames = ['from', 'to', 'q'] as const;

interface PlaybookData {
  user: StaffUser;
  list: ListPage<PlaybookRequestSummary>;
  /** The server refused the call (a role without access, a malformed date): its sentence instead of the list. */
  problem?: string;
}

const emptyPage: ListPage<PlaybookRequestSummary> = { items: [], total: 0, page: 1, pageSize: 15 };

export async function loader({ context, request }: LoaderFunctionArgs): Promise<PlaybookData> {
  const user = await requireStaffUser(context, request);
  try {
    const list = await loadJson<ListPage<PlaybookRequestSummary>>(
      context,
      `/api/admin/playbook-requests${listQuery(new URL(request.url), filterNames)}`,
    );
    if (!list) signInAgain(request);
    return { user, list };
  } catch (error) {
    if (error instanceof ApiRequestError && (error.status === 400 || error.status === 403))
      return { user, list: emptyPage, problem: errorSentence(error) };
    throw error;
  }
}

export function Component() {
  const { list, problem } = useLoaderData<typeof loader>();
  const { params, setFilters } = useListFilters();
  const { query, setQuery, submit } = useListSearch(params, setFilters);
  const ids = { from: useId(), to: useId() };
  const filtered = filterNames.some((name) => params.get(name));

  return (
    <section className="container-page pt-10 pb-16 sm:pt-14">
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

      <form
        role="search"
        aria-label="Filters"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        className="mt-8 grid gap-3 rounded-card border border-line bg-white p-4 shadow-card sm:grid-cols-2 sm:items-end lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto]"
      >
        <div className="sm:col-span-2 lg:col-span-1">
          <ListSearchInput
            label="Search playbook requests"
            placeholder="Search email or page..."
            value={query}
            onChange={setQuery}
          />
        </div>
        <ListDayInput id={ids.from} label="From" value={params.get('from')} onChange={(from) => setFilters({ from })} />
        <ListDayInput id={ids.to} label="To" value={params.get('to')} onChange={(to) => setFilters({ to })} />
        {filtered ? (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="justify-self-start"
            onClick={() => setFilters({ from: undefined, to: undefined, q: undefined })}
          >
            Clear filters
          </Button>
        ) : null}
      </form>

      {problem ? (
        <Alert variant="destructive" className="mt-6">
          <AlertDescription>{problem}</AlertDescription>
        </Alert>
      ) : list.items.length === 0 ? (
        <Card className="mt-6">
          <p className="py-14 text-center text-sm text-ink-muted" data-testid="playbook-empty">
            {filtered ? 'No playbook requests match these filters.' : 'No playbook requests yet.'}
          </p>
        </Card>
      ) : (
        <ul className="mt-6 flex flex-col gap-3" data-testid="playbook-list">
          {list.items.map((item) => (
            <li
              key={item.id}
              className="grid gap-1 rounded-card border border-line bg-white p-4 shadow-card md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto] md:items-center md:gap-6 md:px-6"
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
      )}

      <ListPager list={list} noun="requests" />
    </section>
  );
}

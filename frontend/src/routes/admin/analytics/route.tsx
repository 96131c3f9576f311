import { RefreshCw } from '@/components/ui/icons';
import { useId } from 'react';
import { formatDate, site, type AnalyticsRealTime, type AnalyticsReport } from '@northbeam/common';
import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from '@/app/data-router';
import type { RouteHandle } from '@/app/route-handle';
import { AdminPageHeader } from '@/components/admin/admin-page-header';
import {
  ExportCsvLink,
  ListDayInput,
  ListFilterScope,
  ListFilterSelect,
  exportQuery,
} from '@/components/admin/list-filters';
import { listQuery, refusedAsSentence } from '@/components/admin/list-loader';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, cardSurface } from '@/components/ui/card';
import { useListScreenFilters } from '@/hooks/use-list-filters';
import { loadJson } from '@/lib/api';
import { requireStaffUser, signInAgain } from '@/lib/staff';
import { Report } from './report';

export const handle: RouteHandle = {
  head: () => ({
    title: 'Analytics',
    description: `Visits, pages and enquiries of the ${site.name} website, counted without cookies.`,
    noindex: true,
  }),
};

const filterNames = ['from', 'to', 'granularity'] as const;

interface AnalyticsData {
  report: AnalyticsReport | null;
  realTime: AnalyticsRealTime | null;
  /** The server's refusal of the filters. */
  refusal?: string;
}

export async function loader({ context, request }: LoaderFunctionArgs): Promise<AnalyticsData> {
  await requireStaffUser(context, request);
  const url = new URL(request.url);
  const query = listQuery(url, { names: filterNames });
  const [reportResult, realTime] = await Promise.all([
    refusedAsSentence(loadJson<AnalyticsReport>(context, `/api/admin/analytics/report${query}`), [400]),
    loadJson<AnalyticsRealTime>(context, '/api/admin/analytics/realtime'),
  ]);
  if (!realTime) signInAgain(request);
  return { report: reportResult.value, realTime, refusal: reportResult.refusal };
}

/** The day `days` before the UK day `day` (both YYYY-MM-DD). */
function daysBefore(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

const presets = [
  { label: 'Today', days: 1 },
  { label: '7 days', days: 7 },
  { label: '30 days', days: 30 },
  { label: '90 days', days: 90 },
];

export function Component() {
  const { report, realTime, refusal } = useLoaderData<typeof loader>();
  const filters = useListScreenFilters(filterNames);
  const { params, setFilters } = filters;
  const revalidator = useRevalidator();
  const ids = { from: useId(), to: useId() };
  const today = formatDate(new Date(), 'yyyy-MM-dd');

  return (
    <section className="container-page pt-10 pb-16 sm:pt-14">
      <AdminPageHeader
        title="Analytics"
        description="Visits to the website, counted on our own server without cookies. Visitors are counted once a day: the same person on two days is two visitors."
        actions={
          <ExportCsvLink
            href={`/api/admin/analytics/report.csv${exportQuery(params, filterNames)}`}
            testId="analytics-csv"
          />
        }
      />

      <form
        aria-label="Date range"
        onSubmit={(event) => event.preventDefault()}
        className={cardSurface({ className: 'mt-8 flex flex-col gap-3 p-4 lg:flex-row lg:items-end' })}
      >
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:flex-1">
          <ListDayInput
            id={ids.from}
            label="From"
            value={params.get('from') ?? report?.range.from ?? null}
            onChange={(from) => setFilters({ from })}
          />
          <ListDayInput
            id={ids.to}
            label="To"
            value={params.get('to') ?? report?.range.to ?? null}
            onChange={(to) => setFilters({ to })}
          />
          <ListFilterScope value={filters}>
            <ListFilterSelect
              name="granularity"
              className="col-span-2 sm:col-span-1"
              label="Show by"
              any="Automatic"
              options={[
                ['hour', 'Hour'],
                ['day', 'Day'],
              ]}
            />
          </ListFilterScope>
        </div>
        <div className="flex flex-wrap gap-2">
          {presets.map((preset) => (
            <Button
              key={preset.label}
              type="button"
              variant="outline"
              size="sm"
              onClick={() =>
                setFilters({ from: daysBefore(today, preset.days - 1), to: today, granularity: undefined })
              }
            >
              {preset.label}
            </Button>
          ))}
        </div>
      </form>

      {refusal ? (
        <Alert variant="destructive" className="mt-6">
          <AlertDescription>{refusal}</AlertDescription>
        </Alert>
      ) : null}

      {realTime ? (
        <Card className="mt-6 p-5" data-testid="analytics-realtime">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 className="heading-3">Right now</h2>
            <Button type="button" variant="ghost" size="sm" onClick={() => void revalidator.revalidate()}>
              <RefreshCw aria-hidden="true" />
              Refresh
            </Button>
          </div>
          <p className="mt-2 text-sm text-ink-muted">
            <strong className="text-2xl font-semibold text-ink tabular-nums">{realTime.visitors}</strong>{' '}
            {realTime.visitors === 1 ? 'visitor' : 'visitors'} and {realTime.pageViews}{' '}
            {realTime.pageViews === 1 ? 'page view' : 'page views'} in the last 5 minutes
          </p>
          {realTime.pages.length > 0 ? (
            <ul className="mt-3 flex flex-col gap-1 text-sm">
              {realTime.pages.slice(0, 5).map((page) => (
                <li key={page.key} className="flex justify-between gap-3">
                  <span className="truncate">{page.key}</span>
                  <span className="shrink-0 text-ink-muted tabular-nums">{page.count}</span>
                </li>
              ))}
            </ul>
          ) : null}
        </Card>
      ) : null}

      {report ? <Report report={report} /> : null}
    </section>
  );
}

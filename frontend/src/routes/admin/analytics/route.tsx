import { RefreshCw } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import {
  formatDate,
  site,
  type AnalyticsRealTime,
  type AnalyticsReport,
  type AnalyticsRow,
  type AnalyticsTotals,
} from '@northbeam/common';
import { useLoaderData, useRevalidator, type LoaderFunctionArgs } from '@/app/data-router';
import type { RouteHandle } from '@/app/route-handle';
import { AdminPageHeader } from '@/components/admin/admin-page-header';
import { AnalyticsChart } from '@/components/admin/analytics-chart';
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
import { Card } from '@/components/ui/card';
import { useListScreenFilters } from '@/hooks/use-list-filters';
import { loadJson } from '@/lib/api';
import { requireStaffUser, signInAgain } from '@/lib/staff';

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
        className="mt-8 flex flex-col gap-3 rounded-card border border-line bg-white p-4 shadow-card lg:flex-row lg:items-end"
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

function Report({ report }: { report: AnalyticsReport }) {
  const period = `${formatDate(report.range.from, 'd MMM yyyy')} – ${formatDate(report.range.to, 'd MMM yyyy')}`;
  const previous = `${formatDate(report.previousRange.from, 'd MMM yyyy')} – ${formatDate(report.previousRange.to, 'd MMM yyyy')}`;
  return (
    <>
      <p className="mt-8 text-sm text-ink-muted" data-testid="analytics-period">
        {period}, compared with {previous}
      </p>
      <TotalsCards totals={report.totals} previous={report.previousTotals} />

      <Card className="mt-6 p-5">
        <h2 className="heading-3">Visitors and page views</h2>
        <div className="mt-4">
          <AnalyticsChart
            series={report.series}
            previous={report.previousSeries}
            granularity={report.range.granularity}
            totals={{
              visitors: report.totals.visitors,
              pageViews: report.totals.pageViews,
              previousVisitors: report.previousTotals.visitors,
            }}
          />
        </div>
      </Card>

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <Funnel report={report} />
        <ContentToEnquiry report={report} />
      </div>

      <div className="mt-6 grid gap-6 md:grid-cols-2">
        <RowsCard title="Top pages" testId="analytics-top-pages" rows={report.topPages} countLabel="Views" />
        <RowsCard title="Entry pages" testId="analytics-entry-pages" rows={report.entryPages} countLabel="Visits" />
        <RowsCard title="Referrers" testId="analytics-referrers" rows={report.referrers} countLabel="Visits" />
        <RowsCard
          title="Campaigns"
          testId="analytics-campaigns"
          rows={report.campaigns}
          countLabel="Visits"
          empty="No visit came with campaign tags."
        />
        <RowsCard title="Browsers" testId="analytics-browsers" rows={report.browsers} countLabel="Visits" />
        <RowsCard title="Systems" testId="analytics-systems" rows={report.systems} countLabel="Visits" />
        <RowsCard title="Devices" testId="analytics-devices" rows={report.devices} countLabel="Visits" />
        <RowsCard title="Events" testId="analytics-events" rows={report.events} countLabel="Events" />
      </div>
    </>
  );
}

function formatDuration(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return minutes > 0 ? `${minutes}m ${String(rest).padStart(2, '0')}s` : `${rest}s`;
}

const totalCards: {
  key: keyof AnalyticsTotals;
  label: string;
  format: (value: number) => string;
  lowerIsBetter?: boolean;
}[] = [
  { key: 'visitors', label: 'Visitors', format: String },
  { key: 'visits', label: 'Visits', format: String },
  { key: 'pageViews', label: 'Page views', format: String },
  { key: 'viewsPerVisit', label: 'Views per visit', format: (value) => value.toFixed(2) },
  { key: 'bounceRate', label: 'Bounce rate', format: (value) => `${value}%`, lowerIsBetter: true },
  { key: 'visitDurationSeconds', label: 'Visit duration', format: formatDuration },
];

function change(current: number, previous: number): string {
  if (previous === 0) return current === 0 ? 'No change' : 'New';
  const percent = Math.round(((current - previous) / previous) * 100);
  return percent === 0 ? 'No change' : `${percent > 0 ? '+' : ''}${percent}%`;
}

function TotalsCards({ totals, previous }: { totals: AnalyticsTotals; previous: AnalyticsTotals }) {
  return (
    <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6" data-testid="analytics-totals">
      {totalCards.map((card) => {
        const value = totals[card.key];
        const before = previous[card.key];
        const better = card.lowerIsBetter ? value < before : value > before;
        const worse = card.lowerIsBetter ? value > before : value < before;
        return (
          <Card key={card.key} className="flex min-w-0 flex-col gap-1 p-4" data-testid={`analytics-total-${card.key}`}>
            <dt className="text-xs font-medium text-ink-muted">{card.label}</dt>
            <dd className="text-2xl font-semibold text-ink tabular-nums">{card.format(value)}</dd>
            <dd
              className={`text-xs tabular-nums ${better ? 'text-emerald-700' : worse ? 'text-red-700' : 'text-ink-muted'}`}
            >
              {change(value, before)} <span className="text-ink-muted">(was {card.format(before)})</span>
            </dd>
          </Card>
        );
      })}
    </dl>
  );
}

function Funnel({ report }: { report: AnalyticsReport }) {
  const steps = [
    { label: 'Viewed a page', value: report.funnel.pageView },
    { label: 'Started the contact form', value: report.funnel.formStarted },
    { label: 'Sent an enquiry', value: report.funnel.enquiry },
  ];
  const top = Math.max(report.funnel.pageView, 1);
  return (
    <Card className="p-5" data-testid="analytics-funnel">
      <h2 className="heading-3">Funnel</h2>
      <p className="mt-1 text-sm text-ink-muted">Visits that reached each step.</p>
      <ol className="mt-4 flex flex-col gap-3">
        {steps.map((step, index) => (
          <li key={step.label} className="flex flex-col gap-1">
            <div className="flex justify-between gap-3 text-sm">
              <span>{step.label}</span>
              <span className="tabular-nums">
                {step.value}
                {index > 0 && steps[index - 1].value > 0 ? (
                  <span className="text-ink-muted"> ({Math.round((step.value / steps[index - 1].value) * 100)}%)</span>
                ) : null}
              </span>
            </div>
            <div className="h-2 rounded-full bg-line">
              <div className="bg-brand h-2 rounded-full" style={{ width: `${(step.value / top) * 100}%` }} />
            </div>
          </li>
        ))}
      </ol>
    </Card>
  );
}

function ContentToEnquiry({ report }: { report: AnalyticsReport }) {
  return (
    <Card className="p-5" data-testid="analytics-content-to-enquiry">
      <h2 className="heading-3">Content to enquiry</h2>
      <p className="mt-1 text-sm text-ink-muted">
        Articles and case studies, their readers, and how many of those readers sent an enquiry the same day.
      </p>
      {report.contentToEnquiry.length === 0 ? (
        <p className="mt-4 text-sm text-ink-muted">No article or case study was read in this period.</p>
      ) : (
        <table className="mt-4 w-full table-fixed text-sm">
          <thead>
            <tr className="text-left text-xs text-ink-muted">
              <th className="pb-2 font-medium">Page</th>
              <th className="w-20 pb-2 text-right font-medium">Readers</th>
              <th className="w-20 pb-2 text-right font-medium">Enquiries</th>
            </tr>
          </thead>
          <tbody>
            {report.contentToEnquiry.map((row) => (
              <tr key={row.path} className="border-t border-line">
                <td className="py-2 pr-2">
                  <Link to={row.path} className="block truncate font-medium text-ink hover:underline" title={row.path}>
                    {row.title ?? row.path}
                  </Link>
                  <span className="block truncate text-xs text-ink-muted">
                    {row.kind === 'case-study' ? 'Case study' : 'Article'} · {row.path}
                  </span>
                </td>
                <td className="py-2 text-right tabular-nums">{row.readers}</td>
                <td className="py-2 text-right tabular-nums">{row.enquiries}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}

function RowsCard({
  title,
  rows,
  countLabel,
  testId,
  empty = 'Nothing in this period.',
}: {
  title: string;
  rows: AnalyticsRow[];
  countLabel: string;
  testId: string;
  empty?: string;
}) {
  return (
    <Card className="min-w-0 p-5" data-testid={testId}>
      <h2 className="heading-3">{title}</h2>
      {rows.length === 0 ? (
        <p className="mt-4 text-sm text-ink-muted">{empty}</p>
      ) : (
        <table className="mt-4 w-full table-fixed text-sm">
          <thead>
            <tr className="text-left text-xs text-ink-muted">
              <th className="pb-2 font-medium">{title}</th>
              <th className="w-20 pb-2 text-right font-medium">Visitors</th>
              <th className="w-20 pb-2 text-right font-medium">{countLabel}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} className="border-t border-line">
                <td className="truncate py-2 pr-2" title={row.key}>
                  {row.label ?? row.key}
                </td>
                <td className="py-2 text-right tabular-nums">{row.visitors}</td>
                <td className="py-2 text-right tabular-nums">{row.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}

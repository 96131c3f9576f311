import { Link } from '@/components/ui/link';
import { formatDate, type AnalyticsReport, type AnalyticsRow, type AnalyticsTotals } from '@northbeam/common';
import { AnalyticsChart } from '@/components/admin/analytics-chart';
import { Card } from '@/components/ui/card';

/** The report of the chosen period: totals against the period before, the chart, the funnel and the top rows. */
export function Report({ report }: { report: AnalyticsReport }) {
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

import { HttpStatus, Injectable } from '@nestjs/common';
import {
  analyticsActionLabel,
  analyticsLimits,
  analyticsMessages,
  type AnalyticsGranularity,
  type AnalyticsRealTime,
  type AnalyticsReport,
  type AnalyticsRow,
  type AnalyticsSeriesPoint,
  type AnalyticsTotals,
} from '@northbeam/common';
import { ApiError } from '../../core/http/api-error.js';
import { csvDateTime, toCsv } from '../../core/csv/csv.js';
import { AnalyticsClock } from './analytics-clock.js';
import { AnalyticsReportRepository, type Sources, type Span, type TotalsRow } from './analytics-report.repository.js';
import { addDays, daysBetween, ukDay, ukDayStart } from './uk-days.js';

export interface ReportQuery {
  from?: string;
  to?: string;
  granularity?: AnalyticsGranularity;
}

interface ResolvedRange {
  from: string;
  to: string;
  granularity: AnalyticsGranularity;
  span: Span;
  previous: { from: string; to: string; span: Span };
}

/** Default range: the last 7 UK days, today included. */
const defaultDays = 7;

/** The staff dashboard's figures (docs/product.md#analytics-dashboard). */
@Injectable()
export class AnalyticsReportService {
  constructor(
    private readonly repository: AnalyticsReportRepository,
    private readonly clock: AnalyticsClock,
  ) {}

  /** `from`..`to` inclusive UK days, and the period of the same number of days just before. */
  resolveRange(query: ReportQuery): ResolvedRange {
    const today = ukDay(this.clock.now());
    const to = query.to ?? (query.from && query.from > today ? query.from : today);
    const from = query.from ?? addDays(to, -(defaultDays - 1));
    if (from > to) throw rangeError('from', analyticsMessages.rangeInvalid);
    const days = daysBetween(from, to);
    if (days > analyticsLimits.rangeMaxDays) throw rangeError('from', analyticsMessages.rangeTooLong);
    const granularity = query.granularity ?? (days <= 2 ? 'hour' : 'day');
    if (granularity === 'hour' && days > analyticsLimits.hourlyMaxDays) {
      throw rangeError('granularity', analyticsMessages.hourlyTooLong);
    }
    const previousTo = addDays(from, -1);
    const previousFrom = addDays(previousTo, -(days - 1));
    return {
      from,
      to,
      granularity,
      span: { start: ukDayStart(from), end: ukDayStart(addDays(to, 1)) },
      previous: {
        from: previousFrom,
        to: previousTo,
        span: { start: ukDayStart(previousFrom), end: ukDayStart(from) },
      },
    };
  }

  /**
   * Whole past UK days from the rollups, today and any day not rolled up yet from the raw tables
   * (docs/product.md#analytics-rollups): the same figures either way, only faster.
   */
  async sources(from: string, to: string): Promise<Sources> {
    const rolledUp = await this.repository.rolledUpDays(from, to, ukDay(this.clock.now()));
    const rawDays: string[] = [];
    const raw: Span[] = [];
    for (let day = from; day <= to; day = addDays(day, 1)) {
      if (rolledUp.has(day)) continue;
      rawDays.push(day);
      const start = ukDayStart(day);
      const end = ukDayStart(addDays(day, 1));
      const last = raw[raw.length - 1];
      if (last && last.end.getTime() === start.getTime()) last.end = end;
      else raw.push({ start, end });
    }
    return { from, to, rawDays, raw };
  }

  async report(query: ReportQuery): Promise<AnalyticsReport> {
    const range = this.resolveRange(query);
    const { span } = range;
    const [sources, previousSources] = await Promise.all([
      this.sources(range.from, range.to),
      this.sources(range.previous.from, range.previous.to),
    ]);
    const rows = analyticsLimits.tableRows;
    const [totals, previousTotals, series, previousSeries, topPages, entryPages, referrers, campaigns] =
      await Promise.all([
        this.repository.totals(sources),
        this.repository.totals(previousSources),
        this.series(span, sources, range.from, range.to, range.granularity),
        this.series(range.previous.span, previousSources, range.previous.from, range.previous.to, range.granularity),
        this.repository.topPages(sources, rows),
        this.repository.byVisit(sources, 'entry', rows),
        this.repository.byVisit(sources, 'referrer', rows),
        this.repository.byVisit(sources, 'campaign', rows),
      ]);
    const [browsers, systems, devices, events, content] = await Promise.all([
      this.repository.byVisit(sources, 'browser', rows),
      this.repository.byVisit(sources, 'os', rows),
      this.repository.byVisit(sources, 'device', rows),
      this.repository.events(sources, 50),
      this.repository.contentToEnquiry(sources, rows),
    ]);
    const funnel = { page_view: totals.visits, form_started: totals.form_started, enquiry: totals.enquiries };
    return {
      range: { from: range.from, to: range.to, granularity: range.granularity },
      previousRange: { from: range.previous.from, to: range.previous.to },
      totals: toTotals(totals),
      previousTotals: toTotals(previousTotals),
      series,
      previousSeries,
      topPages,
      entryPages,
      referrers,
      campaigns,
      browsers,
      systems,
      devices,
      events: events.map((row) => ({ ...row, label: analyticsActionLabel(row.key) })),
      funnel: { pageView: funnel.page_view, formStarted: funnel.form_started, enquiry: funnel.enquiry },
      contentToEnquiry: content.map((row) => ({
        path: row.path,
        title: row.title,
        kind: row.path.startsWith('/case-studies/') ? 'case-study' : 'article',
        readers: row.readers,
        enquiries: row.enquiries,
      })),
    };
  }

  async realTime(): Promise<AnalyticsRealTime> {
    const since = new Date(this.clock.now().getTime() - analyticsLimits.realTimeMinutes * 60_000);
    return await this.repository.realTime(since, analyticsLimits.tableRows);
  }

  /** The report as CSV: section, key, visitors, count (figures only, no person). */
  async csv(query: ReportQuery): Promise<{ filename: string; body: string }> {
    const report = await this.report(query);
    const rows: (string | number)[][] = [];
    const totals = report.totals;
    rows.push(
      ['totals', 'visitors', '', totals.visitors],
      ['totals', 'visits', '', totals.visits],
      ['totals', 'page views', '', totals.pageViews],
      ['totals', 'views per visit', '', totals.viewsPerVisit],
      ['totals', 'bounce rate %', '', totals.bounceRate],
      ['totals', 'visit duration s', '', totals.visitDurationSeconds],
    );
    for (const point of report.series)
      rows.push(['series visits', csvDateTime(point.at), point.visitors, point.visits]);
    for (const point of report.series)
      rows.push(['series page views', csvDateTime(point.at), point.visitors, point.pageViews]);
    const sections: [string, AnalyticsRow[]][] = [
      ['top pages', report.topPages],
      ['entry pages', report.entryPages],
      ['referrers', report.referrers],
      ['campaigns', report.campaigns],
      ['browsers', report.browsers],
      ['systems', report.systems],
      ['devices', report.devices],
      ['events', report.events],
    ];
    for (const [section, list] of sections)
      for (const row of list) rows.push([section, row.label ?? row.key, row.visitors, row.count]);
    rows.push(
      ['funnel', 'page view', '', report.funnel.pageView],
      ['funnel', 'form started', '', report.funnel.formStarted],
      ['funnel', 'enquiry', '', report.funnel.enquiry],
    );
    for (const row of report.contentToEnquiry) rows.push(['content to enquiry', row.path, row.readers, row.enquiries]);
    return {
      filename: `analytics-${report.range.from}-to-${report.range.to}.csv`,
      body: toCsv(
        ['section', 'key', 'visitors', 'count'],
        rows.map((row) => row.map(String)),
      ),
    };
  }

  private async series(
    span: Span,
    sources: Sources,
    from: string,
    to: string,
    granularity: AnalyticsGranularity,
  ): Promise<AnalyticsSeriesPoint[]> {
    // No point after the current hour or day: nothing has happened there yet.
    const now = this.clock.now().getTime();
    if (granularity === 'hour') {
      const rows = await this.repository.hourlySeries(span);
      const byBucket = new Map(rows.map((row) => [Number(row.bucket) * 1000, row]));
      const points: AnalyticsSeriesPoint[] = [];
      for (let at = span.start.getTime(); at < span.end.getTime() && at <= now; at += 3_600_000) {
        const row = byBucket.get(at);
        points.push({
          at: new Date(at).toISOString(),
          visitors: row?.visitors ?? 0,
          visits: row?.visits ?? 0,
          pageViews: row?.page_views ?? 0,
        });
      }
      return points;
    }
    const rows = await this.repository.dailySeries(sources);
    const byDay = new Map(rows.map((row) => [row.day, row]));
    const points: AnalyticsSeriesPoint[] = [];
    for (let day = from; day <= to && ukDayStart(day).getTime() <= now; day = addDays(day, 1)) {
      const row = byDay.get(day);
      points.push({
        at: ukDayStart(day).toISOString(),
        visitors: row?.visitors ?? 0,
        visits: row?.visits ?? 0,
        pageViews: row?.page_views ?? 0,
      });
    }
    return points;
  }
}

function toTotals(row: TotalsRow): AnalyticsTotals {
  const visits = row.visits;
  return {
    visitors: row.visitors,
    visits,
    pageViews: row.page_views,
    viewsPerVisit: visits === 0 ? 0 : Math.round((row.page_views / visits) * 100) / 100,
    bounceRate: visits === 0 ? 0 : Math.round((row.bounces / visits) * 1000) / 10,
    visitDurationSeconds: visits === 0 ? 0 : Math.round(Number(row.duration_seconds) / visits),
  };
}

function rangeError(field: string, message: string): ApiError {
  return new ApiError(HttpStatus.BAD_REQUEST, message, { [field]: [message] });
}

import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { analyticsActionPairs, type AnalyticsRow } from '@northbeam/common';
import {
  contentSql,
  keysSql,
  SqlParams,
  visitDaysSql,
  visitTotalsSql,
  type RollupDimension,
  type Span,
  type VisitDimension,
} from './analytics-figures.sql.js';
import { pageViewEvent } from './analytics.repository.js';

export type { Span, VisitDimension };

/**
 * Where the figures of a range of UK days come from (docs/product.md#analytics-rollups): the
 * rollups of the days `from`..`to` but `rawDays`, and the raw visits and events of the `raw` spans,
 * which are exactly the `rawDays` (today, and any day not rolled up yet). Together they cover the
 * range once, even if a day is rolled up meanwhile.
 */
export interface Sources {
  from: string;
  to: string;
  rawDays: string[];
  raw: Span[];
}

/** The rollup rows of the rolled-up days of `sources` (a range scan, less the few raw days). */
function rolledUpDays(params: SqlParams, sources: Sources): string {
  return `"day" >= ${params.add(sources.from)}::date AND "day" <= ${params.add(sources.to)}::date
          AND NOT ("day" = ANY(${params.add(sources.rawDays)}::date[]))`;
}

export interface TotalsRow {
  visitors: number;
  visits: number;
  page_views: number;
  bounces: number;
  duration_seconds: number;
}

export interface SeriesRow {
  /** Epoch seconds of the UTC hour. */
  bucket: number;
  visitors: number;
  visits: number;
  page_views: number;
}

/**
 * The dashboard's queries. Each adds the rollup rows of the rolled-up days to the same figure
 * computed from the raw tables for the other days (analytics-figures.sql.ts), then ranks.
 */
@Injectable()
export class AnalyticsReportRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The days of `from`..`to` (inclusive) before `today` that the rollups hold. */
  async rolledUpDays(from: string, to: string, today: string): Promise<Set<string>> {
    const rows = await this.dataSource.query<{ day: string }[]>(
      `SELECT to_char("day", 'YYYY-MM-DD') AS "day" FROM "analytics_daily" WHERE "day" >= $1 AND "day" <= $2 AND "day" < $3`,
      [from, to, today],
    );
    return new Set(rows.map((row) => row.day));
  }

  async totals(sources: Sources): Promise<TotalsRow & { form_started: number; enquiries: number }> {
    const params = new SqlParams();
    const rows = await this.dataSource.query<(TotalsRow & { form_started: number; enquiries: number })[]>(
      `SELECT COALESCE(sum("visitors"), 0)::int AS "visitors", COALESCE(sum("visits"), 0)::int AS "visits",
              COALESCE(sum("page_views"), 0)::int AS "page_views", COALESCE(sum("bounces"), 0)::int AS "bounces",
              COALESCE(sum("duration_seconds"), 0)::float8 AS "duration_seconds",
              COALESCE(sum("form_started"), 0)::int AS "form_started", COALESCE(sum("enquiries"), 0)::int AS "enquiries"
         FROM (SELECT "visitors", "visits", "page_views", "bounces", "duration_seconds", "form_started", "enquiries"
                 FROM "analytics_daily" WHERE ${rolledUpDays(params, sources)}
               UNION ALL
               SELECT * FROM (${visitTotalsSql(params, sources.raw)}) "raw") "days"`,
      params.values,
    );
    return rows[0];
  }

  /** Buckets by UTC hour, from the raw visits (hours are only shown for short ranges). */
  async hourlySeries(span: Span): Promise<SeriesRow[]> {
    return await this.dataSource.query<SeriesRow[]>(
      `SELECT (floor(EXTRACT(EPOCH FROM "started_at") / 3600) * 3600)::float8 AS "bucket", count(DISTINCT "visitor_hash")::int AS "visitors",
              count(*)::int AS "visits", COALESCE(sum("page_views"), 0)::int AS "page_views"
         FROM "analytics_visits"
        WHERE "started_at" >= $1 AND "started_at" < $2 AND "page_views" > 0
        GROUP BY 1 ORDER BY 1`,
      [span.start, span.end],
    );
  }

  async dailySeries(
    sources: Sources,
  ): Promise<{ day: string; visitors: number; visits: number; page_views: number }[]> {
    const params = new SqlParams();
    return await this.dataSource.query(
      `SELECT "day", sum("visitors")::int AS "visitors", sum("visits")::int AS "visits", sum("page_views")::int AS "page_views"
         FROM (SELECT to_char("day", 'YYYY-MM-DD') AS "day", "visitors", "visits", "page_views"
                 FROM "analytics_daily" WHERE ${rolledUpDays(params, sources)}
               UNION ALL
               SELECT * FROM (${visitDaysSql(params, sources.raw)}) "raw") "days"
        GROUP BY 1 ORDER BY 1`,
      params.values,
    );
  }

  byVisit(sources: Sources, dimension: VisitDimension, limit: number): Promise<AnalyticsRow[]> {
    return this.keys(sources, dimension, limit);
  }

  topPages(sources: Sources, limit: number): Promise<AnalyticsRow[]> {
    return this.keys(sources, 'page', limit);
  }

  /** Every event but page views, with how many visits sent it. */
  events(sources: Sources, limit: number): Promise<AnalyticsRow[]> {
    return this.keys(sources, 'event', limit);
  }

  async contentToEnquiry(
    sources: Sources,
    limit: number,
  ): Promise<{ path: string; title: string | null; readers: number; enquiries: number }[]> {
    const params = new SqlParams();
    return await this.dataSource.query(
      `SELECT "path", max("title") AS "title", sum("readers")::int AS "readers", sum("enquiries")::int AS "enquiries"
         FROM (SELECT "path", "title", "readers", "enquiries"
                 FROM "analytics_daily_content" WHERE ${rolledUpDays(params, sources)}
               UNION ALL
               SELECT * FROM (${contentSql(params, sources.raw)}) "raw") "days"
        GROUP BY "path" ORDER BY "enquiries" DESC, "readers" DESC, "path" ASC LIMIT ${params.add(limit)}`,
      params.values,
    );
  }

  async realTime(since: Date, limit: number): Promise<{ visitors: number; pageViews: number; pages: AnalyticsRow[] }> {
    const [visitors] = await this.dataSource.query<{ visitors: number }[]>(
      `SELECT count(DISTINCT "visitor_hash")::int AS "visitors" FROM "analytics_visits" WHERE "last_seen_at" >= $1`,
      [since],
    );
    const pages = await this.dataSource.query<AnalyticsRow[]>(
      `SELECT "path" AS "key", count(DISTINCT "visit_id")::int AS "visitors", count(*)::int AS "count"
         FROM "analytics_events"
        WHERE "event" = $1 AND "created_at" >= $2 AND "path" IS NOT NULL
        GROUP BY 1 ORDER BY "count" DESC, "key" ASC`,
      [pageViewEvent, since],
    );
    return {
      visitors: visitors.visitors,
      pageViews: pages.reduce((total, page) => total + page.count, 0),
      pages: pages.slice(0, limit),
    };
  }

  private async keys(sources: Sources, dimension: RollupDimension, limit: number): Promise<AnalyticsRow[]> {
    const params = new SqlParams();
    // Days rolled up before the pairs were merged hold an action's second name as a key of its own:
    // it is left out, its first name's row standing for the action.
    const secondNames =
      dimension === 'event'
        ? `AND NOT ("key" = ANY(${params.add(analyticsActionPairs.map(([, clientName]) => clientName))}::text[]))`
        : '';
    return await this.dataSource.query<AnalyticsRow[]>(
      `SELECT "key", sum("visitors")::int AS "visitors", sum("count")::int AS "count"
         FROM (SELECT "key", "visitors", "count" FROM "analytics_daily_keys"
                WHERE "dimension" = ${params.add(dimension)} AND ${rolledUpDays(params, sources)} ${secondNames}
               UNION ALL
               SELECT * FROM (${keysSql(params, sources.raw, dimension)}) "raw") "days"
        GROUP BY "key" ORDER BY "count" DESC, "key" ASC LIMIT ${params.add(limit)}`,
      params.values,
    );
  }
}

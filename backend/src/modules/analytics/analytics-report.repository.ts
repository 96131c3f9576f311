import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { AnalyticsRow } from '@northbeam/common';
import { pageViewEvent } from './analytics.repository.js';

export interface Span {
  start: Date;
  end: Date;
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

/** Visit-level dimensions the dashboard breaks down by (column names, never user input). */
const visitDimensions = {
  entry: `"entry_path"`,
  referrer: `COALESCE("referrer_host", 'Direct')`,
  browser: `COALESCE("browser", 'Unknown')`,
  os: `COALESCE("os", 'Unknown')`,
  device: `COALESCE("device", 'Unknown')`,
  campaign: `concat_ws(' / ', COALESCE("utm_campaign", '(none)'), "utm_source", "utm_medium")`,
} as const;

export type VisitDimension = keyof typeof visitDimensions;

/** Paths of articles and case studies (the routes /blog/<section>/<slug> and /case-studies/<slug>). */
const contentPathPattern = '^/(blog/(labs|consulting)|case-studies)/[^/]+$';

/**
 * The dashboard's queries. Visitor, visit, bounce and duration figures read `analytics_visits` (one
 * row a visit, kept up to date at ingest); page and event figures read the events through their
 * indexes. Visit hashes change every UK day, so counting distinct hashes counts a person once a day.
 */
@Injectable()
export class AnalyticsReportRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async totals(span: Span): Promise<TotalsRow> {
    const rows = await this.dataSource.query<TotalsRow[]>(
      `SELECT count(DISTINCT "visitor_hash")::int AS "visitors", count(*)::int AS "visits",
              COALESCE(sum("page_views"), 0)::int AS "page_views",
              (count(*) FILTER (WHERE "page_views" = 1))::int AS "bounces",
              COALESCE(sum(EXTRACT(EPOCH FROM "last_seen_at" - "started_at")), 0)::float8 AS "duration_seconds"
         FROM "analytics_visits"
        WHERE "started_at" >= $1 AND "started_at" < $2 AND "page_views" > 0`,
      [span.start, span.end],
    );
    return rows[0];
  }

  /** Buckets by UTC hour: every UK hour is one UTC hour, and days are summed by the caller. */
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

  async dailySeries(span: Span): Promise<{ day: string; visitors: number; visits: number; page_views: number }[]> {
    return await this.dataSource.query(
      `SELECT to_char("day", 'YYYY-MM-DD') AS "day", count(DISTINCT "visitor_hash")::int AS "visitors",
              count(*)::int AS "visits", COALESCE(sum("page_views"), 0)::int AS "page_views"
         FROM "analytics_visits"
        WHERE "started_at" >= $1 AND "started_at" < $2 AND "page_views" > 0
        GROUP BY 1 ORDER BY 1`,
      [span.start, span.end],
    );
  }

  async byVisit(span: Span, dimension: VisitDimension, limit: number): Promise<AnalyticsRow[]> {
    const expression = visitDimensions[dimension];
    const extra = dimension === 'campaign' ? `AND "utm_campaign" IS NOT NULL` : dimension === 'entry' ? `AND "entry_path" IS NOT NULL` : '';
    return await this.dataSource.query<AnalyticsRow[]>(
      `SELECT ${expression} AS "key", count(DISTINCT "visitor_hash")::int AS "visitors", count(*)::int AS "count"
         FROM "analytics_visits"
        WHERE "started_at" >= $1 AND "started_at" < $2 AND "page_views" > 0 ${extra}
        GROUP BY 1 ORDER BY "count" DESC, "key" ASC LIMIT $3`,
      [span.start, span.end, limit],
    );
  }

  async topPages(span: Span, limit: number): Promise<AnalyticsRow[]> {
    return await this.dataSource.query<AnalyticsRow[]>(
      `SELECT "path" AS "key", count(DISTINCT "visit_id")::int AS "visitors", count(*)::int AS "count"
         FROM "analytics_events"
        WHERE "event" = $1 AND "created_at" >= $2 AND "created_at" < $3 AND "path" IS NOT NULL
        GROUP BY 1 ORDER BY "count" DESC, "key" ASC LIMIT $4`,
      [pageViewEvent, span.start, span.end, limit],
    );
  }

  /** Every event but page views, with how many visits sent it. */
  async events(span: Span, limit: number): Promise<AnalyticsRow[]> {
    return await this.dataSource.query<AnalyticsRow[]>(
      `SELECT "event" AS "key", count(DISTINCT "visit_id")::int AS "visitors", count(*)::int AS "count"
         FROM "analytics_events"
        WHERE "created_at" >= $1 AND "created_at" < $2 AND "event" <> $3
        GROUP BY 1 ORDER BY "count" DESC, "key" ASC LIMIT $4`,
      [span.start, span.end, pageViewEvent, limit],
    );
  }

  async funnel(span: Span): Promise<{ page_view: number; form_started: number; enquiry: number }> {
    const rows = await this.dataSource.query<{ page_view: number; form_started: number; enquiry: number }[]>(
      `SELECT count(*)::int AS "page_view",
              (count(*) FILTER (WHERE "form_started"))::int AS "form_started",
              (count(*) FILTER (WHERE "enquired"))::int AS "enquiry"
         FROM "analytics_visits"
        WHERE "started_at" >= $1 AND "started_at" < $2 AND "page_views" > 0`,
      [span.start, span.end],
    );
    return rows[0];
  }

  /**
   * For each article and case study read in the span: how many visitors read it, and how many of
   * them sent an enquiry the same day (same visit hash, which only lives for a day).
   */
  async contentToEnquiry(
    span: Span,
    limit: number,
  ): Promise<{ path: string; title: string | null; readers: number; enquiries: number }[]> {
    return await this.dataSource.query(
      `WITH "reads" AS (
         SELECT e."path", v."visitor_hash", max(e."properties"->>'page_title') AS "title"
           FROM "analytics_events" e JOIN "analytics_visits" v ON v."id" = e."visit_id"
          WHERE e."event" = $1 AND e."created_at" >= $2 AND e."created_at" < $3 AND e."path" ~ $4
          GROUP BY 1, 2
       ), "enquirers" AS (
         SELECT DISTINCT "visitor_hash" FROM "analytics_visits"
          WHERE "enquired" AND "started_at" >= $2 AND "started_at" < $3
       )
       SELECT r."path", max(r."title") AS "title", count(*)::int AS "readers",
              count(q."visitor_hash")::int AS "enquiries"
         FROM "reads" r LEFT JOIN "enquirers" q ON q."visitor_hash" = r."visitor_hash"
        GROUP BY r."path" ORDER BY "enquiries" DESC, "readers" DESC, r."path" ASC LIMIT $5`,
      [pageViewEvent, span.start, span.end, contentPathPattern, limit],
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
}

import { analyticsActionPairs } from '@northbeam/common';
import { pageViewEvent } from './analytics.repository.js';

export interface Span {
  start: Date;
  end: Date;
}

/**
 * The SQL of each dashboard figure over raw visits and events, for any set of whole UK days: the
 * report runs it for the days not rolled up, the rollup task for one completed day
 * (docs/product.md#analytics-rollups). One text for both, so the two can never count differently.
 * Every figure is a sum over UK days (a visit hash lives one day, a visit never spans two), so the
 * rollups of some days plus the raw figures of the others give the figures of the whole range.
 */
export class SqlParams {
  readonly values: unknown[] = [];

  /** The placeholder of `value`. */
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }

  /** `column` inside one of `spans` (half-open), or `false` for none. */
  inSpans(column: string, spans: Span[]): string {
    if (spans.length === 0) return 'false';
    return `(${spans.map((span) => `(${column} >= ${this.add(span.start)} AND ${column} < ${this.add(span.end)})`).join(' OR ')})`;
  }
}

/** Visit-level dimensions the dashboard breaks down by (column names, never user input). */
export const visitDimensions = {
  entry: `"entry_path"`,
  referrer: `COALESCE("referrer_host", 'Direct')`,
  browser: `COALESCE("browser", 'Unknown')`,
  os: `COALESCE("os", 'Unknown')`,
  device: `COALESCE("device", 'Unknown')`,
  campaign: `concat_ws(' / ', COALESCE("utm_campaign", '(none)'), "utm_source", "utm_medium")`,
} as const;

export type VisitDimension = keyof typeof visitDimensions;

/** The rollup's key lists: the visit dimensions, pages viewed, and events other than page views. */
export type RollupDimension = VisitDimension | 'page' | 'event';

export const rollupDimensions: RollupDimension[] = [
  ...(Object.keys(visitDimensions) as VisitDimension[]),
  'page',
  'event',
];

/** Paths of articles and case studies (the routes /blog/<section>/<slug> and /case-studies/<slug>). */
const contentPathPattern = '^/(blog/(labs|consulting)|case-studies)/[^/]+$';

/**
 * Visitors (distinct daily hashes), visits, page views, bounces, duration (numeric seconds) and the
 * funnel's visits that started the form and that sent it. Visits count from the day they started.
 */
export function visitTotalsSql(params: SqlParams, spans: Span[]): string {
  return `SELECT count(DISTINCT "visitor_hash")::int AS "visitors", count(*)::int AS "visits",
                 COALESCE(sum("page_views"), 0)::int AS "page_views",
                 (count(*) FILTER (WHERE "page_views" = 1))::int AS "bounces",
                 COALESCE(sum(EXTRACT(EPOCH FROM "last_seen_at" - "started_at")), 0)::numeric AS "duration_seconds",
                 (count(*) FILTER (WHERE "form_started"))::int AS "form_started",
                 (count(*) FILTER (WHERE "enquired"))::int AS "enquiries"
            FROM "analytics_visits"
           WHERE ${params.inSpans('"started_at"', spans)} AND "page_views" > 0`;
}

/** Visitors, visits and page views by UK day. */
export function visitDaysSql(params: SqlParams, spans: Span[]): string {
  return `SELECT to_char("day", 'YYYY-MM-DD') AS "day", count(DISTINCT "visitor_hash")::int AS "visitors",
                 count(*)::int AS "visits", COALESCE(sum("page_views"), 0)::int AS "page_views"
            FROM "analytics_visits"
           WHERE ${params.inSpans('"started_at"', spans)} AND "page_views" > 0
           GROUP BY 1`;
}

/** Key, visitors and count of one key list (visits by a dimension, page views by page, events by name). */
export function keysSql(params: SqlParams, spans: Span[], dimension: RollupDimension): string {
  if (dimension === 'page') {
    return `SELECT "path" AS "key", count(DISTINCT "visit_id")::int AS "visitors", count(*)::int AS "count"
              FROM "analytics_events"
             WHERE "event" = ${params.add(pageViewEvent)} AND ${params.inSpans('"created_at"', spans)} AND "path" IS NOT NULL
             GROUP BY 1`;
  }
  if (dimension === 'event') {
    // An action sent under both of its names counts once (docs/product.md#analytics-dashboard): under
    // its first name, with the visits that sent either, and the count of its first name only.
    const actions = params.add(analyticsActionPairs.map(([action]) => action));
    const clientNames = params.add(analyticsActionPairs.map(([, clientName]) => clientName));
    return `SELECT COALESCE((${actions}::text[])[array_position(${clientNames}::text[], "event"::text)], "event") AS "key",
                   count(DISTINCT "visit_id")::int AS "visitors",
                   (count(*) FILTER (WHERE NOT ("event" = ANY(${clientNames}::text[]))))::int AS "count"
              FROM "analytics_events"
             WHERE ${params.inSpans('"created_at"', spans)} AND "event" <> ${params.add(pageViewEvent)}
             GROUP BY 1`;
  }
  const extra =
    dimension === 'campaign'
      ? // Any campaign tag makes a campaign visit: a newsletter link tagged only utm_source=newsletter too.
        `AND ("utm_campaign" IS NOT NULL OR "utm_source" IS NOT NULL OR "utm_medium" IS NOT NULL)`
      : dimension === 'entry'
        ? `AND "entry_path" IS NOT NULL`
        : '';
  return `SELECT ${visitDimensions[dimension]} AS "key", count(DISTINCT "visitor_hash")::int AS "visitors", count(*)::int AS "count"
            FROM "analytics_visits"
           WHERE ${params.inSpans('"started_at"', spans)} AND "page_views" > 0 ${extra}
           GROUP BY 1`;
}

/**
 * For each article and case study read: how many visitors read it, and how many of them sent an
 * enquiry the same day (same visit hash, which only lives for a day). Only paths of a post or case
 * study that exists count: a mistyped or removed address (the 404 page) is not content.
 */
export function contentSql(params: SqlParams, spans: Span[]): string {
  return `WITH "reads" AS (
            SELECT e."path", v."visitor_hash", max(e."properties"->>'page_title') AS "title"
              FROM "analytics_events" e JOIN "analytics_visits" v ON v."id" = e."visit_id"
             WHERE e."event" = ${params.add(pageViewEvent)} AND ${params.inSpans('e."created_at"', spans)}
               AND e."path" ~ ${params.add(contentPathPattern)}
               AND (EXISTS (SELECT 1 FROM "posts" p
                             WHERE p."section"::text = split_part(lower(e."path"), '/', 3)
                               AND p."slug" = split_part(lower(e."path"), '/', 4))
                    OR EXISTS (SELECT 1 FROM "case_studies" c
                                WHERE split_part(lower(e."path"), '/', 2) = 'case-studies'
                                  AND c."slug" = split_part(lower(e."path"), '/', 3)))
             GROUP BY 1, 2
          ), "enquirers" AS (
            SELECT DISTINCT "visitor_hash" FROM "analytics_visits"
             WHERE "enquired" AND ${params.inSpans('"started_at"', spans)}
          )
          SELECT r."path", max(r."title") AS "title", count(*)::int AS "readers",
                 count(q."visitor_hash")::int AS "enquiries"
            FROM "reads" r LEFT JOIN "enquirers" q ON q."visitor_hash" = r."visitor_hash"
           GROUP BY r."path"`;
}

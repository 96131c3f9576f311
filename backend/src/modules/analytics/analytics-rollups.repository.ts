import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { rowCount } from '../../database/query-result.js';
import { contentSql, keysSql, rollupDimensions, SqlParams, visitTotalsSql } from './analytics-figures.sql.js';
import { ukDay } from './uk-days.js';
import { deleteRows, tableStatements, type PersonalDataStatements } from '../../database/personal-data-rows.js';
import { analyticsEventRows } from './analytics.repository.js';

/** The rollup tables (docs/product.md#analytics-rollups): counts by UK day, no hash, no id. */
export const rollupTables = ['analytics_daily', 'analytics_daily_keys', 'analytics_daily_content'] as const;

/** Transaction lock of one day's recomputation: two runs of the same day never interleave. */
const rollupDayLockKey = 804_211_203;

/** A span of time the rollup SQL reads raw data from. */
export interface RollupSpan {
  start: Date;
  end: Date;
}

/** The statements of the daily rollups (`analytics-rollups.ts` holds when they run). */
@Injectable()
export class AnalyticsRollupsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Inside the caller's transaction: holds the day-recomputation lock until it ends. */
  async lockDayRecomputation(manager: EntityManager): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock($1)`, [rollupDayLockKey]);
  }

  async isRolledUp(manager: EntityManager, day: string): Promise<boolean> {
    const done = await manager.query<unknown[]>(`SELECT 1 FROM "analytics_daily" WHERE "day" = $1`, [day]);
    return done.length > 0;
  }

  /** Replaces the rollup rows of `day` by the figures computed from the raw data of `spans`. */
  async replaceDay(manager: EntityManager, day: string, spans: RollupSpan[]): Promise<void> {
    for (const table of rollupTables) await manager.query(`DELETE FROM "${table}" WHERE "day" = $1`, [day]);
    let params = new SqlParams();
    let dayParam = params.add(day);
    await manager.query(
      `INSERT INTO "analytics_daily" ("day", "visitors", "visits", "page_views", "bounces", "duration_seconds", "form_started", "enquiries")
       SELECT ${dayParam}::date, "visitors", "visits", "page_views", "bounces", "duration_seconds", "form_started", "enquiries"
         FROM (${visitTotalsSql(params, spans)}) "raw"`,
      params.values,
    );
    for (const dimension of rollupDimensions) {
      params = new SqlParams();
      dayParam = params.add(day);
      const dimensionParam = params.add(dimension);
      await manager.query(
        `INSERT INTO "analytics_daily_keys" ("day", "dimension", "key", "visitors", "count")
         SELECT ${dayParam}::date, ${dimensionParam}, "key", "visitors", "count" FROM (${keysSql(params, spans, dimension)}) "raw"`,
        params.values,
      );
    }
    params = new SqlParams();
    dayParam = params.add(day);
    await manager.query(
      `INSERT INTO "analytics_daily_content" ("day", "path", "title", "readers", "enquiries")
       SELECT ${dayParam}::date, "path", "title", "readers", "enquiries" FROM (${contentSql(params, spans)}) "raw"`,
      params.values,
    );
  }

  /** When the first visit or event still stored happened, or null when there is none. */
  async firstActivityAt(): Promise<Date | null> {
    const [first] = await this.dataSource.query<{ at: Date | null }[]>(
      `SELECT least((SELECT min("started_at") FROM "analytics_visits"), (SELECT min("created_at") FROM "analytics_events")) AS "at"`,
    );
    return first?.at ? new Date(first.at) : null;
  }

  /** The days from `from` (included) to `to` (excluded) that are rolled up, as YYYY-MM-DD. */
  async rolledUpDays(from: string, to: string): Promise<string[]> {
    const rows = await this.dataSource.query<{ day: string }[]>(
      `SELECT to_char("day", 'YYYY-MM-DD') AS "day" FROM "analytics_daily" WHERE "day" >= $1 AND "day" < $2`,
      [from, to],
    );
    return rows.map((row) => row.day);
  }
}

/**
 * Deletes the rollup rows of the UK days wholly before `cutoff` (the raw events' retention); answers
 * how many rows went.
 */
export async function purgeRollupsBefore(manager: EntityManager, cutoff: Date): Promise<number> {
  let purged = 0;
  for (const table of rollupTables) {
    purged += rowCount(await manager.query(`DELETE FROM "${table}" WHERE "day" < $1 RETURNING "day"`, [ukDay(cutoff)]));
  }
  return purged;
}

/** Deletes the visits started before `cutoff`; answers how many went. */
export async function purgeVisitsBefore(manager: EntityManager, cutoff: Date): Promise<number> {
  return rowCount(
    await manager.query(`DELETE FROM "analytics_visits" WHERE "started_at" < $1 RETURNING "id"`, [cutoff]),
  );
}

/**
 * The analytics events' statements for their personal-data declaration: the purge deletes the events
 * before the cutoff (the count answered) and the daily rollups of the days wholly before it.
 */
export const analyticsEventsPersonalData: PersonalDataStatements = {
  ...analyticsEventRows,
  purge: async (manager, cutoff) => {
    await purgeRollupsBefore(manager, cutoff);
    return deleteRows(manager, `DELETE FROM "analytics_events" WHERE "created_at" < $1 RETURNING "id"`, [cutoff]);
  },
};

/** The visits' statements for their personal-data declaration. */
export const analyticsVisitsPersonalData = tableStatements('analytics_visits', { expired: `"started_at" < $1` });

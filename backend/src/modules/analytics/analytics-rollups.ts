import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { retentionPeriods } from '@northbeam/common';
import { cutoffBefore } from '../../core/personal-data/personal-data-store.js';
import { rowCount } from '../../database/query-result.js';
import { contentSql, keysSql, rollupDimensions, SqlParams, visitTotalsSql } from './analytics-figures.sql.js';
import { addDays, ukDay, ukDayStart } from './uk-days.js';

/** The rollup tables (docs/product.md#analytics-rollups): counts by UK day, no hash, no id. */
export const rollupTables = ['analytics_daily', 'analytics_daily_keys', 'analytics_daily_content'] as const;

/** Transaction lock of one day's recomputation: two runs of the same day never interleave. */
const rollupDayLockKey = 804_211_203;

/**
 * The daily rollups (docs/product.md#analytics-rollups): every figure of a completed UK day, computed
 * from the raw visits and events by the same SQL the report runs for days not rolled up.
 */
@Injectable()
export class AnalyticsRollups {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Recomputes the rollup rows of `day`: deletes and inserts them in one transaction (idempotent).
   * With `ifMissing`, leaves a day already rolled up as it is (checked under the transaction's lock,
   * so two instances catching up together roll each day up once); answers whether it rolled up.
   */
  async rollUpDay(day: string, { ifMissing = false } = {}): Promise<boolean> {
    const spans = [{ start: ukDayStart(day), end: ukDayStart(addDays(day, 1)) }];
    return await this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock($1)`, [rollupDayLockKey]);
      if (ifMissing) {
        const done = await manager.query<unknown[]>(`SELECT 1 FROM "analytics_daily" WHERE "day" = $1`, [day]);
        if (done.length > 0) return false;
      }
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
      return true;
    });
  }

  /**
   * The completed UK days not rolled up yet, oldest first: from the first day with a visit or an
   * event (never before the events' retention) to yesterday.
   */
  async missingDays(now: Date): Promise<string[]> {
    const [first] = await this.dataSource.query<{ at: Date | null }[]>(
      `SELECT least((SELECT min("started_at") FROM "analytics_visits"), (SELECT min("created_at") FROM "analytics_events")) AS "at"`,
    );
    if (!first?.at) return [];
    const today = ukDay(now);
    const oldestKept = ukDay(cutoffBefore(now, retentionPeriods.analyticsEvents));
    const firstDay = ukDay(new Date(first.at));
    const from = firstDay > oldestKept ? firstDay : oldestKept;
    if (from >= today) return [];
    const rows = await this.dataSource.query<{ day: string }[]>(
      `SELECT to_char("day", 'YYYY-MM-DD') AS "day" FROM "analytics_daily" WHERE "day" >= $1 AND "day" < $2`,
      [from, today],
    );
    const done = new Set(rows.map((row) => row.day));
    const missing: string[] = [];
    for (let day = from; day < today; day = addDays(day, 1)) if (!done.has(day)) missing.push(day);
    return missing;
  }

  /** Rolls up every missing completed day, oldest first; answers the days this call rolled up. */
  async catchUp(now: Date): Promise<string[]> {
    const rolled: string[] = [];
    for (const day of await this.missingDays(now)) if (await this.rollUpDay(day, { ifMissing: true })) rolled.push(day);
    return rolled;
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

import type { EntityManager } from 'typeorm';
import { retentionPeriods } from '@northbeam/common';
import { cutoffBefore } from '../../core/personal-data/personal-data-store.js';
import { purgeRollupsBefore } from './analytics-rollups.js';
import { rowCount } from './analytics.repository.js';

/**
 * What analytics keeps and for how long (docs/product.md#analytics-counting), for the retention
 * task and the data map. Raw events are purged by the privacy retention rule for
 * `analytics_events` (2 years, `retentionPeriods.analyticsEvents`), which also purges the daily
 * rollups of the days it leaves behind; the stores below are also purged by the analytics rotation task.
 */
export const analyticsStores = [
  {
    table: 'analytics_salts',
    holds: 'One random salt a UK day, used to hash visitors; no person',
    retention: 'Destroyed after its day (rotation task, hourly)',
  },
  {
    table: 'analytics_visits',
    holds: 'One row a visit: daily visit hash, entry page, referrer host, campaign, browser, system, device type',
    retention: '2 years, with the events',
  },
  {
    table: 'analytics_daily, analytics_daily_keys, analytics_daily_content',
    holds:
      'Daily rollups: counts by UK day (visitors, visits, page views, by page, referrer, campaign, browser, system, device, event); no hash, no id, no person',
    retention: '2 years, with the events',
  },
  {
    table: 'enquiry_reading_paths',
    holds: 'Pages read before an enquiry, only where the visitor consented to analytics',
    retention: 'With the enquiry (erased and expired with it)',
  },
] as const;

/**
 * Deletes visits older than the events' retention, and the daily rollups of the days wholly before
 * it; answers how many visits went.
 */
export async function purgeAnalyticsRollups(manager: EntityManager, now: Date): Promise<number> {
  const cutoff = cutoffBefore(now, retentionPeriods.analyticsEvents);
  await purgeRollupsBefore(manager, cutoff);
  return rowCount(
    await manager.query(`DELETE FROM "analytics_visits" WHERE "started_at" < $1 RETURNING "id"`, [cutoff]),
  );
}

/**
 * The pages read before the address's enquiries. They go with the enquiries (foreign key cascade);
 * an erasure that runs this first counts them in its record. For the privacy module's list of erasers.
 */
export const enquiryReadingPathsEraser = {
  tableName: 'enquiry_reading_paths',
  async erase(manager: EntityManager, email: string): Promise<number> {
    return rowCount(
      await manager.query(
        `DELETE FROM "enquiry_reading_paths"
          WHERE "enquiry_id" IN (SELECT "id" FROM "contact_messages" WHERE lower(trim("email")) = $1)
          RETURNING 1`,
        [email],
      ),
    );
  },
};

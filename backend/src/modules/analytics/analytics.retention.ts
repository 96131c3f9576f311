import type { EntityManager } from 'typeorm';
import { retentionPeriods } from '@northbeam/common';
import { cutoffBefore } from '../../core/personal-data/personal-data-store.js';
import { purgeRollupsBefore } from './analytics-rollups.js';
import { rowCount } from '../../database/query-result.js';

/**
 * Deletes visits past the events' retention period (`retentionPeriods.analyticsEvents`,
 * docs/product.md#retention), and the daily rollups of the days wholly before it: the hourly
 * rotation task runs it, and the daily purge runs the same rule through the `analytics_visits`
 * store. Answers how many visits went.
 */
export async function purgeAnalyticsRollups(manager: EntityManager, now: Date): Promise<number> {
  const cutoff = cutoffBefore(now, retentionPeriods.analyticsEvents);
  await purgeRollupsBefore(manager, cutoff);
  return rowCount(
    await manager.query(`DELETE FROM "analytics_visits" WHERE "started_at" < $1 RETURNING "id"`, [cutoff]),
  );
}

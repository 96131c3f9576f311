import type { EntityManager } from 'typeorm';
import { retentionPeriods } from '@northbeam/common';
import { cutoffBefore } from '../../core/personal-data/personal-data-store.js';
import { purgeRollupsBefore, purgeVisitsBefore } from './analytics-rollups.repository.js';

/**
 * Deletes visits past the events' retention period (`retentionPeriods.analyticsEvents`,
 * docs/product.md#retention), and the daily rollups of the days wholly before it: the hourly
 * rotation task runs it, and the daily purge runs the same rule through the `analytics_visits`
 * store. Answers how many visits went.
 */
export async function purgeAnalyticsRollups(manager: EntityManager, now: Date): Promise<number> {
  const cutoff = cutoffBefore(now, retentionPeriods.analyticsEvents);
  await purgeRollupsBefore(manager, cutoff);
  return purgeVisitsBefore(manager, cutoff);
}

import { Injectable } from '@nestjs/common';
import { retentionPeriods } from '@northbeam/common';
import { cutoffBefore } from '../../core/personal-data/personal-data-store.js';
import { Transactions } from '../../database/transactions.js';
import { AnalyticsRollupsRepository } from './analytics-rollups.repository.js';
import { addDays, ukDay, ukDayStart } from './uk-days.js';

export { purgeRollupsBefore, rollupTables } from './analytics-rollups.repository.js';

/**
 * The daily rollups (docs/product.md#analytics-rollups): every figure of a completed UK day, computed
 * from the raw visits and events by the same SQL the report runs for days not rolled up.
 */
@Injectable()
export class AnalyticsRollups {
  constructor(
    private readonly transactions: Transactions,
    private readonly repository: AnalyticsRollupsRepository,
  ) {}

  /**
   * Recomputes the rollup rows of `day`: deletes and inserts them in one transaction (idempotent).
   * With `ifMissing`, leaves a day already rolled up as it is (checked under the transaction's lock,
   * so two instances catching up together roll each day up once); answers whether it rolled up.
   */
  async rollUpDay(day: string, { ifMissing = false } = {}): Promise<boolean> {
    const spans = [{ start: ukDayStart(day), end: ukDayStart(addDays(day, 1)) }];
    return await this.transactions.run(async (manager) => {
      await this.repository.lockDayRecomputation(manager);
      if (ifMissing && (await this.repository.isRolledUp(manager, day))) return false;
      await this.repository.replaceDay(manager, day, spans);
      return true;
    });
  }

  /**
   * The completed UK days not rolled up yet, oldest first: from the first day with a visit or an
   * event (never before the events' retention) to yesterday.
   */
  async missingDays(now: Date): Promise<string[]> {
    const first = await this.repository.firstActivityAt();
    if (!first) return [];
    const today = ukDay(now);
    const oldestKept = ukDay(cutoffBefore(now, retentionPeriods.analyticsEvents));
    const firstDay = ukDay(first);
    const from = firstDay > oldestKept ? firstDay : oldestKept;
    if (from >= today) return [];
    const done = new Set(await this.repository.rolledUpDays(from, today));
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

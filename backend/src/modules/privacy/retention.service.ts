import { Inject, Injectable, Logger } from '@nestjs/common';
import { TZDate } from '@date-fns/tz';
import { addDays } from 'date-fns';
import { retentionPeriods, ukTimeZone, type DataMapEntry } from '@northbeam/common';
import {
  cutoffBefore,
  retentionRuleText,
  type PersonalDataStore,
} from '../../core/personal-data/personal-data-store.js';
import { PERSONAL_DATA_STORES } from './personal-data-stores.js';
import { PrivacyRepository } from './privacy.repository.js';
import { Transactions } from '../../database/transactions.js';

/** When the daily purge runs (UK time); the scheduler's cron says the same. */
export const retentionRunAt = { hour: 2, minute: 30 };

/** The next daily purge after `now`: 02:30 UK time today or tomorrow. */
export function nextPurgeAt(now: Date): Date {
  const today = new TZDate(now.getTime(), ukTimeZone);
  const run = new TZDate(
    today.getFullYear(),
    today.getMonth(),
    today.getDate(),
    retentionRunAt.hour,
    retentionRunAt.minute,
    ukTimeZone,
  );
  return new Date((run.getTime() > now.getTime() ? run : addDays(run, 1)).getTime());
}

/**
 * Retention (docs/product.md#retention): each store's purge with the cutoff from its period in
 * `retentionPeriods`, and the data map built from the same declarations and periods.
 */
@Injectable()
export class RetentionService {
  private readonly logger = new Logger(RetentionService.name);

  constructor(
    private readonly repository: PrivacyRepository,
    @Inject(PERSONAL_DATA_STORES) private readonly stores: PersonalDataStore[],
    private readonly transactions: Transactions,
  ) {}

  /** Scheduled task body: deletes what is past its retention period. */
  async runRetention(now = new Date()): Promise<Record<string, number>> {
    return this.transactions.run(async (manager) => {
      const purged: Record<string, number> = {};
      for (const store of this.stores) {
        if (!store.retention || !store.purge) continue;
        const cutoff = cutoffBefore(now, retentionPeriods[store.retention.key]);
        purged[retentionRuleText(store)!] = await store.purge(manager, cutoff, now);
      }
      this.logger.log(`retention: ${JSON.stringify(purged)}`);
      return purged;
    });
  }

  /** Every store: what it holds, its retention, the next purge, its rows now. */
  async dataMap(now = new Date()): Promise<DataMapEntry[]> {
    return this.transactions.run(async (manager) => {
      const entries: DataMapEntry[] = [];
      for (const store of this.stores) {
        const purged = Boolean(store.retention && store.purge);
        entries.push({
          store: store.name,
          holds: store.holds,
          retention: retentionRuleText(store),
          keptWhile: store.keptWhile ?? null,
          nextPurgeAt: purged ? nextPurgeAt(now).toISOString() : null,
          rows: await store.count(manager),
        });
      }
      return entries;
    });
  }
}

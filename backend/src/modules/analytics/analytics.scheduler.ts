import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { Cron } from '@nestjs/schedule';
import { APP_CONFIG, type AppConfig } from '../../core/config/config.js';
import type { LockedRun } from '../../core/scheduling/advisory-lock.js';
import { TaskLocks } from '../../database/task-locks.js';
import { Transactions } from '../../database/transactions.js';
import { AnalyticsClock } from './analytics-clock.js';
import { AnalyticsRollups } from './analytics-rollups.js';
import { purgeAnalyticsRollups } from './analytics.retention.js';
import { ukDay } from './uk-days.js';
import { VisitSalts } from './visit-salts.js';

/** Advisory lock of the salt rotation (beside the privacy tasks' keys in core/scheduling). */
export const saltRotationLockKey = 804_211_201;

/** Advisory lock of the daily rollups' catch-up: one instance rolls up at a time. */
export const rollupLockKey = 804_211_202;

export interface RotationResult {
  saltsDestroyed: number;
  visitsPurged: number;
}

/**
 * The salt rotation (docs/product.md#analytics-counting): a few minutes after each UK midnight, and
 * hourly in case an instance was down, every past day's salt is destroyed, and visits past the
 * two-year retention go with it. Then the daily rollups (docs/product.md#analytics-rollups): every
 * completed UK day not rolled up yet is, on the same schedule and once at start-up.
 */
@Injectable()
export class AnalyticsScheduler implements OnApplicationBootstrap {
  private readonly logger = new Logger(AnalyticsScheduler.name);

  constructor(
    private readonly salts: VisitSalts,
    private readonly rollups: AnalyticsRollups,
    private readonly clock: AnalyticsClock,
    private readonly taskLocks: TaskLocks,
    private readonly transactions: Transactions,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The start-up catch-up runs in the background: the site answers meanwhile (from raw data). */
  onApplicationBootstrap(): void {
    if (!this.config.analyticsRollupAtStartup) return;
    this.rollUp().catch((error: unknown) => this.logFailure('analytics rollup at start-up', error));
  }

  @Cron('0 1 * * * *', { name: 'analytics-salt-rotation', timeZone: 'Europe/London' })
  async rotationTick(): Promise<void> {
    try {
      await this.rotate();
    } catch (error) {
      this.logFailure('analytics salt rotation', error);
    }
    try {
      await this.rollUp();
    } catch (error) {
      this.logFailure('analytics rollup', error);
    }
  }

  rotate(now = this.clock.now()): Promise<LockedRun<RotationResult>> {
    return this.taskLocks.withLock(saltRotationLockKey, async () => ({
      saltsDestroyed: await this.salts.destroyBefore(ukDay(now)),
      visitsPurged: await this.transactions.run((manager) => purgeAnalyticsRollups(manager, now)),
    }));
  }

  /** Rolls up the completed days not rolled up yet, on one instance; answers the days rolled up. */
  rollUp(now = this.clock.now()): Promise<LockedRun<string[]>> {
    return this.taskLocks.withLock(rollupLockKey, () => this.rollups.catchUp(now));
  }

  private logFailure(task: string, error: unknown): void {
    this.logger.error(`${task} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

import { Injectable, Logger } from '@nestjs/common';
import { Cron } from '@nestjs/schedule';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { withAdvisoryLock, type LockedRun } from '../../core/scheduling/advisory-lock.js';
import { AnalyticsClock } from './analytics-clock.js';
import { purgeAnalyticsRollups } from './analytics.retention.js';
import { ukDay } from './uk-days.js';
import { VisitSalts } from './visit-salts.js';

/** Advisory lock of the salt rotation (beside the privacy tasks' keys in core/scheduling). */
export const saltRotationLockKey = 804_211_201;

export interface RotationResult {
  saltsDestroyed: number;
  visitsPurged: number;
}

/**
 * The salt rotation (docs/product.md#analytics-counting): a few minutes after each UK midnight, and
 * hourly in case an instance was down, every past day's salt is destroyed, and visits past the
 * two-year retention go with it.
 */
@Injectable()
export class AnalyticsScheduler {
  private readonly logger = new Logger(AnalyticsScheduler.name);

  constructor(
    private readonly salts: VisitSalts,
    private readonly clock: AnalyticsClock,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  @Cron('0 1 * * * *', { name: 'analytics-salt-rotation', timeZone: 'Europe/London' })
  async rotationTick(): Promise<void> {
    try {
      await this.rotate();
    } catch (error) {
      this.logger.error(`analytics salt rotation failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  rotate(now = this.clock.now()): Promise<LockedRun<RotationResult>> {
    return withAdvisoryLock(this.dataSource, saltRotationLockKey, async () => ({
      saltsDestroyed: await this.salts.destroyBefore(ukDay(now)),
      visitsPurged: await purgeAnalyticsRollups(this.dataSource.manager, now),
    }));
  }
}

import { Injectable, Logger } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { taskLockKeys, withAdvisoryLock, type LockedRun } from '../../core/scheduling/advisory-lock.js';
import { PrivacyService } from './privacy.service.js';

/**
 * The privacy tasks (docs/product.md#retention, #data-deletion). Each run takes a PostgreSQL advisory lock, so with several
 * instances one does the work; the bodies are public so that tests can call them directly.
 */
@Injectable()
export class PrivacyScheduler {
  private readonly logger = new Logger(PrivacyScheduler.name);

  constructor(
    private readonly privacyService: PrivacyService,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  @Cron(CronExpression.EVERY_5_MINUTES, { name: 'privacy-deletions' })
  async processDeletionsTick(): Promise<void> {
    await this.safely('deletions', () => this.processDeletions());
  }

  @Cron('0 30 2 * * *', { name: 'privacy-retention', timeZone: 'Europe/London' })
  async retentionTick(): Promise<void> {
    await this.safely('retention', () => this.runRetention());
  }

  @Cron('0 0 8 * * *', { name: 'privacy-digest', timeZone: 'Europe/London' })
  async digestTick(): Promise<void> {
    await this.safely('digest', () => this.sendDigest());
  }

  processDeletions(now = new Date()): Promise<LockedRun<number>> {
    return withAdvisoryLock(this.dataSource, taskLockKeys.deletionProcessing, () =>
      this.privacyService.processApprovedDeletions(now),
    );
  }

  runRetention(now = new Date()): Promise<LockedRun<Record<string, number>>> {
    return withAdvisoryLock(this.dataSource, taskLockKeys.retention, () => this.privacyService.runRetention(now));
  }

  sendDigest(now = new Date()): Promise<LockedRun<number>> {
    return withAdvisoryLock(this.dataSource, taskLockKeys.privacyDigest, () => this.privacyService.sendDigest(now));
  }

  /** A failed run is logged and retried at the next tick; it never crashes the process. */
  private async safely(task: string, run: () => Promise<unknown>): Promise<void> {
    try {
      await run();
    } catch (error) {
      this.logger.error(`privacy task ${task} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

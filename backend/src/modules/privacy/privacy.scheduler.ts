import { Injectable, Logger } from '@nestjs/common';
import { Cron } from '@nestjs/schedule';
import { privacyErasureEveryMinutes } from '@northbeam/common';
import { taskLockKeys, type LockedRun } from '../../core/scheduling/advisory-lock.js';
import { TaskLocks } from '../../database/task-locks.js';
import { ErasureService } from './erasure.service.js';
import { PrivacyDigestService } from './privacy-digest.service.js';
import { RetentionService } from './retention.service.js';

/**
 * The privacy tasks (docs/product.md#retention, #data-deletion). Each run takes a PostgreSQL advisory lock, so with several
 * instances one does the work; the bodies are public so that tests can call them directly.
 */
@Injectable()
export class PrivacyScheduler {
  private readonly logger = new Logger(PrivacyScheduler.name);

  constructor(
    private readonly erasure: ErasureService,
    private readonly retention: RetentionService,
    private readonly digest: PrivacyDigestService,
    private readonly taskLocks: TaskLocks,
  ) {}

  @Cron(`0 */${privacyErasureEveryMinutes} * * * *`, { name: 'privacy-deletions' })
  async processDeletionsTick(): Promise<void> {
    await this.safely('deletions', () => this.processDeletions());
  }

  /** 02:30 UK time, as `retentionRunAt` (the data map's next purge) says. */
  @Cron('0 30 2 * * *', { name: 'privacy-retention', timeZone: 'Europe/London' })
  async retentionTick(): Promise<void> {
    await this.safely('retention', () => this.runRetention());
  }

  @Cron('0 0 8 * * *', { name: 'privacy-digest', timeZone: 'Europe/London' })
  async digestTick(): Promise<void> {
    await this.safely('digest', () => this.sendDigest());
  }

  processDeletions(now = new Date()): Promise<LockedRun<number>> {
    return this.taskLocks.withLock(taskLockKeys.deletionProcessing, () => this.erasure.processApprovedDeletions(now));
  }

  runRetention(now = new Date()): Promise<LockedRun<Record<string, number>>> {
    return this.taskLocks.withLock(taskLockKeys.retention, () => this.retention.runRetention(now));
  }

  sendDigest(now = new Date()): Promise<LockedRun<number>> {
    return this.taskLocks.withLock(taskLockKeys.privacyDigest, () => this.digest.sendDigest(now));
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

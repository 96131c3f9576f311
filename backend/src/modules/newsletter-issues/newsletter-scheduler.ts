import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { APP_CONFIG, type AppConfig } from '../../core/config/config.js';
import { taskLockKeys, type LockedRun } from '../../core/scheduling/advisory-lock.js';
import { TaskLocks } from '../../database/task-locks.js';
import { NewsletterIssuesRepository } from './newsletter-issues.repository.js';
import { NewsletterIssuesService } from './newsletter-issues.service.js';

const intervalName = 'scheduled-newsletters';

/**
 * Sends scheduled newsletter issues when their time comes (docs/product.md#newsletter-issues), like
 * the post scheduler: every instance looks as often as it looks for scheduled posts, one of them
 * (PostgreSQL advisory lock) starts what is due, and each issue's start re-checks its status under
 * the issue's row lock, so an issue goes out once however many instances run. `sendDue(now)` may
 * also be called directly (tests pass their own clock).
 */
@Injectable()
export class NewsletterScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(NewsletterScheduler.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    // Only for the advisory lock's dedicated connection; the queries are the repository's.
    private readonly taskLocks: TaskLocks,
    private readonly schedulerRegistry: SchedulerRegistry,
    private readonly issues: NewsletterIssuesRepository,
    private readonly service: NewsletterIssuesService,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.scheduledPublishIntervalMs <= 0) return;
    const interval = setInterval(() => {
      // A failed run is logged and retried at the next tick; it never crashes the process.
      this.sendDue().catch((error: unknown) =>
        this.logger.error(
          `Sending scheduled newsletters failed: ${error instanceof Error ? error.message : String(error)}`,
        ),
      );
    }, this.config.scheduledPublishIntervalMs);
    interval.unref();
    this.schedulerRegistry.addInterval(intervalName, interval);
  }

  onApplicationShutdown(): void {
    if (this.schedulerRegistry.doesExist('interval', intervalName)) this.schedulerRegistry.deleteInterval(intervalName);
  }

  /** Starts every scheduled issue due at `now`; `{ ran: false }` when another instance holds the lock. */
  async sendDue(now = new Date()): Promise<LockedRun<number>> {
    // The common case costs one indexed read and no lock connection.
    if (!(await this.issues.hasScheduledDue(now))) return { ran: true, result: 0 };
    return this.taskLocks.withLock(taskLockKeys.scheduledNewsletters, async () => {
      let started = 0;
      for (const id of await this.issues.scheduledDueIds(now)) {
        if (await this.service.sendScheduled(id, now)) started += 1;
      }
      return started;
    });
  }
}

import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { APP_CONFIG, type AppConfig } from '../../core/config/config.js';
import { taskLockKeys, type LockedRun } from '../../core/scheduling/advisory-lock.js';
import { TaskLocks } from '../../database/task-locks.js';
import { ActivityService } from '../activity/activity.service.js';
import { ContentVersionService } from '../content-version/content-version.service.js';
import { postChangeKeys } from '../../core/http/cdn-cache.js';
import { PostNotifications } from './post-notifications.js';
import { PostWebhooks } from './post-webhooks.js';
import { PostsRepository } from './posts.repository.js';
import { Transactions } from '../../database/transactions.js';

const intervalName = 'scheduled-posts';

/**
 * Publishes scheduled posts when their time comes (docs/product.md#publishing): every instance looks
 * every few seconds, one of them (PostgreSQL advisory lock) publishes what is due, sets
 * `publishedAt`, empties every instance's page caches (content version) and logs each publication
 * without an actor, and tells each author their post is live. `publishDue(now)` may also be called directly (tests pass their own clock).
 */
@Injectable()
export class PostScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(PostScheduler.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    // Only for the advisory lock's dedicated connection; the queries are the posts repository's.
    private readonly taskLocks: TaskLocks,
    private readonly schedulerRegistry: SchedulerRegistry,
    private readonly activity: ActivityService,
    private readonly contentVersion: ContentVersionService,
    private readonly posts: PostsRepository,
    private readonly notifications: PostNotifications,
    private readonly webhooks: PostWebhooks,
    private readonly transactions: Transactions,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.scheduledPublishIntervalMs <= 0) return;
    const interval = setInterval(() => {
      // A failed run is logged and retried at the next tick; it never crashes the process.
      this.publishDue().catch((error: unknown) =>
        this.logger.error(
          `Publishing scheduled posts failed: ${error instanceof Error ? error.message : String(error)}`,
        ),
      );
    }, this.config.scheduledPublishIntervalMs);
    interval.unref();
    this.schedulerRegistry.addInterval(intervalName, interval);
  }

  onApplicationShutdown(): void {
    if (this.schedulerRegistry.doesExist('interval', intervalName)) this.schedulerRegistry.deleteInterval(intervalName);
  }

  /** Publishes every scheduled post due at `now`; `{ ran: false }` when another instance holds the lock. */
  async publishDue(now = new Date()): Promise<LockedRun<number>> {
    // The common case costs one indexed read and no lock connection.
    if (!(await this.posts.hasScheduledDue(now))) return { ran: true, result: 0 };
    return this.taskLocks.withLock(taskLockKeys.scheduledPosts, () => this.publish(now));
  }

  private publish(now: Date): Promise<number> {
    return this.transactions.run(async (manager) => {
      const published = await this.posts.publishScheduledDue(manager, now);
      for (const post of published) {
        await this.activity.record(manager, {
          actor: null,
          action: 'post.published',
          target: { type: 'post', id: post.id, label: post.title },
        });
        await this.notifications.live(manager, post);
        await this.webhooks.published(manager, post, true, now);
      }
      if (published.length > 0)
        await this.contentVersion.bump(
          published.flatMap((post) => postChangeKeys(post.id, [post.section])),
          manager,
        );
      return published.length;
    });
  }
}

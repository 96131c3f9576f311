import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../core/config/config.js';
import { taskLockKeys, withAdvisoryLock, type LockedRun } from '../../core/scheduling/advisory-lock.js';
import { ActivityService } from '../activity/activity.service.js';
import { ContentVersionService } from '../content-version/content-version.service.js';
import { postChangeKeys } from '../../core/http/cdn-cache.js';

const intervalName = 'scheduled-posts';

/**
 * Publishes scheduled posts when their time comes (docs/product.md#publishing): every instance looks
 * every few seconds, one of them (PostgreSQL advisory lock) publishes what is due, sets
 * `publishedAt`, empties every instance's page caches (content version) and logs each publication
 * without an actor. `publishDue(now)` may also be called directly (tests pass their own clock).
 */
@Injectable()
export class PostScheduler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(PostScheduler.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly schedulerRegistry: SchedulerRegistry,
    private readonly activity: ActivityService,
    private readonly contentVersion: ContentVersionService,
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
    const [due] = await this.dataSource.query<unknown[]>(
      `SELECT 1 FROM "posts" WHERE "status" = 'scheduled' AND "publish_at" <= $1 LIMIT 1`,
      [now],
    );
    if (!due) return { ran: true, result: 0 };
    return withAdvisoryLock(this.dataSource, taskLockKeys.scheduledPosts, () => this.publish(now));
  }

  private publish(now: Date): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      // The status in the WHERE clause makes the change safe on its own: a row published meanwhile is skipped.
      const result = await manager.query<unknown>(
        `UPDATE "posts"
            SET "status" = 'published', "published_at" = COALESCE("published_at", $1), "publish_at" = NULL, "updated_at" = now()
          WHERE "status" = 'scheduled' AND "publish_at" <= $1
        RETURNING "id", "title", "section"`,
        [now],
      );
      // TypeORM answers UPDATE … RETURNING with [rows, count].
      const rows = (Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result) as {
        id: string;
        title: string;
        section: string;
      }[];
      for (const post of rows) {
        await this.activity.record(manager, {
          actor: null,
          action: 'post.published',
          target: { type: 'post', id: post.id, label: post.title },
        });
      }
      if (rows.length > 0)
        await this.contentVersion.bump(
          rows.flatMap((post) => postChangeKeys(post.id, [post.section])),
          manager,
        );
      return rows.length;
    });
  }
}

import { Inject, Injectable, Logger, Optional, type OnModuleInit } from '@nestjs/common';
import type { EntityManager, QueryRunner } from 'typeorm';
import type { CdnPurger } from '../../core/http/cdn-cache.js';
import { openTransaction } from '../../database/open-transaction.js';
import { ContentVersionRepository } from './content-version.repository.js';

/** The shared cache's purger (CDN_PURGE_URL), or null when none is configured. */
export const CDN_PURGER = Symbol('CDN_PURGER');

/** How long an instance trusts the version it last read before asking the database again. */
const readIntervalMs = 1000;

/**
 * The content version: a counter in PostgreSQL that every change to public content (posts, case
 * studies) increments. Page caches compare against it, so a publish on one instance empties the
 * caches of all instances within a second, and of its own instance at once. A shared cache in front
 * (CDN_PURGE_URL) is purged of the keys that the change names (backend/src/core/http/cdn-cache.ts),
 * by the instance that made the change, once its transaction has committed, without holding up the
 * request; a failed purge is logged.
 */
@Injectable()
export class ContentVersionService implements OnModuleInit {
  private readonly logger = new Logger(ContentVersionService.name);
  private known = 0;
  private readAt = 0;
  private pending: Promise<number> | undefined;
  /** Transactions that bumped the version, with the keys to purge from the shared cache when they commit. */
  private readonly purgeOnCommit = new WeakMap<QueryRunner, Set<string>>();

  constructor(
    private readonly repository: ContentVersionRepository,
    @Optional() @Inject(CDN_PURGER) private readonly purger: CdnPurger | null = null,
  ) {}

  onModuleInit(): void {
    if (!this.purger) return;
    this.repository.followTransactions({
      afterTransactionCommit: ({ queryRunner }) => {
        const keys = this.purgeOnCommit.get(queryRunner);
        if (!keys) return;
        this.purgeOnCommit.delete(queryRunner);
        this.purgeSharedCache([...keys]);
      },
      afterTransactionRollback: ({ queryRunner }) => {
        this.purgeOnCommit.delete(queryRunner);
      },
    });
  }

  /**
   * Call inside the transaction that changes public content (or after it), with the shared cache's
   * keys of what changed (`contentKeys` and the change helpers of cdn-cache.ts).
   */
  async bump(changed: readonly string[], manager?: EntityManager): Promise<void> {
    await this.repository.increment(manager);
    // This instance must not trust its last reading any more: the next page view asks again.
    this.readAt = 0;
    if (!this.purger) return;
    const runner = manager?.queryRunner;
    if (runner?.isTransactionActive) {
      const keys = this.purgeOnCommit.get(runner) ?? new Set<string>();
      for (const key of changed) keys.add(key);
      this.purgeOnCommit.set(runner, keys);
    } else this.purgeSharedCache([...changed]);
  }

  /**
   * Purges now, and again once every instance has read the new version: until then another instance
   * may still render the old page, and the shared cache would keep that copy after the first purge.
   */
  private purgeSharedCache(keys: string[]): void {
    if (keys.length === 0) return;
    const purge = () =>
      this.purger?.purge(keys).catch((error: unknown) => {
        this.logger.warn(`Purging the shared cache failed: ${error instanceof Error ? error.message : String(error)}`);
      });
    void purge();
    setTimeout(() => void purge(), readIntervalMs + 500).unref();
  }

  /**
   * The version, read at most once a second. Inside a transaction (its manager given, or work of
   * `Transactions.run`) a stale reading is refreshed through the transaction's own connection, never
   * by awaiting the reading another request started outside it (the embedded database has only one
   * connection, which the transaction holds), and that reading is not kept, because the transaction
   * may have bumped the version without committing it yet.
   */
  async current(manager?: EntityManager): Promise<number> {
    if (Date.now() - this.readAt < readIntervalMs) return this.known;
    const transaction = openTransaction(manager);
    if (transaction) {
      return this.repository.read(transaction);
    }
    this.pending ??= this.repository
      .read()
      .then((version) => {
        this.known = version;
        this.readAt = Date.now();
        return this.known;
      })
      .finally(() => {
        this.pending = undefined;
      });
    return this.pending;
  }
}

import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';

/** How long an instance trusts the version it last read before asking the database again. */
const readIntervalMs = 1000;

/**
 * The content version: a counter in PostgreSQL that every change to public content (posts, case
 * studies) increments. Page caches compare against it, so a publish on one instance empties the
 * caches of all instances within a second, and of its own instance at once.
 */
@Injectable()
export class ContentVersionService {
  private known = 0;
  private readAt = 0;
  private pending: Promise<number> | undefined;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Call inside the transaction that changes public content. */
  async bump(manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.query(`UPDATE content_version SET version = version + 1 WHERE id = 1`);
    // This instance must not trust its last reading any more: the next page view asks again.
    this.readAt = 0;
  }

  async current(): Promise<number> {
    if (Date.now() - this.readAt < readIntervalMs) return this.known;
    this.pending ??= this.dataSource
      .query<{ version: string }[]>(`SELECT version FROM content_version WHERE id = 1`)
      .then(([row]) => {
        this.known = Number(row?.version ?? 0);
        this.readAt = Date.now();
        return this.known;
      })
      .finally(() => {
        this.pending = undefined;
      });
    return this.pending;
  }
}

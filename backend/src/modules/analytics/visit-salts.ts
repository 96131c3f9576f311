import { createHash, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { rowCount } from '../../database/query-result.js';

/**
 * The random salt of each UK day (docs/product.md#analytics-counting). A visitor is
 * sha256(salt, client address, user agent): the same person gets a new hash every day, and once the
 * rotation task has destroyed a past day's salt its hashes can no longer be linked or recomputed.
 */
@Injectable()
export class VisitSalts {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The salt of `day`, created on its first event (every instance agrees: the first insert wins). */
  async saltFor(day: string, manager: EntityManager = this.dataSource.manager): Promise<string> {
    const existing = await this.existingSalt(day, manager);
    if (existing) return existing;
    await manager.query(
      `INSERT INTO "analytics_salts" ("day", "salt") VALUES ($1, $2) ON CONFLICT ("day") DO NOTHING`,
      [day, randomBytes(32).toString('hex')],
    );
    return (await this.existingSalt(day, manager))!;
  }

  /** The salt of `day` if one exists, without creating it. */
  async existingSalt(day: string, manager: EntityManager = this.dataSource.manager): Promise<string | null> {
    const rows = await manager.query<{ salt: string }[]>(`SELECT "salt" FROM "analytics_salts" WHERE "day" = $1`, [
      day,
    ]);
    return rows[0]?.salt ?? null;
  }

  /** Destroys every salt of a day before `today`; answers how many went. */
  async destroyBefore(today: string): Promise<number> {
    return rowCount(
      await this.dataSource.query(`DELETE FROM "analytics_salts" WHERE "day" < $1 RETURNING "day"`, [today]),
    );
  }
}

/** The visit hash: hex sha256 of the day's salt, the client address and the user agent. */
export function visitorHash(salt: string, clientAddress: string, userAgent: string): string {
  return createHash('sha256').update(`${salt}\n${clientAddress}\n${userAgent}`).digest('hex');
}

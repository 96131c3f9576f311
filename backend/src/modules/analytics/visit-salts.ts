import { createHash, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { VisitSaltsRepository } from './visit-salts.repository.js';

/**
 * The random salt of each UK day (docs/product.md#analytics-counting). A visitor is
 * sha256(salt, client address, user agent): the same person gets a new hash every day, and once the
 * rotation task has destroyed a past day's salt its hashes can no longer be linked or recomputed.
 */
@Injectable()
export class VisitSalts {
  constructor(private readonly repository: VisitSaltsRepository) {}

  /** The salt of `day`, created on its first event (every instance agrees: the first insert wins). */
  async saltFor(day: string, manager?: EntityManager): Promise<string> {
    const existing = await this.existingSalt(day, manager);
    if (existing) return existing;
    await this.repository.insertIfMissing(day, randomBytes(32).toString('hex'), manager);
    return (await this.existingSalt(day, manager))!;
  }

  /** The salt of `day` if one exists, without creating it. */
  async existingSalt(day: string, manager?: EntityManager): Promise<string | null> {
    return this.repository.findSalt(day, manager);
  }

  /** Destroys every salt of a day before `today`; answers how many went. */
  async destroyBefore(today: string): Promise<number> {
    return this.repository.deleteBefore(today);
  }
}

/** The visit hash: hex sha256 of the day's salt, the client address and the user agent. */
export function visitorHash(salt: string, clientAddress: string, userAgent: string): string {
  return createHash('sha256').update(`${salt}\n${clientAddress}\n${userAgent}`).digest('hex');
}

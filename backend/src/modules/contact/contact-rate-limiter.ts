import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

export interface RateLimitDecision {
  allowed: boolean;
  /** Seconds until the window ends. */
  retryAfterSeconds: number;
}

/**
 * Fixed-window counter kept in PostgreSQL, so that every instance of the site sees the same count.
 * One statement counts and reads atomically, so concurrent requests are never under-counted.
 */
@Injectable()
export class ContactRateLimiter {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async hit(key: string, max: number, windowSeconds: number): Promise<RateLimitDecision> {
    const rows = await this.dataSource.query<{ count: number; retry_after: number }[]>(
      `INSERT INTO "rate_limit_counters" AS counter ("key", "window_start", "count")
       VALUES ($1, now(), 1)
       ON CONFLICT ("key") DO UPDATE SET
         "count" = CASE WHEN counter."window_start" <= now() - make_interval(secs => $2) THEN 1 ELSE counter."count" + 1 END,
         "window_start" = CASE WHEN counter."window_start" <= now() - make_interval(secs => $2) THEN now() ELSE counter."window_start" END
       RETURNING "count", GREATEST(1, CEIL(EXTRACT(EPOCH FROM ("window_start" + make_interval(secs => $2) - now()))))::int AS "retry_after"`,
      [key, windowSeconds],
    );
    const row = rows[0];
    return { allowed: row.count <= max, retryAfterSeconds: row.retry_after };
  }
}

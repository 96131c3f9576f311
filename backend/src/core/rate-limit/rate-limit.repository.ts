import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { tableStatements } from '../../database/personal-data-rows.js';

/** A window's count after one more hit, and the seconds until the window ends. */
export interface RateLimitCount {
  count: number;
  retryAfterSeconds: number;
}

/** The `rate_limit_counters` table: fixed windows, one row a (hashed) key. */
@Injectable()
export class RateLimitRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Counts one hit of `key` in its window of `windowSeconds` (a new window once the last one is
   * over). One statement counts and reads atomically, so concurrent requests are never under-counted.
   */
  async hit(key: string, windowSeconds: number): Promise<RateLimitCount> {
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
    return { count: row.count, retryAfterSeconds: row.retry_after };
  }
}

/** The rate-limit counters' statements for their personal-data declaration: a day-old window is finished. */
export const rateLimitCountersPersonalData = tableStatements('rate_limit_counters', {
  expired: `"window_start" < $1`,
});

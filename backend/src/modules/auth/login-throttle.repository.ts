import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import { LoginAttempt } from './entities/login-attempt.entity.js';

@Injectable()
export class LoginThrottleRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  findByKeys(keys: string[]): Promise<LoginAttempt[]> {
    return this.dataSource.getRepository(LoginAttempt).findBy({ key: In(keys) });
  }

  /**
   * Counts one failure atomically (several instances may count at once) and returns the new count.
   * A counter idle for longer than `resetAfterMs` starts again from one.
   */
  async recordFailure(key: string, now: Date, resetAfterMs: number): Promise<number> {
    const rows: { failures: number }[] = await this.dataSource.query(
      `INSERT INTO "login_attempts" ("key", "failures", "last_failure_at") VALUES ($1, 1, $2)
       ON CONFLICT ("key") DO UPDATE SET
         "failures" = CASE WHEN "login_attempts"."last_failure_at" < $3 THEN 1 ELSE "login_attempts"."failures" + 1 END,
         "last_failure_at" = $2,
         "blocked_until" = CASE WHEN "login_attempts"."last_failure_at" < $3 THEN NULL ELSE "login_attempts"."blocked_until" END
       RETURNING "failures"`,
      [key, now, new Date(now.getTime() - resetAfterMs)],
    );
    return rows[0].failures;
  }

  async block(key: string, until: Date): Promise<void> {
    await this.dataSource.query(`UPDATE "login_attempts" SET "blocked_until" = $2 WHERE "key" = $1`, [key, until]);
  }

  async clear(key: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM "login_attempts" WHERE "key" = $1`, [key]);
  }
}

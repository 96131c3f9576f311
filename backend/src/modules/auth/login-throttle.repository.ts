import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import { LoginAttempt } from './entities/login-attempt.entity.js';
import { countRows, deleteRows, type PersonalDataStatements } from '../../database/personal-data-rows.js';

/** One counter to reserve an attempt on: its stored key and the failures it allows before waits. */
export interface ThrottleCounter {
  key: string;
  freeFailures: number;
}

export interface ReservationRule {
  now: Date;
  /** A counter whose last attempt is older than this starts again from one. */
  staleBefore: Date;
  /** Wait in milliseconds after the n-th failure beyond the free ones (index 0 = the first), the last entry for any further one. */
  waitsMs: number[];
}

@Injectable()
export class LoginThrottleRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  findByKeys(keys: string[]): Promise<LoginAttempt[]> {
    return this.dataSource.getRepository(LoginAttempt).findBy({ key: In(keys) });
  }

  /**
   * Counts one attempt on each counter that is not waiting, and returns the keys it counted. The
   * decision and the count are one statement: PostgreSQL locks each counter row while it updates
   * it, so however many attempts arrive together, from however many instances, each sees the count
   * left by the one before. The attempt that uses the last free failure sets the wait at once, so
   * every later one is refused until the wait is over. The attempt is counted as a failure before
   * the password is checked; {@link refund} gives it back when it was not one.
   */
  async reserve(counters: [ThrottleCounter, ThrottleCounter], rule: ReservationRule): Promise<string[]> {
    const [first, second] = counters;
    const rows: { key: string }[] = await this.dataSource.query(
      `INSERT INTO "login_attempts" AS attempt ("key", "failures", "last_failure_at", "blocked_until")
       SELECT candidate.key, 1, $5::timestamptz,
              CASE WHEN candidate.free <= 1 THEN $5::timestamptz + ($7::int[])[1] * interval '1 millisecond' END
       FROM (VALUES ($1::varchar, $2::int), ($3::varchar, $4::int)) AS candidate (key, free)
       ON CONFLICT ("key") DO UPDATE SET
         "failures" = CASE WHEN attempt."last_failure_at" < $6 THEN 1 ELSE attempt."failures" + 1 END,
         "last_failure_at" = $5,
         "blocked_until" = CASE
           WHEN (CASE WHEN attempt."last_failure_at" < $6 THEN 1 ELSE attempt."failures" + 1 END)
                < (CASE WHEN attempt."key" = $1 THEN $2 ELSE $4 END) THEN NULL
           ELSE $5::timestamptz + ($7::int[])[LEAST(
             (CASE WHEN attempt."last_failure_at" < $6 THEN 1 ELSE attempt."failures" + 1 END)
               - (CASE WHEN attempt."key" = $1 THEN $2 ELSE $4 END),
             array_length($7::int[], 1) - 1) + 1] * interval '1 millisecond'
         END
       WHERE attempt."last_failure_at" < $6 OR attempt."blocked_until" IS NULL OR attempt."blocked_until" <= $5
       RETURNING attempt."key"`,
      [first.key, first.freeFailures, second.key, second.freeFailures, rule.now, rule.staleBefore, rule.waitsMs],
    );
    return rows.map((row) => row.key);
  }

  /**
   * Takes back an attempt counted by {@link reserve} that was not a failure (a correct password, or
   * an attempt refused on its other counter), the wait it set included: the counter is left as the
   * attempt found it. An attempt is counted only when no wait is in force, so a wait in force now was
   * set either by this attempt or by a later one that used the last free failure, and without this
   * attempt that one is within the free failures. Either way no wait is left; earlier failures still
   * count, so the next failure waits as long as it would have.
   */
  async refund(key: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE "login_attempts" SET "failures" = GREATEST("failures" - 1, 0), "blocked_until" = NULL WHERE "key" = $1`,
      [key],
    );
  }

  async clear(key: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM "login_attempts" WHERE "key" = $1`, [key]);
  }
}

/** The failed sign-in counters' statements for their personal-data declaration: idle ones no longer blocking go. */
export const loginAttemptsPersonalData: PersonalDataStatements = {
  purge: (manager, cutoff, now) =>
    deleteRows(
      manager,
      `DELETE FROM "login_attempts" WHERE "last_failure_at" < $1 AND ("blocked_until" IS NULL OR "blocked_until" < $2) RETURNING 1`,
      [cutoff, now],
    ),
  count: (manager) => countRows(manager, 'login_attempts'),
};

import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { LockedRun } from '../core/scheduling/advisory-lock.js';

/**
 * What scheduled tasks share across instances: PostgreSQL advisory locks (one instance runs a task
 * at a time) and the record of a task's daily run (a digest goes out once). Keys live in
 * `core/scheduling/advisory-lock.ts`.
 */
@Injectable()
export class TaskLocks {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Runs `task` only if this instance wins the advisory lock `key`; another instance holding it
   * makes this call return `{ ran: false }` at once. The lock is session-level, so it is taken and
   * released on one dedicated connection (a unit of its own: it opens no transaction).
   */
  async withLock<T>(key: number, task: () => Promise<T>): Promise<LockedRun<T>> {
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    let locked = false;
    try {
      const rows = (await runner.query('SELECT pg_try_advisory_lock($1) AS "locked"', [key])) as { locked: boolean }[];
      locked = rows[0]?.locked === true;
      if (!locked) return { ran: false };
      return { ran: true, result: await task() };
    } finally {
      if (locked) await runner.query('SELECT pg_advisory_unlock($1)', [key]).catch(() => undefined);
      await runner.release();
    }
  }

  /**
   * Records that `task` ran for `runKey` (e.g. a date). True the first time across every instance,
   * false afterwards: tasks that must happen once a day (a digest mail) check it.
   */
  async claimRun(task: string, runKey: string): Promise<boolean> {
    const rows = await this.dataSource.query<unknown[]>(
      `INSERT INTO "scheduled_task_runs" ("task", "run_key") VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING "task"`,
      [task, runKey],
    );
    return rows.length === 1;
  }
}

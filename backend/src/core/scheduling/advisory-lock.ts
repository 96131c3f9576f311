import type { DataSource } from 'typeorm';

export type LockedRun<T> = { ran: true; result: T } | { ran: false };

/**
 * Runs `task` only if this instance wins the PostgreSQL advisory lock `key`; another instance
 * holding it makes this call return `{ ran: false }` at once. The lock is session-level, so it is
 * taken and released on one dedicated connection.
 */
export async function withAdvisoryLock<T>(
  dataSource: DataSource,
  key: number,
  task: () => Promise<T>,
): Promise<LockedRun<T>> {
  const runner = dataSource.createQueryRunner();
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
export async function claimTaskRun(dataSource: DataSource, task: string, runKey: string): Promise<boolean> {
  const rows = await dataSource.query<unknown[]>(
    `INSERT INTO "scheduled_task_runs" ("task", "run_key") VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING "task"`,
    [task, runKey],
  );
  return rows.length === 1;
}

/** Advisory lock keys, one per scheduled task; arbitrary constants shared by every instance. */
export const taskLockKeys = {
  deletionProcessing: 804_211_101,
  retention: 804_211_102,
  privacyDigest: 804_211_103,
  scheduledPosts: 804_211_104,
  scheduledNewsletters: 804_211_110,
  enquiryReminders: 804_211_105,
  enquiryDigest: 804_211_106,
  inboundMail: 804_211_120,
} as const;

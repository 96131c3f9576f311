import type { DataSource } from 'typeorm';

/** Arbitrary constant shared by every instance: the advisory lock that serialises migrations. */
const migrationLockKey = 804_211_001;

/**
 * Runs pending migrations while holding a PostgreSQL advisory lock, so that several instances
 * starting at once apply each migration exactly once.
 */
export async function runMigrations(dataSource: DataSource): Promise<string[]> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock($1)', [migrationLockKey]);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((migration) => migration.name);
  } finally {
    await runner.query('SELECT pg_advisory_unlock($1)', [migrationLockKey]).catch(() => undefined);
    await runner.release();
  }
}

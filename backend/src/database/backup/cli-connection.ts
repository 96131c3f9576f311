import { rmSync } from 'node:fs';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { dataSourceOptions, type DatabaseConnection } from '../data-source-options.js';
import { migrations } from '../migrations/index.js';
import { writeLogicalBackup } from './logical-backup.js';

/** The backup command's own connections (backend/src/cli/backup.ts): it runs without the application. */

/** The migrations' names, in the order the code runs them. */
export function migrationName(migration: Function): string {
  return new (migration as new () => { name?: string })().name ?? migration.name;
}

/** Options for the CLI's own connection: no query time limit (a backup's batch of media can be slow). */
export function cliOptions(connection: DatabaseConnection, only?: readonly string[]): DataSourceOptions {
  const options = dataSourceOptions(connection);
  return {
    ...options,
    poolSize: 2,
    migrations: only ? migrations.filter((migration) => only.includes(migrationName(migration))) : migrations,
    extra: { ...(options as { extra?: Record<string, unknown> }).extra, query_timeout: 0 },
  } as DataSourceOptions;
}

export async function withDataSource<T>(
  options: DataSourceOptions,
  work: (dataSource: DataSource) => Promise<T>,
): Promise<T> {
  const dataSource = new DataSource(options);
  await dataSource.initialize();
  try {
    return await work(dataSource);
  } finally {
    await dataSource.destroy();
  }
}

/** The major version of the PostgreSQL server (17 for 17.2). */
export async function serverMajorVersion(dataSource: DataSource): Promise<number> {
  const [row] = await dataSource.query<Array<{ version: string }>>(`SHOW server_version_num`);
  return Math.floor(Number(row?.version ?? 0) / 10000);
}

/** Writes a logical backup of the database to `file` on one connection; a failed one leaves no file. */
export async function runLogicalBackup(dataSource: DataSource, file: string, source: 'embedded' | 'postgresql') {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    return await writeLogicalBackup(runner, file, source);
  } catch (error) {
    rmSync(file, { force: true });
    throw error;
  } finally {
    await runner.release();
  }
}

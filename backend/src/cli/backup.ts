import { existsSync, openSync, readSync, closeSync, renameSync, rmSync, statSync } from 'node:fs';
import { createInterface } from 'node:readline';
import path from 'node:path';
import type { AppConfig } from '../core/config/config.js';
import { BackupError, detectBackupKind, notABackup, schemaPlan } from '../database/backup/backup-format.js';
import { readLogicalHeader, restoreLogicalBackup } from '../database/backup/logical-backup.js';
import { pgDump, pgDumpMigrations, pgRestore, toolMajorVersion } from '../database/backup/pg-tools.js';
import {
  cliOptions,
  migrationName,
  runLogicalBackup,
  serverMajorVersion,
  withDataSource,
} from '../database/backup/cli-connection.js';
import type { DatabaseConnection } from '../database/data-source-options.js';
import {
  embeddedUrl,
  findRunningEmbeddedDatabase,
  startEmbeddedDatabase,
  type EmbeddedDatabase,
} from '../database/embedded-database.js';
import { runMigrations } from '../database/migrate.js';
import { migrations } from '../database/migrations/index.js';

export type BackupFormatChoice = 'auto' | 'pg_dump' | 'logical';

const say = (line: string) => process.stdout.write(`${line}\n`);
const note = (line: string) => process.stderr.write(`${line}\n`);

/** `backup --out FILE [--format auto|pg_dump|logical]`. */
export async function backup(config: AppConfig, out: string, format: BackupFormatChoice): Promise<number> {
  const file = path.resolve(out);
  if (existsSync(file))
    throw new BackupError(`${file} already exists: give a new file name (a backup never overwrites one).`);
  if (!existsSync(path.dirname(file))) throw new BackupError(`The folder ${path.dirname(file)} does not exist.`);
  const partial = `${file}.partial`;
  rmSync(partial, { force: true });

  if (config.databaseUrl) {
    const connection = { url: config.databaseUrl, embedded: false };
    const serverMajor = await withDataSource(cliOptions(connection), serverMajorVersion);
    const dumpMajor = toolMajorVersion('pg_dump');
    const dumpUsable = dumpMajor !== undefined && dumpMajor >= serverMajor;
    if (format === 'pg_dump' && !dumpUsable) {
      throw new BackupError(
        dumpMajor === undefined
          ? 'pg_dump is not on PATH: install the PostgreSQL client, or back up with --format logical.'
          : `pg_dump ${dumpMajor} cannot dump a PostgreSQL ${serverMajor} server: install pg_dump ${serverMajor} or newer, or back up with --format logical.`,
      );
    }
    if (format !== 'logical' && dumpUsable) {
      await pgDump(config.databaseUrl, partial);
      renameSync(partial, file);
      say(`Backed up the PostgreSQL database to ${file} (pg_dump custom format, ${sizeOf(file)}).`);
      return 0;
    }
    if (format === 'auto') {
      note(
        dumpMajor === undefined
          ? 'pg_dump is not on PATH: writing the logical format instead (it restores the same way).'
          : `pg_dump ${dumpMajor} is older than the server (${serverMajor}): writing the logical format instead.`,
      );
    }
    const summary = await withDataSource(cliOptions(connection), (dataSource) =>
      runLogicalBackup(dataSource, partial, 'postgresql'),
    );
    renameSync(partial, file);
    say(
      `Backed up ${summary.tables} tables (${summary.rows} rows, schema at migration ${summary.migrations}) to ${file} (logical format, ${sizeOf(file)}).`,
    );
    return 0;
  }

  if (format === 'pg_dump') {
    throw new BackupError(
      'pg_dump works on a PostgreSQL server (DATABASE_URL); the embedded database is backed up in the logical format.',
    );
  }
  const { connection, embedded, running } = await embeddedConnection(config);
  try {
    if (running) note(`The site (process ${running}) keeps running; its database work waits while the backup is read.`);
    const summary = await withDataSource(cliOptions(connection), (dataSource) =>
      runLogicalBackup(dataSource, partial, 'embedded'),
    );
    renameSync(partial, file);
    say(
      `Backed up ${summary.tables} tables (${summary.rows} rows, schema at migration ${summary.migrations}) to ${file} (logical format, ${sizeOf(file)}).`,
    );
    return 0;
  } finally {
    rmSync(partial, { force: true });
    await embedded?.stop();
  }
}

/** `restore --from FILE [--yes]`. */
export async function restore(config: AppConfig, from: string, confirmed: boolean): Promise<number> {
  const file = path.resolve(from);
  if (!existsSync(file) || !statSync(file).isFile()) throw new BackupError(`${file} does not exist.`);
  const kind = detectBackupKind(firstBytes(file, 8));
  if (kind === 'unknown') throw notABackup(file);
  const codeMigrations = migrations.map(migrationName);
  if (!confirmed && !process.stdin.isTTY) {
    throw new BackupError('A restore replaces everything in the database: add --yes to confirm.');
  }

  if (kind === 'pg_dump') {
    if (!config.databaseUrl) {
      throw new BackupError(
        `${file} is a pg_dump archive, which restores onto a PostgreSQL server (set DATABASE_URL). To move a site onto the embedded database, back it up with --format logical.`,
      );
    }
    if (toolMajorVersion('pg_restore') === undefined) {
      throw new BackupError(
        `${file} is a pg_dump archive: restoring it needs pg_restore and psql on PATH (the PostgreSQL client).`,
      );
    }
    const plan = schemaPlan(await pgDumpMigrations(file), codeMigrations);
    if (!(await confirm(confirmed, 'the PostgreSQL database of DATABASE_URL'))) return 1;
    await pgRestore(config.databaseUrl, file);
    await upgrade({ url: config.databaseUrl, embedded: false }, plan.pending);
    say(`Restored ${file} onto the PostgreSQL database.${pendingNote(plan.pending)} Staff sign in again.`);
    return 0;
  }

  const header = await readLogicalHeader(file);
  const plan = schemaPlan(header.migrations, codeMigrations);
  let target: { connection: DatabaseConnection; embedded?: EmbeddedDatabase };
  if (config.databaseUrl) target = { connection: { url: config.databaseUrl, embedded: false } };
  else {
    const { connection, embedded } = await embeddedConnection(config, { refuseRunning: true });
    target = { connection, embedded };
  }
  try {
    const where = config.databaseUrl
      ? 'the PostgreSQL database of DATABASE_URL'
      : `the embedded database in ${config.pgliteDir}`;
    if (!(await confirm(confirmed, where))) return 1;
    const summary = await withDataSource(cliOptions(target.connection, plan.atBackup), (dataSource) =>
      restoreLogicalBackup(dataSource, file),
    );
    await upgrade(target.connection, plan.pending);
    say(
      `Restored ${summary.tables} tables (${summary.rows} rows) from ${file} onto ${where}.${pendingNote(plan.pending)} Staff sign in again.`,
    );
    return 0;
  } finally {
    await target.embedded?.stop();
  }
}

/** A backup from an older version of the site: the newer migrations run now, as at the site's start. */
async function upgrade(connection: DatabaseConnection, pending: string[]): Promise<void> {
  if (pending.length === 0) return;
  await withDataSource(cliOptions(connection), (dataSource) => runMigrations(dataSource));
}

function pendingNote(pending: string[]): string {
  return pending.length > 0
    ? ` The backup came from an older version of the site; ${pending.length} newer schema migration${pending.length === 1 ? '' : 's'} then ran.`
    : '';
}

/**
 * The embedded database: the running site's (over its socket) or the data folder opened here. A
 * restore refuses a running site: the site keeps in memory what it read (caches, the schema it
 * checked at start) and holds the database's one session, which the restore's transaction would
 * share.
 */
async function embeddedConnection(
  config: AppConfig,
  options: { refuseRunning?: boolean } = {},
): Promise<{ connection: DatabaseConnection; embedded?: EmbeddedDatabase; running?: number }> {
  if (config.pgliteDir === 'memory://') {
    throw new BackupError('PGLITE_DIR=memory:// keeps nothing on disk; point PGLITE_DIR at a data folder.');
  }
  const running = findRunningEmbeddedDatabase(config.pgliteDir);
  if (running) {
    if (options.refuseRunning) {
      throw new BackupError(
        `The site is running on this embedded database (process ${running.pid}). Stop it first, then run the restore again: a restore replaces the whole database.`,
      );
    }
    return { connection: { url: embeddedUrl(running), embedded: true }, running: running.pid };
  }
  const embedded = await startEmbeddedDatabase(config.pgliteDir);
  return { connection: { url: embedded.url, embedded: true }, embedded };
}

function firstBytes(file: string, length: number): Uint8Array {
  const buffer = Buffer.alloc(length);
  const fd = openSync(file, 'r');
  try {
    const read = readSync(fd, buffer, 0, length, 0);
    return buffer.subarray(0, read);
  } finally {
    closeSync(fd);
  }
}

function sizeOf(file: string): string {
  const bytes = statSync(file).size;
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** On a terminal the operator types `yes`; a script passes --yes. */
async function confirm(confirmed: boolean, where: string): Promise<boolean> {
  if (confirmed) return true;
  if (!process.stdin.isTTY) {
    throw new BackupError(`A restore replaces everything in ${where}: add --yes to confirm.`);
  }
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  const answer = await new Promise<string>((resolve) =>
    rl.question(`This replaces everything in ${where} with the backup. Type yes to go on: `, resolve),
  );
  rl.close();
  if (answer.trim().toLowerCase() === 'yes') return true;
  say('Nothing was changed.');
  return false;
}

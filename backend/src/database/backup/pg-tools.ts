import { spawn, spawnSync } from 'node:child_process';
import { Readable } from 'node:stream';
import { BackupError, excludedTables, migrationsFromCopyText, notABackup } from './backup-format.js';

/** Migrations are serialised across instances by this advisory lock (backend/src/database/migrate.ts). */
const migrationLockKey = 804_211_001;

/** The major version of a PostgreSQL client tool on PATH, or undefined when it is not there. */
export function toolMajorVersion(tool: 'pg_dump' | 'pg_restore' | 'psql'): number | undefined {
  const result = spawnSync(tool, ['--version'], { encoding: 'utf8' });
  if (result.status !== 0) return undefined;
  const match = /\s(\d+)(\.\d+)?/.exec(result.stdout);
  return match ? Number(match[1]) : undefined;
}

function run(
  command: string,
  args: string[],
  options: { input?: NodeJS.ReadableStream | string; env?: NodeJS.ProcessEnv } = {},
): Promise<{ stdout: string; stderr: string; status: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      env: { ...process.env, ...options.env },
      stdio: [options.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (status) => resolve({ stdout, stderr, status: status ?? 1 }));
    if (typeof options.input === 'string') child.stdin!.end(options.input);
    else if (options.input) options.input.pipe(child.stdin!);
  });
}

function unreadableArchive(file: string, stderr: string): BackupError {
  return new BackupError(
    `pg_restore cannot read ${file} (${stderr.trim().replace(/^pg_restore: (error: )?/, '')}): it is cut short, damaged, or not a backup. Nothing was changed.`,
  );
}

/** pg_dump's custom format of the whole database at `url`, without the excluded tables' rows. */
export async function pgDump(url: string, file: string): Promise<void> {
  const result = await run('pg_dump', [
    '--format=custom',
    '--no-owner',
    '--no-privileges',
    ...excludedTables.map((table) => `--exclude-table-data=${table.name}`),
    `--file=${file}`,
    `--dbname=${url}`,
  ]);
  if (result.status !== 0) throw new BackupError(`pg_dump failed: ${result.stderr.trim()}`);
}

/** The migration names inside a pg_dump archive (its `migrations` table's rows), checked before any change. */
export async function pgDumpMigrations(file: string): Promise<string[]> {
  const list = await run('pg_restore', ['--list', file]);
  if (list.status !== 0) throw unreadableArchive(file, list.stderr);
  const data = await run('pg_restore', ['--data-only', '--table=migrations', '--file=-', file]);
  if (data.status !== 0) throw unreadableArchive(file, data.stderr);
  const names = migrationsFromCopyText(data.stdout);
  if (names.length === 0) throw notABackup(file, 'it has no migrations table');
  return names;
}

/**
 * Replaces the database at `url` with the archive, in one transaction (psql --single-transaction):
 * every table, view, sequence and type of the schema is dropped first, so nothing of the old schema
 * is left beside the archive's; the content version is then moved past every value a running
 * instance may have cached. pg_restore only turns the archive into SQL; psql runs it.
 */
export async function pgRestore(url: string, file: string): Promise<void> {
  if (toolMajorVersion('psql') === undefined) {
    throw new BackupError(
      'Restoring a pg_dump archive needs psql on PATH (it comes with pg_restore in the PostgreSQL client).',
    );
  }
  const before = `
SELECT pg_advisory_xact_lock(${migrationLockKey});
CREATE TEMPORARY TABLE northbeam_restore_prior (schema text, version bigint) ON COMMIT DROP;
INSERT INTO northbeam_restore_prior VALUES (current_schema(), NULL);
DO $restore$
DECLARE object record;
BEGIN
  IF to_regclass('content_version') IS NOT NULL THEN
    UPDATE northbeam_restore_prior SET version = (SELECT version FROM content_version WHERE id = 1);
  END IF;
  FOR object IN
    SELECT c.relname AS name, CASE c.relkind WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW'
           WHEN 'S' THEN 'SEQUENCE' WHEN 'f' THEN 'FOREIGN TABLE' ELSE 'TABLE' END AS kind
      FROM pg_class c
     WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'p', 'f', 'v', 'm', 'S')
     ORDER BY CASE c.relkind WHEN 'v' THEN 0 WHEN 'm' THEN 1 WHEN 'S' THEN 3 ELSE 2 END
  LOOP
    EXECUTE format('DROP %s IF EXISTS %I CASCADE', object.kind, object.name);
  END LOOP;
  FOR object IN
    SELECT t.typname AS name FROM pg_type t
     WHERE t.typnamespace = current_schema()::regnamespace AND t.typtype IN ('e', 'd')
  LOOP
    EXECUTE format('DROP TYPE IF EXISTS %I CASCADE', object.name);
  END LOOP;
END
$restore$;
`;
  const after = `
DO $restore$
DECLARE prior record;
BEGIN
  SELECT * INTO prior FROM pg_temp.northbeam_restore_prior;
  EXECUTE format('UPDATE %I.content_version SET version = GREATEST(version, $1) + 1 WHERE id = 1', prior.schema)
    USING COALESCE(prior.version, 0);
END
$restore$;
`;
  // The archive's SQL streams from pg_restore into psql (media bytes make it large). Should
  // pg_restore fail part way, the script ends in an error, so psql rolls the whole transaction back.
  const restore = spawn('pg_restore', ['--no-owner', '--no-privileges', '--file=-', file], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let restoreErrors = '';
  restore.stderr.setEncoding('utf8').on('data', (chunk: string) => (restoreErrors += chunk));
  const restoreExit = new Promise<number>((resolve) => restore.on('close', (status) => resolve(status ?? 1)));
  const script = Readable.from(
    (async function* () {
      yield before;
      for await (const chunk of restore.stdout) yield chunk as Buffer;
      yield (await restoreExit) === 0
        ? after
        : `\nDO $restore$ BEGIN RAISE EXCEPTION 'pg_restore failed'; END $restore$;\n`;
    })(),
  );
  const result = await run(
    'psql',
    ['--no-psqlrc', '--quiet', '--set=ON_ERROR_STOP=1', '--single-transaction', `--dbname=${url}`, '--file=-'],
    { input: script },
  );
  if ((await restoreExit) !== 0) {
    throw new BackupError(`pg_restore failed, so nothing was changed: ${restoreErrors.trim()}`);
  }
  if (result.status !== 0) {
    throw new BackupError(
      `The restore failed and was rolled back; the database is as it was. psql said: ${result.stderr.trim()}`,
    );
  }
}

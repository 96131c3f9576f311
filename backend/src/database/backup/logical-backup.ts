import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { StringDecoder } from 'node:string_decoder';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { MigrationExecutor, type DataSource, type QueryRunner } from 'typeorm';
import { returnedRows } from '../query-result.js';
import {
  BackupError,
  backupFormat,
  backupFormatVersion,
  excludedTables,
  notABackup,
  parseHeader,
  quoteIdent,
  type BackupColumn,
  type BackupHeader,
  type BackupLine,
  type BackupSequence,
} from './backup-format.js';

/** Rows of a query, typed by the caller. */
function select<T>(runner: QueryRunner, text: string, parameters?: unknown[]): Promise<T> {
  return runner.query(text, parameters) as Promise<T>;
}

/** Migrations are serialised across instances by this advisory lock (backend/src/database/migrate.ts). */
const migrationLockKey = 804_211_001;

/** Text forms that read back the same whatever the server's settings (what pg_dump sets too). */
const stableTextSettings = [
  `SET LOCAL TimeZone = 'UTC'`,
  `SET LOCAL DateStyle = 'ISO, YMD'`,
  `SET LOCAL IntervalStyle = 'postgres'`,
  `SET LOCAL extra_float_digits = 3`,
  `SET LOCAL bytea_output = 'hex'`,
];

/** Rows fetched at a time; tables holding bytes (media) fetch few, to bound the memory a batch takes. */
const fetchRows = 500;
const fetchRowsWithBytes = 8;
/** A restore's INSERT carries at most this many parameters, or about this much text. */
const insertMaxParameters = 30_000;
const insertMaxChars = 16 * 1024 * 1024;

export interface BackupSummary {
  tables: number;
  rows: number;
  migrations: number;
}

/** The tables of the current schema, each with its columns in order (generated columns left out). */
async function schemaTables(runner: QueryRunner): Promise<Array<{ name: string; columns: BackupColumn[] }>> {
  const rows = await select<Array<{ table: string; column: string; type: string }>>(
    runner,
    `SELECT c.relname AS "table", a.attname AS "column", format_type(a.atttypid, a.atttypmod) AS "type"
       FROM pg_class c
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
      WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'p')
      ORDER BY c.relname, a.attnum`,
  );
  const tables = new Map<string, BackupColumn[]>();
  for (const row of rows) {
    const columns = tables.get(row.table) ?? [];
    columns.push({ name: row.column, type: row.type });
    tables.set(row.table, columns);
  }
  return [...tables].map(([name, columns]) => ({ name, columns }));
}

async function schemaSequences(runner: QueryRunner): Promise<BackupSequence[]> {
  const names = await select<Array<{ name: string }>>(
    runner,
    `SELECT relname AS name FROM pg_class WHERE relnamespace = current_schema()::regnamespace AND relkind = 'S' ORDER BY relname`,
  );
  const sequences: BackupSequence[] = [];
  for (const { name } of names) {
    const [state] = await select<Array<{ lastValue: string; isCalled: boolean }>>(
      runner,
      `SELECT last_value::text AS "lastValue", is_called AS "isCalled" FROM ${quoteIdent(name)}`,
    );
    sequences.push({ name, lastValue: state.lastValue, isCalled: state.isCalled });
  }
  return sequences;
}

async function migrationNames(runner: QueryRunner): Promise<string[]> {
  const [exists] = await select<Array<{ table: string | null }>>(
    runner,
    `SELECT to_regclass('migrations')::text AS "table"`,
  );
  if (!exists?.table) return [];
  const rows = await select<Array<{ name: string }>>(runner, `SELECT name FROM migrations ORDER BY id`);
  return rows.map((row) => row.name);
}

/**
 * Writes every table of the database (but the excluded ones) to `file`, read in one REPEATABLE READ
 * transaction: the copy is of one moment, even while the site keeps writing. On the embedded
 * database that transaction holds the database's one session: the site's queries wait until the
 * backup ends.
 */
export async function writeLogicalBackup(
  runner: QueryRunner,
  file: string,
  source: BackupHeader['source']['database'],
): Promise<BackupSummary> {
  const gzip = createGzip();
  const output = createWriteStream(file, { mode: 0o600, flags: 'wx' });
  const written = pipeline(gzip, output);
  const write = async (line: unknown) => {
    if (!gzip.write(`${JSON.stringify(line)}\n`)) await once(gzip, 'drain');
  };
  let rows = 0;
  await runner.startTransaction('REPEATABLE READ');
  try {
    await runner.query('SET TRANSACTION READ ONLY');
    for (const setting of stableTextSettings) await runner.query(setting);
    const excluded = new Set(excludedTables.map((table) => table.name));
    const tables = (await schemaTables(runner)).filter((table) => !excluded.has(table.name));
    const [server] = await select<Array<{ version: string }>>(
      runner,
      `SELECT current_setting('server_version') AS version`,
    );
    const header: BackupHeader = {
      type: 'header',
      format: backupFormat,
      formatVersion: backupFormatVersion,
      createdAt: new Date().toISOString(),
      source: { database: source, serverVersion: server.version },
      migrations: await migrationNames(runner),
      tables,
      sequences: await schemaSequences(runner),
      excludedTables,
    };
    if (header.migrations.length === 0) {
      throw new BackupError('This database has no schema yet (no migrations have run): there is nothing to back up.');
    }
    await write(header);
    for (const table of tables) {
      await write({ type: 'table', name: table.name, columns: table.columns } satisfies BackupLine);
      const selectList = table.columns
        .map((column, index) => `${quoteIdent(column.name)}::text AS c${index}`)
        .join(', ');
      await runner.query(
        `DECLARE backup_rows NO SCROLL CURSOR FOR SELECT ${selectList} FROM ${quoteIdent(table.name)}`,
      );
      const batch = table.columns.some((column) => column.type === 'bytea') ? fetchRowsWithBytes : fetchRows;
      let count = 0;
      for (;;) {
        const fetched = await select<Array<Record<string, string | null>>>(runner, `FETCH ${batch} FROM backup_rows`);
        for (const row of fetched) await write(table.columns.map((_column, index) => row[`c${index}`] ?? null));
        count += fetched.length;
        if (fetched.length < batch) break;
      }
      await runner.query('CLOSE backup_rows');
      await write({ type: 'table-end', name: table.name, rows: count } satisfies BackupLine);
      rows += count;
    }
    await write({ type: 'end', tables: tables.length, rows } satisfies BackupLine);
    await runner.commitTransaction();
    gzip.end();
    await written;
    return { tables: tables.length, rows, migrations: header.migrations.length };
  } catch (error) {
    if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
    gzip.destroy();
    await written.catch(() => undefined);
    throw error;
  }
}

/** The lines of a logical backup, one at a time; a sentence when the file is not one or is cut short. */
async function* backupLines(file: string): AsyncGenerator<string> {
  const input = createReadStream(file);
  const gunzip = createGunzip();
  input.on('error', (error) => gunzip.destroy(error));
  input.pipe(gunzip);
  const decoder = new StringDecoder('utf8');
  let parts: string[] = [];
  try {
    for await (const chunk of gunzip) {
      let text = decoder.write(chunk as Buffer);
      let newline = text.indexOf('\n');
      while (newline !== -1) {
        parts.push(text.slice(0, newline));
        yield parts.join('');
        parts = [];
        text = text.slice(newline + 1);
        newline = text.indexOf('\n');
      }
      if (text) parts.push(text);
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'Z_BUF_ERROR' || code === 'Z_DATA_ERROR') throw truncated(file);
    throw error;
  } finally {
    input.destroy();
    gunzip.destroy();
  }
  const rest = parts.join('') + decoder.end();
  if (rest) yield rest;
}

function truncated(file: string): BackupError {
  return new BackupError(
    `${file} is cut short or damaged: it does not end where a whole backup ends. Nothing was changed.`,
  );
}

/** Reads just the header (the schema check happens before anything is changed). */
export async function readLogicalHeader(file: string): Promise<BackupHeader> {
  const lines = backupLines(file);
  try {
    const first = await lines.next();
    return parseHeader(first.done ? undefined : first.value, file);
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw notABackup(file);
  } finally {
    await lines.return(undefined);
  }
}

/** Drops every table, view, sequence and type of the current schema: the restore starts from nothing. */
async function dropSchemaObjects(runner: QueryRunner): Promise<void> {
  const objects = await select<Array<{ name: string; kind: string }>>(
    runner,
    `SELECT c.relname AS name, c.relkind::text AS kind FROM pg_class c
      WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'p', 'f', 'v', 'm', 'S')
     UNION ALL
     SELECT t.typname, 'type' FROM pg_type t
      WHERE t.typnamespace = current_schema()::regnamespace AND t.typtype IN ('e', 'd')`,
  );
  const statement: Record<string, string> = {
    r: 'TABLE',
    p: 'TABLE',
    f: 'FOREIGN TABLE',
    v: 'VIEW',
    m: 'MATERIALIZED VIEW',
    S: 'SEQUENCE',
    type: 'TYPE',
  };
  for (const kind of ['v', 'm', 'r', 'p', 'f', 'S', 'type']) {
    for (const object of objects.filter((candidate) => candidate.kind === kind)) {
      await runner.query(`DROP ${statement[kind]} IF EXISTS ${quoteIdent(object.name)} CASCADE`);
    }
  }
}

export interface RestoreSummary extends BackupSummary {
  contentVersion: number;
}

/**
 * Replaces the whole database with the backup, in one transaction: everything is dropped, the
 * schema is rebuilt by the code's own migrations up to the backup's level, the rows and sequences
 * are loaded, and the content version is moved past every value a running instance may have cached.
 * Any failure (a cut file, a row that does not fit) rolls all of it back. `dataSource` must have
 * exactly the migrations of the backup's level (the caller runs the newer ones afterwards).
 */
export async function restoreLogicalBackup(dataSource: DataSource, file: string): Promise<RestoreSummary> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.startTransaction();
    try {
      await runner.query('SELECT pg_advisory_xact_lock($1)', [migrationLockKey]);
      for (const setting of stableTextSettings) await runner.query(setting);
      const [versionTable] = await select<Array<{ name: string | null }>>(
        runner,
        `SELECT to_regclass('content_version')::text AS name`,
      );
      const [prior] = versionTable?.name
        ? await select<Array<{ version: string }>>(
            runner,
            `SELECT version::text AS version FROM content_version WHERE id = 1`,
          )
        : [];
      await dropSchemaObjects(runner);
      const executor = new MigrationExecutor(dataSource, runner);
      executor.transaction = 'none';
      await executor.executePendingMigrations();

      const tables = new Map((await schemaTables(runner)).map((table) => [table.name, table]));
      const foreignKeys = await select<Array<{ table: string; name: string; definition: string }>>(
        runner,
        `SELECT c.relname AS "table", k.conname AS name, pg_get_constraintdef(k.oid) AS definition
           FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid
          WHERE k.contype = 'f' AND c.relnamespace = current_schema()::regnamespace`,
      );
      // Rows go in table by table, in the file's order: the foreign keys are checked once, when
      // they are put back after the last row (which also checks the whole backup's integrity).
      for (const key of foreignKeys) {
        await runner.query(`ALTER TABLE ${quoteIdent(key.table)} DROP CONSTRAINT ${quoteIdent(key.name)}`);
      }
      if (tables.size > 0) await runner.query(`TRUNCATE ${[...tables.keys()].map(quoteIdent).join(', ')}`);

      const summary = await loadRows(runner, file, tables);
      for (const key of foreignKeys) {
        await runner.query(
          `ALTER TABLE ${quoteIdent(key.table)} ADD CONSTRAINT ${quoteIdent(key.name)} ${key.definition}`,
        );
      }
      // TypeORM answers an UPDATE … RETURNING as [rows, count].
      const [bumped] = returnedRows<{ version: string }>(
        await runner.query(
          `UPDATE content_version SET version = GREATEST(version, $1::bigint) + 1 WHERE id = 1 RETURNING version::text AS version`,
          [prior?.version ?? '0'],
        ),
      );
      await runner.commitTransaction();
      return { ...summary, contentVersion: Number(bumped?.version ?? 0) };
    } catch (error) {
      if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
      throw error;
    }
  } finally {
    await runner.release();
  }
}

async function loadRows(
  runner: QueryRunner,
  file: string,
  tables: Map<string, { name: string; columns: BackupColumn[] }>,
): Promise<BackupSummary> {
  let header: BackupHeader | undefined;
  let current: { name: string; columns: BackupColumn[]; insert: (rows: unknown[][]) => Promise<void> } | undefined;
  let pending: unknown[][] = [];
  let pendingChars = 0;
  let tableRows = 0;
  let totalRows = 0;
  const seen = new Set<string>();
  let ended: Extract<BackupLine, { type: 'end' }> | undefined;

  const flush = async () => {
    if (current && pending.length > 0) await current.insert(pending);
    pending = [];
    pendingChars = 0;
  };

  for await (const line of backupLines(file)) {
    if (!header) {
      header = parseHeader(line, file);
      continue;
    }
    if (ended) throw notABackup(file, 'it has lines after its end');
    if (line.startsWith('[')) {
      if (!current) throw notABackup(file, 'a row outside any table');
      const row = JSON.parse(line) as unknown[];
      if (row.length !== current.columns.length)
        throw notABackup(file, `a row of ${current.name} has the wrong number of values`);
      pending.push(row);
      pendingChars += line.length;
      tableRows += 1;
      if ((pending.length + 1) * current.columns.length > insertMaxParameters || pendingChars > insertMaxChars)
        await flush();
      continue;
    }
    let marker: BackupLine;
    try {
      marker = JSON.parse(line) as BackupLine;
    } catch {
      throw truncated(file);
    }
    if (marker.type === 'table') {
      if (current) throw notABackup(file, `the table ${current.name} has no end`);
      const target = tables.get(marker.name);
      if (!target) {
        throw new BackupError(
          `The backup has a table ${marker.name} that the schema at its level does not have. Nothing was changed.`,
        );
      }
      const names = (columns: BackupColumn[]) => columns.map((column) => column.name).join(',');
      if (names(target.columns) !== names(marker.columns)) {
        throw new BackupError(
          `The table ${marker.name} in the backup has other columns than the schema at its level (${names(marker.columns)} against ${names(target.columns)}). Nothing was changed.`,
        );
      }
      current = { name: marker.name, columns: target.columns, insert: inserter(runner, marker.name, target.columns) };
      tableRows = 0;
    } else if (marker.type === 'table-end') {
      if (!current || current.name !== marker.name || marker.rows !== tableRows) throw truncated(file);
      await flush();
      seen.add(current.name);
      totalRows += tableRows;
      current = undefined;
    } else if (marker.type === 'end') {
      if (current || marker.rows !== totalRows || marker.tables !== seen.size) throw truncated(file);
      ended = marker;
    } else {
      throw notABackup(file);
    }
  }
  if (!header) throw notABackup(file);
  if (!ended) throw truncated(file);
  const missing = header.tables.filter((table) => !seen.has(table.name));
  if (missing.length > 0) throw truncated(file);

  const sequences = new Set(
    (
      await select<Array<{ name: string }>>(
        runner,
        `SELECT relname AS name FROM pg_class WHERE relnamespace = current_schema()::regnamespace AND relkind = 'S'`,
      )
    ).map((row) => row.name),
  );
  for (const sequence of header.sequences) {
    if (!sequences.has(sequence.name)) continue;
    await runner.query(`SELECT setval($1::regclass, $2::bigint, $3::boolean)`, [
      quoteIdent(sequence.name),
      sequence.lastValue,
      sequence.isCalled,
    ]);
  }
  return { tables: seen.size, rows: totalRows, migrations: header.migrations.length };
}

/** A multi-row INSERT for `table`, each value cast from its text form to the column's type. */
function inserter(runner: QueryRunner, table: string, columns: BackupColumn[]): (rows: unknown[][]) => Promise<void> {
  const columnList = columns.map((column) => quoteIdent(column.name)).join(', ');
  return async (rows) => {
    const parameters: unknown[] = [];
    const tuples = rows.map((row) => {
      const placeholders = row.map((value, index) => {
        parameters.push(value);
        return `$${parameters.length}::${columns[index].type}`;
      });
      return `(${placeholders.join(', ')})`;
    });
    await runner.query(`INSERT INTO ${quoteIdent(table)} (${columnList}) VALUES ${tuples.join(', ')}`, parameters);
  };
}

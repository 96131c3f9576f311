/**
 * The operator's backup file (docs/backup.md). Two kinds:
 *
 * - `pg_dump`: PostgreSQL's own custom-format archive (made when DATABASE_URL is a server and a
 *   pg_dump at least as new as the server is on PATH). It starts with the bytes `PGDMP`.
 * - `logical`: the project's own file, for the embedded database (and a server without pg_dump): a
 *   gzip'd stream of JSON lines. The first line is the header (format, version, the schema's
 *   migrations, every table's columns and the sequences); then, per table, a `table` line, one JSON
 *   array per row (each value PostgreSQL's text form of it, or null), and a `table-end` line with the
 *   row count; the last line is `end`. Values keep their types: the restore casts each text back to
 *   the column's type, as PostgreSQL's own COPY text format does.
 */

export const backupFormat = 'northbeam-backup';
/** Raised when the logical format changes in a way an older restore could not read. */
export const backupFormatVersion = 1;

/** Left out of every backup: the sessions of signed-in staff (see docs/backup.md). */
export const excludedTables: ReadonlyArray<{ name: string; reason: string }> = [
  {
    name: 'sessions',
    reason:
      'signed-in sessions are short-lived and would let whoever holds the file act as staff; after a restore everyone signs in again',
  },
];

export interface BackupColumn {
  name: string;
  /** PostgreSQL's name of the type, as `format_type` writes it (e.g. `character varying(200)`). */
  type: string;
}

export interface BackupTable {
  name: string;
  columns: BackupColumn[];
}

export interface BackupSequence {
  name: string;
  lastValue: string;
  isCalled: boolean;
}

export interface BackupHeader {
  type: 'header';
  format: typeof backupFormat;
  formatVersion: number;
  createdAt: string;
  source: { database: 'embedded' | 'postgresql'; serverVersion: string };
  /** The names in the `migrations` table, oldest first: the schema's level. */
  migrations: string[];
  tables: BackupTable[];
  sequences: BackupSequence[];
  excludedTables: ReadonlyArray<{ name: string; reason: string }>;
}

export type BackupLine =
  | { type: 'table'; name: string; columns: BackupColumn[] }
  | { type: 'table-end'; name: string; rows: number }
  | { type: 'end'; tables: number; rows: number };

/** A refusal the operator reads: a sentence, no stack. */
export class BackupError extends Error {}

export type BackupKind = 'pg_dump' | 'logical' | 'unknown';

/** What a file is, from its first bytes. */
export function detectBackupKind(firstBytes: Uint8Array): BackupKind {
  if (firstBytes.length >= 5 && Buffer.from(firstBytes.subarray(0, 5)).toString('latin1') === 'PGDMP') return 'pg_dump';
  if (firstBytes.length >= 2 && firstBytes[0] === 0x1f && firstBytes[1] === 0x8b) return 'logical';
  return 'unknown';
}

export function notABackup(file: string, detail?: string): BackupError {
  return new BackupError(
    `${file} is not a backup of this site${detail ? ` (${detail})` : ''}: give the file that \`npm run admin -- backup\` wrote.`,
  );
}

/** The header line of a logical backup, checked; a sentence for anything else. */
export function parseHeader(line: string | undefined, file: string): BackupHeader {
  let value: unknown;
  try {
    value = line === undefined ? undefined : JSON.parse(line);
  } catch {
    throw notABackup(file);
  }
  const header = value as Partial<BackupHeader> | undefined;
  if (!header || header.type !== 'header' || header.format !== backupFormat) throw notABackup(file);
  if (typeof header.formatVersion !== 'number' || header.formatVersion > backupFormatVersion) {
    throw new BackupError(
      `${file} was written in backup format ${String(header.formatVersion)}, newer than this code reads (${backupFormatVersion}): restore it with the version of the site that made it.`,
    );
  }
  if (!Array.isArray(header.migrations) || !Array.isArray(header.tables) || !Array.isArray(header.sequences)) {
    throw notABackup(file, 'its header is incomplete');
  }
  return header as BackupHeader;
}

/**
 * Which of the code's migrations make the backup's schema, and which run after its rows are back.
 * Refuses a backup whose schema has a migration this code does not know: it comes from a newer
 * version of the site, and this code cannot know what that migration changed.
 */
export function schemaPlan(
  backupMigrations: readonly string[],
  codeMigrations: readonly string[],
): { atBackup: string[]; pending: string[] } {
  const known = new Set(codeMigrations);
  const unknown = backupMigrations.filter((name) => !known.has(name));
  if (unknown.length > 0) {
    throw new BackupError(
      `The backup comes from a newer version of the site: its schema has ${unknown.length === 1 ? 'the migration' : 'the migrations'} ${unknown.join(', ')}, which this code does not know. Restore it with that version of the site (or newer), not this one.`,
    );
  }
  if (backupMigrations.length === 0)
    throw new BackupError('The backup has no schema migrations: it is not a backup of this site.');
  const inBackup = new Set(backupMigrations);
  return {
    atBackup: codeMigrations.filter((name) => inBackup.has(name)),
    pending: codeMigrations.filter((name) => !inBackup.has(name)),
  };
}

/** The migration names in the `migrations` table's data as pg_restore prints it (COPY text format). */
export function migrationsFromCopyText(sql: string): string[] {
  const names: string[] = [];
  let inCopy = false;
  for (const line of sql.split('\n')) {
    if (!inCopy) {
      if (/^COPY\s+(\S+\.)?"?migrations"?\s*\(/.test(line)) inCopy = true;
      continue;
    }
    if (line === '\\.') break;
    const columns = line.split('\t');
    // id, timestamp, name
    if (columns.length >= 3) names.push(columns[2]);
  }
  return names;
}

/** `"name"`, quoted for SQL. */
export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

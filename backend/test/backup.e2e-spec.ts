import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { DataSource } from 'typeorm';
import { BackupError } from '../src/database/backup/backup-format.js';
import { restoreLogicalBackup, writeLogicalBackup } from '../src/database/backup/logical-backup.js';
import { dataSourceOptions } from '../src/database/data-source-options.js';
import { startEmbeddedDatabase, type EmbeddedDatabase } from '../src/database/embedded-database.js';
import { runMigrations } from '../src/database/migrate.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.js';

/**
 * The logical backup format (docs/backup.md) on this suite's database (embedded, or PostgreSQL with
 * DATABASE_URL): every value comes back exactly (bytes, jsonb, text with control characters and
 * emoji, NULL against '', microsecond timestamps), foreign keys in any order, sequences, the content
 * version moved on; a failed restore changes nothing. The whole operator path (CLI, pg_dump, the
 * production build serving the restored site) is scripts/test-restore.mjs.
 */
const hookTimeoutMs = 180_000;

interface Database {
  dataSource: DataSource;
  close(): Promise<void>;
}

async function openDatabase(): Promise<Database> {
  let embedded: EmbeddedDatabase | undefined;
  let test: TestDatabase | undefined;
  let url: string;
  if (process.env.DATABASE_URL) {
    test = await createTestDatabase();
    url = test.url!;
  } else {
    embedded = await startEmbeddedDatabase('memory://');
    url = embedded.url;
  }
  const dataSource = new DataSource(dataSourceOptions({ url, embedded: Boolean(embedded) }));
  await dataSource.initialize();
  await runMigrations(dataSource);
  return {
    dataSource,
    async close() {
      await dataSource.destroy();
      await embedded?.stop();
      await test?.drop();
    },
  };
}

/** A digest of every table's rows (in a stable order) and of the sequences: equal means the same data. */
async function fingerprint(dataSource: DataSource): Promise<Record<string, string>> {
  const tables = await dataSource.query<Array<{ name: string }>>(
    `SELECT relname AS name FROM pg_class WHERE relnamespace = current_schema()::regnamespace AND relkind = 'r' AND relname NOT IN ('sessions', 'content_version') ORDER BY relname`,
  );
  const result: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await dataSource.query<Array<{ digest: string; count: string }>>(
      `SELECT md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS digest, count(*)::text AS count FROM "${name}" t`,
    );
    result[name] = `${row.count}:${row.digest}`;
  }
  const sequences = await dataSource.query<Array<{ name: string }>>(
    `SELECT relname AS name FROM pg_class WHERE relnamespace = current_schema()::regnamespace AND relkind = 'S'`,
  );
  for (const { name } of sequences) {
    const [row] = await dataSource.query<Array<{ state: string }>>(
      `SELECT last_value::text || '/' || is_called::text AS state FROM "${name}"`,
    );
    result[`sequence ${name}`] = row.state;
  }
  return result;
}

const contentVersion = async (dataSource: DataSource) =>
  Number(
    (await dataSource.query<Array<{ version: string }>>(`SELECT version::text AS version FROM content_version`))[0]
      .version,
  );

async function backUp(dataSource: DataSource, file: string) {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    return await writeLogicalBackup(runner, file, 'embedded');
  } finally {
    await runner.release();
  }
}

describe('Logical backup and restore', () => {
  let source: Database;
  let target: Database;
  let folder: string;
  let file: string;
  const bytes = Buffer.from(Array.from({ length: 1024 }, (_, index) => index % 256));

  beforeAll(async () => {
    source = await openDatabase();
    target = await openDatabase();
    folder = mkdtempSync(path.join(tmpdir(), 'northbeam-backup-spec-'));
    file = path.join(folder, 'site.backup');
    const db = source.dataSource;
    await db.query(
      `INSERT INTO media_objects (key, content_type, etag, body) VALUES ($1, 'image/png', 'e1', $2), ($3, 'image/png', 'e2', $4)`,
      ['a/original', bytes, 'b/original', Buffer.alloc(0)],
    );
    await db.query(
      `INSERT INTO posts (section, slug, title, excerpt, body, status, tags, meta_description, custom_meta_tags, published_at)
       VALUES ('labs', 'awkward', $1, '', $2, 'published', $3::jsonb, NULL, '', '2026-03-01 12:34:56.123456+02')`,
      [
        'Quotes " \' and a backslash \\ in a title',
        'Line one\nLine two\ttabbed\r\nNUL-free unicode: café, 東京, 🚀, \\x41 and \\N literal',
        JSON.stringify(['a, b', 'c "quoted"', '{braces}', '\\']),
      ],
    );
    // A revision that points at one made later: rows go in whatever order, the keys are checked at the end.
    await db.query(
      `INSERT INTO content_revisions (id, kind, entity_id, fields, restored_from_id, created_at) VALUES
         ('00000000-0000-4000-8000-000000000002', 'post', gen_random_uuid(), '{"title":"Second"}', NULL, now()),
         ('00000000-0000-4000-8000-000000000001', 'post', gen_random_uuid(), '{"title":"First","n":1.5e-7}', '00000000-0000-4000-8000-000000000002', now() - interval '1 day')`,
    );
    await db.query(
      `UPDATE content_revisions SET restored_from_id = '00000000-0000-4000-8000-000000000001' WHERE id = '00000000-0000-4000-8000-000000000002'`,
    );
    await db.query(
      `INSERT INTO consent_records (consent_id, analytics, marketing, action, banner_version)
       SELECT 'consent-' || n, n % 2 = 0, false, 'accept', '1' FROM generate_series(1, 3) n`,
    );
    // The target already holds a different site: the restore must replace it, not add to it.
    await target.dataSource.query(
      `INSERT INTO posts (section, slug, title, excerpt, body) VALUES ('consulting', 'left-over', 'Left over', '', '')`,
    );
    await target.dataSource.query(`UPDATE content_version SET version = 40`);
  }, hookTimeoutMs);

  afterAll(async () => {
    await source?.close();
    await target?.close();
    if (folder) rmSync(folder, { recursive: true, force: true });
  }, hookTimeoutMs);

  it('restores every row, byte and sequence exactly, replacing what was there, and moves the content version on', async () => {
    const summary = await backUp(source.dataSource, file);
    expect(summary.rows).toBeGreaterThan(0);
    const restored = await restoreLogicalBackup(target.dataSource, file);
    expect(restored.rows).toBe(summary.rows);

    expect(await fingerprint(target.dataSource)).toEqual(await fingerprint(source.dataSource));
    const [media] = await target.dataSource.query<Array<{ body: Buffer }>>(
      `SELECT body FROM media_objects WHERE key = 'a/original'`,
    );
    expect(Buffer.compare(media.body, bytes)).toBe(0);
    const titles = await target.dataSource.query<Array<{ slug: string }>>(`SELECT slug FROM posts ORDER BY slug`);
    expect(titles.map((row) => row.slug)).not.toContain('left-over');
    // Past both the backup's version and the one the replaced database had (caches of running instances).
    expect(await contentVersion(target.dataSource)).toBe(Math.max(await contentVersion(source.dataSource), 40) + 1);
    // The foreign keys are back, and enforced.
    await expect(
      target.dataSource.query(
        `UPDATE content_revisions SET restored_from_id = '00000000-0000-4000-8000-00000000dead' WHERE id = '00000000-0000-4000-8000-000000000001'`,
      ),
    ).rejects.toThrow(/foreign key/);
    // The sequences carry on where they were.
    const [next] = await target.dataSource.query<Array<{ id: string }>>(
      `SELECT nextval('consent_records_id_seq')::text AS id`,
    );
    expect(Number(next.id)).toBe(4);
  });

  it('leaves the database as it was when the file is cut short, and names the problem', async () => {
    const before = await fingerprint(target.dataSource);
    const versionBefore = await contentVersion(target.dataSource);
    const whole = readFileSync(file);
    const cut = path.join(folder, 'cut.backup');
    // Whole lines, but without the last tables and the end line: the gzip itself is intact.
    const lines = gunzipSync(whole).toString('utf8').split('\n');
    writeFileSync(cut, gzipSync(lines.slice(0, Math.floor(lines.length / 2)).join('\n')));
    await expect(restoreLogicalBackup(target.dataSource, cut)).rejects.toThrow(/cut short or damaged/);
    const torn = path.join(folder, 'torn.backup');
    writeFileSync(torn, whole.subarray(0, Math.floor(whole.length * 0.7)));
    await expect(restoreLogicalBackup(target.dataSource, torn)).rejects.toThrow(/cut short or damaged/);
    expect(await fingerprint(target.dataSource)).toEqual(before);
    expect(await contentVersion(target.dataSource)).toBe(versionBefore);
  });

  it('refuses a backup whose tables do not match the schema at its level, changing nothing', async () => {
    const before = await fingerprint(target.dataSource);
    const lines = gunzipSync(readFileSync(file)).toString('utf8').split('\n');
    const odd = lines.map((line) => line.replace('"name":"redirects"', '"name":"redirects_from_elsewhere"'));
    const other = path.join(folder, 'other.backup');
    writeFileSync(other, gzipSync(odd.join('\n')));
    const failure = restoreLogicalBackup(target.dataSource, other);
    await expect(failure).rejects.toBeInstanceOf(BackupError);
    await expect(failure).rejects.toThrow(
      /has a table redirects_from_elsewhere that the schema at its level does not have/,
    );
    expect(await fingerprint(target.dataSource)).toEqual(before);
  });
});

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import pg from 'pg';
import { DataSource } from 'typeorm';
import {
  connectionInfoFile,
  findRunningEmbeddedDatabase,
  startEmbeddedDatabase,
  type EmbeddedConnectionInfo,
  type EmbeddedDatabase,
} from './embedded-database.js';
import { serialiseExtendedQueries } from './pglite-socket-queue.js';
import { typeormPool } from './typeorm-pool.js';

// Two workarounds over dependencies' internals (docs/vendor-workarounds.md): pglite-socket's query
// queue replaced at run time, and TypeORM's pool read from its driver. An upgrade that moves either
// fails here.
describe('embedded database (pglite-socket with its queue replaced)', () => {
  let database: EmbeddedDatabase;

  beforeAll(async () => {
    database = await startEmbeddedDatabase('memory://');
  });

  afterAll(async () => {
    await database?.stop();
  });

  it("finds pglite-socket's query queue where the fix expects it", () => {
    const server = new PGLiteSocketServer({ db: {} as PGlite });
    const queue = (server as unknown as { queryQueue: Record<string, unknown> }).queryQueue;
    expect(Array.isArray(queue.queue)).toBe(true);
    expect(queue).toMatchObject({ processing: false, lastHandlerId: null });
    const original = queue.processQueue;
    serialiseExtendedQueries(server);
    expect(queue.processQueue).not.toBe(original);
  });

  it('refuses a pglite-socket whose query queue is not where the fix expects it', () => {
    expect(() => serialiseExtendedQueries({} as never)).toThrow('pglite-socket changed');
  });

  it('keeps parameterised queries of concurrent connections apart', async () => {
    // Parameters larger than a socket read, so that each connection's messages arrive in pieces
    // and the queue sees the messages of several connections mixed.
    const pool = new pg.Pool({ connectionString: database.url, max: 8 });
    try {
      const payload = (index: number) => `${index}:`.padEnd(200_000, String.fromCharCode(97 + (index % 26)));
      const results = await Promise.all(
        Array.from({ length: 24 }, (_, index) =>
          pool.query<{ value: number; size: number; head: string }>(
            // A statement text of its own per query: a Bind meeting another connection's Parse shows.
            `SELECT $1::int AS "value", length($2::text) AS "size", left($2::text, 8) AS "head", ${index} AS "n${index}"`,
            [index, payload(index)],
          ),
        ),
      );
      expect(results.map((result) => result.rows)).toEqual(
        Array.from({ length: 24 }, (_, index) => [
          { value: index, size: 200_000, head: payload(index).slice(0, 8), [`n${index}`]: index },
        ]),
      );
    } finally {
      await pool.end();
    }
  });

  it("hands out TypeORM's own pg pool", async () => {
    const dataSource = new DataSource({ type: 'postgres', url: database.url, poolSize: 2 });
    await dataSource.initialize();
    try {
      const pool = typeormPool(dataSource);
      expect(pool).toBeInstanceOf(pg.Pool);
      const { rows } = await pool.query<{ answer: number }>('SELECT $1::int AS "answer"', [42]);
      expect(rows).toEqual([{ answer: 42 }]);
    } finally {
      await dataSource.destroy();
    }
  });

  it('refuses a data source whose driver keeps no pg pool', () => {
    expect(() => typeormPool({ driver: {} } as DataSource)).toThrow('TypeORM changed');
  });
});

describe('embedded database on a data folder', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'northbeam-embedded-'));
  const pgliteDir = path.join(dataDir, 'pglite');
  let database: EmbeddedDatabase;
  let info: EmbeddedConnectionInfo;
  const modeOf = (file: string) => statSync(file).mode & 0o777;

  beforeAll(async () => {
    database = await startEmbeddedDatabase(pgliteDir);
    info = JSON.parse(readFileSync(connectionInfoFile(pgliteDir), 'utf8')) as EmbeddedConnectionInfo;
  }, 60_000);

  afterAll(async () => {
    await database?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is served on a Unix socket in a folder only its own user may enter, never on a TCP port', () => {
    expect(info).toEqual({ socketDir: path.join(dataDir, 'pglite-socket'), pid: process.pid, url: database.url });
    expect(statSync(path.join(info.socketDir, '.s.PGSQL.5432')).isSocket()).toBe(true);
    expect(modeOf(info.socketDir)).toBe(0o700);
    expect(modeOf(pgliteDir)).toBe(0o700);
    expect(database.url).not.toMatch(/@127\.0\.0\.1:|:\d+\//);
  });

  it('writes its connection file readable by its own user only', () => {
    expect(modeOf(connectionInfoFile(pgliteDir))).toBe(0o600);
  });

  it('answers the staff CLI and tests of the same user through the connection file', async () => {
    // Another process of the same user reads the file (this process is excluded as "itself").
    expect(findRunningEmbeddedDatabase(pgliteDir)).toBeUndefined();
    const client = new pg.Client({ connectionString: info.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ answer: number }>('SELECT 41 + 1 AS "answer"');
      expect(rows).toEqual([{ answer: 42 }]);
    } finally {
      await client.end();
    }
  });

  it('refuses another local user', () => {
    // Only root can act as another user here; other users are refused by the same folder modes.
    if (process.getuid?.() !== 0) {
      expect(modeOf(info.socketDir) & 0o077).toBe(0);
      return;
    }
    const attempt = spawnSync(
      process.execPath,
      [
        '-e',
        `require('net').connect(${JSON.stringify(path.join(info.socketDir, '.s.PGSQL.5432'))})` +
          `.on('connect',()=>{console.log('connected');process.exit(0)}).on('error',e=>{console.log(e.code);process.exit(0)})`,
      ],
      { uid: 65534, gid: 65534, encoding: 'utf8', timeout: 10_000 },
    );
    expect(attempt.stdout.trim()).toBe('EACCES');
  });
});

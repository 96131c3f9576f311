import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { serialiseExtendedQueries } from './pglite-socket-queue.js';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

export interface EmbeddedConnectionInfo {
  host: string;
  port: number;
  pid: number;
}

/** File beside the data folder that tells other local processes (the staff CLI, psql) where to connect. */
export function connectionInfoFile(pgliteDir: string): string {
  return path.join(path.dirname(pgliteDir), 'pglite-connection.json');
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The running site's embedded database, if another process serves it right now. */
export function findRunningEmbeddedDatabase(pgliteDir: string): EmbeddedConnectionInfo | undefined {
  const file = connectionInfoFile(pgliteDir);
  if (!existsSync(file)) return undefined;
  try {
    const info = JSON.parse(readFileSync(file, 'utf8')) as EmbeddedConnectionInfo;
    return info.pid !== process.pid && processAlive(info.pid) ? info : undefined;
  } catch {
    return undefined;
  }
}

export function embeddedUrl(info: Pick<EmbeddedConnectionInfo, 'host' | 'port'>): string {
  return `postgres://postgres:postgres@${info.host}:${info.port}/postgres?sslmode=disable`;
}

/**
 * Starts PostgreSQL in-process (PGlite, WebAssembly) and serves it on a loopback port so that the
 * ordinary `pg` driver, TypeORM and local tools talk to it like to any PostgreSQL server.
 * `memory://` keeps nothing on disk (tests).
 */
export async function startEmbeddedDatabase(pgliteDir: string): Promise<EmbeddedDatabase> {
  const inMemory = pgliteDir === 'memory://';
  if (!inMemory) {
    const running = findRunningEmbeddedDatabase(pgliteDir);
    if (running) {
      throw new Error(
        `The embedded database in ${pgliteDir} is already open by process ${running.pid}. Stop that process first, or set DATABASE_URL.`,
      );
    }
    mkdirSync(pgliteDir, { recursive: true });
  }
  const db = await PGlite.create(inMemory ? undefined : pgliteDir);
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 32 });
  serialiseExtendedQueries(server);
  await server.start();
  const [host, port] = server.getServerConn().split(':');
  const info: EmbeddedConnectionInfo = { host, port: Number(port), pid: process.pid };
  if (!inMemory) writeFileSync(connectionInfoFile(pgliteDir), JSON.stringify(info));
  let stopped = false;
  return {
    url: embeddedUrl(info),
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.stop();
      await db.close();
      if (!inMemory) rmSync(connectionInfoFile(pgliteDir), { force: true });
    },
  };
}

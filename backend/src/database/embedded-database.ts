import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { serialiseExtendedQueries } from './pglite-socket-queue.js';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

export interface EmbeddedConnectionInfo {
  /** The folder of the server's Unix socket: only the site's own user may enter it. */
  socketDir: string;
  pid: number;
  /** The address the `pg` driver, TypeORM or psql connect with. */
  url: string;
}

/** The socket's name in its folder, as libpq and the `pg` driver look for it (port 5432). */
const socketFile = '.s.PGSQL.5432';
/** Unix socket addresses are limited to about 107 bytes; past this the folder goes under the system's temp folder. */
const maxSocketPathLength = 100;

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
    return info.pid !== process.pid && processAlive(info.pid) && info.socketDir ? info : undefined;
  } catch {
    return undefined;
  }
}

/** A connection string to the socket in `socketDir` (the driver reads `host` as the socket's folder). */
export function embeddedUrl(info: Pick<EmbeddedConnectionInfo, 'socketDir'>): string {
  return `postgres://postgres@localhost/postgres?host=${encodeURIComponent(info.socketDir)}&sslmode=disable`;
}

/** A folder of mode 0700, made so if it already existed. */
function privateDirectory(directory: string): string {
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  chmodSync(directory, 0o700);
  return directory;
}

/**
 * The socket's folder: `pglite-socket` beside the data folder, or a fresh temp folder for an
 * in-memory database or a data folder whose path is too long for a socket address. Either is 0700.
 */
function socketDirectory(pgliteDir: string | undefined): { directory: string; temporary: boolean } {
  if (pgliteDir) {
    const directory = path.join(path.dirname(pgliteDir), 'pglite-socket');
    if (path.join(directory, socketFile).length <= maxSocketPathLength) {
      privateDirectory(directory);
      // Left by a process that died without stopping (none serves this folder now: checked before).
      rmSync(path.join(directory, socketFile), { force: true });
      return { directory, temporary: false };
    }
  }
  return { directory: mkdtempSync(path.join(tmpdir(), 'northbeam-pglite-')), temporary: true };
}

/**
 * Starts PostgreSQL in-process (PGlite, WebAssembly) and serves it on a Unix socket, so that the
 * ordinary `pg` driver, TypeORM and local tools talk to it like to any PostgreSQL server. The
 * socket accepts any user name without a password, so it is reachable only by the site's own user:
 * it lies in a 0700 folder, the data folder is 0700 and the connection file 0600 (never a TCP
 * port, which every local user could reach). `memory://` keeps nothing on disk (tests).
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
    privateDirectory(pgliteDir);
  }
  const db = await PGlite.create(inMemory ? undefined : pgliteDir);
  const socket = socketDirectory(inMemory ? undefined : pgliteDir);
  const server = new PGLiteSocketServer({ db, path: path.join(socket.directory, socketFile), maxConnections: 32 });
  serialiseExtendedQueries(server);
  await server.start();
  const info: EmbeddedConnectionInfo = {
    socketDir: socket.directory,
    pid: process.pid,
    url: embeddedUrl({ socketDir: socket.directory }),
  };
  if (!inMemory) {
    const file = connectionInfoFile(pgliteDir);
    writeFileSync(file, JSON.stringify(info), { mode: 0o600 });
    chmodSync(file, 0o600);
  }
  let stopped = false;
  return {
    url: info.url,
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.stop();
      await db.close();
      if (!inMemory) rmSync(connectionInfoFile(pgliteDir), { force: true });
      rmSync(socket.temporary ? socket.directory : path.join(socket.directory, socketFile), {
        recursive: true,
        force: true,
      });
    },
  };
}

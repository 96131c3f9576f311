import cluster, { type Worker } from 'node:cluster';
import type { JsonLogger } from './core/logging/json-logger.js';

/** A worker that dies sooner than this after its start counts towards the crash-loop limit. */
const earlyDeathMs = 10_000;
const maxEarlyDeaths = 5;
const restartDelayMs = 500;
/** Workers finish their own drain within 8 s; the primary waits a little longer before killing. */
const shutdownGraceMs = 9500;
/**
 * A page render allocates memory that dies within the request. With V8's default semi-space, the
 * requests in flight are still alive at most scavenges, get copied and promoted, and the old space
 * fills; a larger young generation lets most of it die young, at the price of more memory per
 * worker (the measurements: ADR 0007 and bench/HISTORY.md). An operator's own setting
 * (NODE_OPTIONS or node's arguments) wins.
 */
const semiSpaceFlag = '--max-semi-space-size=64';

export function workerExecArgv(execArgv: string[], nodeOptions = ''): string[] {
  const own = [...execArgv, ...nodeOptions.split(/\s+/)].some((flag) => /^--max[-_]semi[-_]space[-_]size\b/.test(flag));
  return own ? execArgv : [...execArgv, semiSpaceFlag];
}

/**
 * The primary of WEB_CONCURRENCY > 1: it forks the workers that share the port (each a full
 * instance of the site: migrations, locks and caches already work across instances), replaces a
 * worker that dies, and on SIGTERM or SIGINT lets every worker drain before exiting.
 */
export function runClusterPrimary(workers: number, logger: JsonLogger): void {
  let shuttingDown = false;
  let earlyDeaths = 0;
  const startedAt = new Map<number, number>();
  cluster.setupPrimary({ execArgv: workerExecArgv(process.execArgv, process.env.NODE_OPTIONS) });

  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker.id, Date.now());
  };

  cluster.on('exit', (worker: Worker, code: number | null, signal: string | null) => {
    const lived = Date.now() - (startedAt.get(worker.id) ?? 0);
    startedAt.delete(worker.id);
    if (shuttingDown) {
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        logger.log('All workers stopped', 'Cluster');
        process.exit(0);
      }
      return;
    }
    logger.error(
      `Worker ${worker.process.pid} exited (${signal ?? `code ${code}`}) after ${lived} ms; starting another`,
      'Cluster',
    );
    if (lived < earlyDeathMs) earlyDeaths += 1;
    if (earlyDeaths > maxEarlyDeaths) {
      logger.error(`Workers keep failing at start-up (${earlyDeaths} times); stopping`, 'Cluster');
      process.exit(1);
    }
    setTimeout(fork, restartDelayMs);
  });

  const shutdown = (signal: NodeJS.Signals) => {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.log(`${signal} received: draining ${Object.keys(cluster.workers ?? {}).length} workers`, 'Cluster');
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    const force = setTimeout(() => {
      logger.warn('Workers did not stop in time, exiting', 'Cluster');
      process.exit(1);
    }, shutdownGraceMs);
    force.unref();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  logger.log(`Starting ${workers} workers`, 'Cluster');
  for (let index = 0; index < workers; index += 1) fork();
}

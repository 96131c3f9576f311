import path from 'node:path';

/**
 * The browser suites run in several workers at once, each against a production server and embedded
 * database of its own (started by playwright.config.ts before the first test), so that no test sees
 * another worker's data. A worker keeps its server when Playwright restarts it after a failure: the
 * server belongs to the worker's slot (its parallel index), not to the process.
 */
export const basePort = Number(process.env.E2E_PORT ?? 4173);

/** E2E_WORKERS=1 runs every file against one server, in name order. */
export const workerCount = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

/**
 * Worker slot n's server listens on the run's port + 10·n (suites that start a server of their own
 * take the run's port + 1, or a free one).
 */
export function workerPort(slot: number): number {
  return basePort + 10 * slot;
}

/** Worker slot n's data folder: its embedded database (`pglite/`) and the connection file the staff CLI reads. */
export function workerDataDir(slot: number): string {
  return path.join(process.env.E2E_DATA_DIR!, `worker-${slot}`);
}

#!/usr/bin/env node
// The CDN line of the bench: the cached home page through nginx and Varnish (docker/nginx.conf,
// docker/varnish.vcl, started as scripts/test-deploy.mjs starts them: scripts/lib/proxies.mjs) against
// the same server's static asset (the built asset closest in size, fetched from the server itself),
// as a ratio. One production server with CDN_MAX_AGE set, on a fresh database with the seeded content;
// each figure after a warm-up, as bench/run.mjs measures (BENCH_WARMUP, BENCH_DURATION). Run by
// bench/run.mjs after the main bench (BENCH_SKIP_CDN=1 leaves it out), or alone after `npm run build`.
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { startNginx, startVarnish, stopProcess } from '../scripts/lib/proxies.mjs';
import { assetClosestTo, benchDatabase, staffBenchServerEnv, waitForHealth } from './lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.BENCH_CDN_PORT ?? 4321);
const nginxPort = port + 1;
const varnishPort = port + 2;
const base = `http://127.0.0.1:${port}`;
const workers = Number(process.env.BENCH_WORKERS ?? os.cpus().length);
const durationSeconds = Number(process.env.BENCH_DURATION ?? 5);
const warmUpSeconds = Number(process.env.BENCH_WARMUP ?? 8);
const connections = 10;
// As a TLS-terminating front in front of nginx would say.
const headers = { 'accept-encoding': 'gzip, deflate, br', 'x-forwarded-proto': 'https' };

function log(message) {
  process.stderr.write(`[bench:cdn] ${message}\n`);
}

async function requestsPerSecond(name, url) {
  await autocannon({ url, connections, headers, duration: warmUpSeconds });
  const result = await autocannon({ url, connections, headers, duration: durationSeconds });
  const errors = result.errors + result.timeouts + result.non2xx;
  const rps = Math.round(result.requests.average);
  log(`${name}: ${rps} req/s, p99 ${result.latency.p99} ms, errors ${errors}`);
  return { rps, errors };
}

const database = benchDatabase('northbeam_bench_cdn');
const dir = mkdtempSync(path.join(os.tmpdir(), 'northbeam-bench-cdn-'));
// nginx's workers run as nobody when the bench runs as root: they write buffered answers under dir.
chmodSync(dir, 0o777);
let server;
let nginx;
let varnish;
let exitCode = 1;
try {
  await database.create();
  server = spawn(process.execPath, ['backend/dist/main.js'], {
    cwd: root,
    env: {
      ...staffBenchServerEnv({
        port,
        base,
        databaseUrl: database.url,
        admin: { email: 'bench-admin@northbeam.example', password: 'bench-admin-password-0123' },
        workers,
      }),
      SEED_CONTENT: 'true',
      CDN_MAX_AGE: '300',
      CDN_STALE_WHILE_REVALIDATE: '30',
      CDN_PURGE_URL: `http://127.0.0.1:${varnishPort}/`,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForHealth(base, server);
  nginx = startNginx({ dir, port: nginxPort, upstreamPorts: [port] });
  await waitForHealth(`http://127.0.0.1:${nginxPort}`, nginx);
  varnish = startVarnish({ dir, port: varnishPort, backendPort: nginxPort });
  await waitForHealth(`http://127.0.0.1:${varnishPort}`, varnish);
  const front = `http://127.0.0.1:${varnishPort}/`;
  await fetch(front, { headers });
  const second = await fetch(front, { headers });
  const homeBytes = Buffer.byteLength(await second.text());
  if (second.headers.get('x-varnish-cache') !== 'HIT')
    throw new Error(`the home page is not a Varnish hit the second time (${second.headers.get('x-varnish-cache')})`);
  const asset = assetClosestTo(root, homeBytes);
  const staticAsset = await requestsPerSecond(
    `static asset ${asset.file} from the server`,
    `${base}/assets/${asset.file}`,
  );
  const home = await requestsPerSecond('/ through nginx and Varnish', front);
  const ratio = staticAsset.rps ? (home.rps / staticAsset.rps).toFixed(2) : 'n/a';
  console.log(
    `CDN: cached home page through nginx and Varnish ${home.rps} req/s against the same server's static asset ${staticAsset.rps} req/s: ${ratio} × static (errors ${home.errors + staticAsset.errors})`,
  );
  exitCode = home.errors + staticAsset.errors === 0 ? 0 : 1;
} catch (error) {
  log(error instanceof Error ? (error.stack ?? error.message) : String(error));
} finally {
  await stopProcess(varnish);
  await stopProcess(nginx, 'SIGQUIT');
  await stopProcess(server, 'SIGTERM', 12_000);
  await database.drop().catch((error) => log(`could not drop the bench database: ${error.message}`));
  rmSync(dir, { recursive: true, force: true });
}
process.exit(exitCode);

// What the benches share: a throw-away PostgreSQL database, waiting for a started server, the
// percentile of timings, the static asset closest in size to a measured response, and a load client
// for binary answers.
import { readdirSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';

/**
 * A fresh database `<prefix>_<ts>` on BENCH_POSTGRES_URL's server (the machine's PostgreSQL by
 * default): its address, and create/drop run through the server's maintenance database.
 */
export function benchDatabase(prefix) {
  const adminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `${prefix}_${Date.now()}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const onAdmin = async (sql) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  return {
    name,
    url: url.toString(),
    create: () => onAdmin(`CREATE DATABASE "${name}"`),
    drop: () => onAdmin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}

/** Resolves once `base`'s health check answers (below 500); throws if `child` exits first or after 60 s. */
export async function waitForHealth(base, child) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('the server exited during start-up');
    try {
      if ((await fetch(`${base}/api/health`)).status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server did not start within 60 s');
}

/** The value below which `share` (0..1) of `values` lie (nearest rank). */
export function percentile(values, share) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)];
}

/** The built JS or CSS asset whose size is closest to `bytes`: the static ceiling a response is compared with. */
export function assetClosestTo(root, bytes) {
  const dir = path.join(root, 'frontend/dist/client/assets');
  let best;
  for (const file of readdirSync(dir, { recursive: true })) {
    if (!/\.(js|css)$/.test(file)) continue;
    const size = statSync(path.join(dir, file)).size;
    if (!best || Math.abs(size - bytes) < Math.abs(best.size - bytes)) best = { file, size };
  }
  return best;
}

/**
 * Keeps `connections` keep-alive connections busy with GETs of `url` for `seconds`, reading each
 * answer's bytes without looking at them: requests per second, p50/p99 in ms, errors (a failed
 * request or any status but 200). For binary answers (images). autocannon appends every body chunk
 * to a string, which decodes it as UTF-8: for a 145 KB WebP that cost its one thread 10× what the
 * server spent (a plain Node server answering the same random 145 KB measured 487 req/s through
 * autocannon, 7,730 with a constant body; bench/HISTORY.md, 2026-11-27), so an image measured with
 * it showed the client's limit, not the server's. Both sides of a comparison use the same client.
 */
export async function binaryLoad(url, { connections, seconds }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const one = () =>
    new Promise((resolve) => {
      const request = http.get(url, { agent }, (response) => {
        if (response.statusCode !== 200) errors += 1;
        response.on('data', () => undefined);
        response.on('end', resolve);
        response.on('error', () => {
          errors += 1;
          resolve();
        });
      });
      request.on('error', () => {
        errors += 1;
        resolve();
      });
    });
  const loop = async () => {
    while (performance.now() < deadline) {
      const sent = performance.now();
      await one();
      latencies.push(performance.now() - sent);
    }
  };
  await Promise.all(Array.from({ length: connections }, loop));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  return {
    requestsPerSecond: Math.round((latencies.length / elapsed) * 10) / 10,
    p50Ms: Math.round(percentile(latencies, 0.5) * 10) / 10,
    p99Ms: Math.round(percentile(latencies, 0.99) * 10) / 10,
    errors,
    seconds: Math.round(elapsed * 10) / 10,
  };
}

/**
 * The environment of a bench's production server with a signed-in staff bench: as deployed behind
 * one TLS-terminating proxy (the production session cookie is `Secure`, so the bench's staff calls
 * say they came over HTTPS in `x-forwarded-proto`, as the proxy would), password-only sign-in for
 * the bench's admin, and no call to the outside world (the studio feed points at a closed port).
 */
export function staffBenchServerEnv({ port, base, databaseUrl, admin, workers }) {
  return {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    PUBLIC_URL: base,
    SESSION_SECRET: 'bench-session-secret-0123456789abcdef0123456789',
    TURNSTILE_SECRET: '1x0000000000000000000000000000000AA',
    SIMULATION_CREATION_FEED_URL: `http://127.0.0.1:${port + 8}/rss.xml`,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    TRUST_PROXY: '1',
    STAFF_2FA: 'optional',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'error',
    WEB_CONCURRENCY: String(workers),
  };
}

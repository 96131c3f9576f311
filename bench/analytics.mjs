#!/usr/bin/env node
// Analytics bench (docs/product.md#budgets: every dashboard call under 300 ms at 1,000,000 events):
// a production server on a fresh PostgreSQL database, 1,000,000 events over the last two years
// (about 250,000 visits), rolled up by the server's start-up catch-up as production rolls up each past
// day, then each dashboard call timed sequentially (median and p95 of 20, after 3 warm-up calls). Run by bench/run.mjs after the main bench, or alone after `npm run build`.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { benchDatabase, percentile, staffBenchServerEnv, waitForHealth } from './lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.BENCH_ANALYTICS_PORT ?? 4311);
const base = `http://127.0.0.1:${port}`;
const eventCount = Number(process.env.BENCH_ANALYTICS_EVENTS ?? 1_000_000);
const runs = 20;
const warmUps = 3;
const budgetMs = 300;
const admin = { email: 'bench-admin@northbeam.example', password: 'bench-admin-password-0123' };

function log(message) {
  process.stderr.write(`[bench:analytics] ${message}\n`);
}

const database = benchDatabase('northbeam_bench_analytics');

/** 1,000,000 events in visits of 4 events (3 page views and one other event), spread over two years. */
async function seed(client) {
  const visits = Math.ceil(eventCount / 4);
  log(`seeding ${visits} visits and ${eventCount} events`);
  await client.query(
    `INSERT INTO "analytics_visits" ("visitor_hash", "day", "started_at", "last_seen_at", "page_views", "events",
        "entry_path", "referrer_host", "utm_source", "utm_campaign", "browser", "os", "device", "form_started", "enquired")
     SELECT md5((n / 3)::text) || md5(n::text), (t AT TIME ZONE 'Europe/London')::date, t, t + interval '3 minutes', 3, 4,
            '/blog/labs/post-' || (n % 200), CASE WHEN n % 3 = 0 THEN 'www.google.com' WHEN n % 3 = 1 THEN NULL ELSE 'www.linkedin.com' END,
            CASE WHEN n % 10 = 0 THEN 'newsletter' END, CASE WHEN n % 10 = 0 THEN 'spring-' || (n % 7) END,
            (ARRAY['Chrome','Safari','Firefox','Microsoft Edge'])[1 + n % 4], (ARRAY['Windows','macOS','iOS','Android'])[1 + n % 4],
            (ARRAY['desktop','mobile','tablet'])[1 + n % 3], n % 20 = 0, n % 50 = 0
       FROM generate_series(1, $1::int) AS n, LATERAL (SELECT now() - (n::float8 / $1 * interval '730 days') AS t) AS s`,
    [visits],
  );
  await client.query(
    `INSERT INTO "analytics_events" ("event", "properties", "path", "referrer", "visitor_id", "visit_id", "created_at")
     SELECT CASE WHEN k < 3 THEN 'Page View' WHEN v.id % 20 = 0 THEN 'Contact Form Started' ELSE 'page_timing' END,
            jsonb_build_object('page_url', CASE WHEN k = 0 THEN v.entry_path ELSE '/case-studies/study-' || ((v.id + k) % 30) END,
                               'page_title', 'A page'),
            CASE WHEN k = 0 THEN v.entry_path ELSE '/case-studies/study-' || ((v.id + k) % 30) END,
            v.referrer_host, NULL, v.id, v.started_at + k * interval '1 minute'
       FROM "analytics_visits" v CROSS JOIN generate_series(0, 3) AS k`,
  );
  await client.query('ANALYZE "analytics_visits"');
  await client.query('ANALYZE "analytics_events"');
}

/**
 * The production server on the bench database. Its start-up rolls up the completed UK days not rolled
 * up yet (docs/product.md#analytics-rollups), in the background.
 */
function startServer() {
  return spawn(process.execPath, ['backend/dist/main.js'], {
    cwd: root,
    env: staffBenchServerEnv({ port, base, databaseUrl: database.url, admin, workers: 1 }),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function stopServer(child) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve)));
}

/**
 * Production rolls up each UK day once it is over; the seed wrote two years at once, after the first
 * start-up had found nothing to roll up. Empties the rollups (a run may have caught a half-seeded
 * day), restarts the server and waits for its start-up catch-up to reach yesterday (oldest first), so
 * that the calls are timed on rolled-up days as in production, not on a cold rollup.
 */
async function rollUpLikeProduction(client, child) {
  await client.query(
    'DELETE FROM "analytics_daily"; DELETE FROM "analytics_daily_keys"; DELETE FROM "analytics_daily_content"',
  );
  await stopServer(child);
  const restarted = startServer();
  await waitForHealth(base, restarted);
  const started = performance.now();
  const deadline = Date.now() + 30 * 60_000;
  for (;;) {
    const { rows } = await client.query(
      `SELECT (SELECT count(*)::int FROM "analytics_daily") AS "days",
              EXISTS (SELECT 1 FROM "analytics_daily" WHERE "day" = (now() AT TIME ZONE 'Europe/London')::date - 1) AS "done"`,
    );
    if (rows[0].done) {
      log(`start-up rollup of ${rows[0].days} days took ${Math.round((performance.now() - started) / 1000)} s`);
      break;
    }
    if (restarted.exitCode !== null) throw new Error('the server exited during the rollup');
    if (Date.now() > deadline) throw new Error(`the rollup did not finish within 30 minutes (${rows[0].days} days)`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  await client.query('ANALYZE "analytics_daily"');
  await client.query('ANALYZE "analytics_daily_keys"');
  await client.query('ANALYZE "analytics_daily_content"');
  return restarted;
}

async function main() {
  await database.create();
  let child = startServer();
  try {
    await waitForHealth(base, child);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await seed(client);
    child = await rollUpLikeProduction(client, child);
    await client.end();

    const login = await fetch(`${base}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base, 'x-forwarded-proto': 'https' },
      body: JSON.stringify(admin),
    });
    if (!login.ok) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
    const cookie = login.headers
      .getSetCookie()
      .map((value) => value.split(';')[0])
      .join('; ');

    const today = new Date().toISOString().slice(0, 10);
    const daysAgo = (days) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
    const calls = [
      ['report, last 7 days (by day)', `/api/admin/analytics/report?from=${daysAgo(6)}&to=${today}`],
      ['report, today (by hour)', `/api/admin/analytics/report?from=${today}&to=${today}`],
      ['report, last 30 days', `/api/admin/analytics/report?from=${daysAgo(29)}&to=${today}`],
      [
        'report, last 31 days (by hour)',
        `/api/admin/analytics/report?from=${daysAgo(30)}&to=${today}&granularity=hour`,
      ],
      ['report, last 365 days', `/api/admin/analytics/report?from=${daysAgo(364)}&to=${today}`],
      ['report, 731 days (everything)', `/api/admin/analytics/report?from=${daysAgo(730)}&to=${today}`],
      ['real time', '/api/admin/analytics/realtime'],
      // The admin dashboard's analytics card (page views, top pages and form figures of 30 days).
      ['dashboard card (summary)', '/api/admin/analytics/summary'],
      ['CSV, last 30 days', `/api/admin/analytics/report.csv?from=${daysAgo(29)}&to=${today}`],
    ];
    const results = [];
    for (const [name, url] of calls) {
      const times = [];
      for (let index = 0; index < warmUps + runs; index += 1) {
        const started = performance.now();
        const response = await fetch(`${base}${url}`, { headers: { cookie, 'x-forwarded-proto': 'https' } });
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`${name}: ${response.status}`);
        if (index >= warmUps) times.push(performance.now() - started);
      }
      const median = Math.round(percentile(times, 0.5) * 10) / 10;
      const p95 = Math.round(percentile(times, 0.95) * 10) / 10;
      results.push({ name, median, p95, ok: p95 < budgetMs });
      log(`${name}: median ${median} ms, p95 ${p95} ms`);
    }
    const lines = [
      `| Analytics at ${eventCount.toLocaleString('en-GB')} events (${runs} calls each) | median ms | p95 ms | p95 < ${budgetMs} ms |`,
      '|---|---:|---:|:---:|',
      ...results.map((row) => `| ${row.name} | ${row.median} | ${row.p95} | ${row.ok ? 'yes' : 'NO'} |`),
    ];
    console.log(lines.join('\n'));
    return results.every((row) => row.ok) ? 0 : 1;
  } finally {
    await stopServer(child);
    await database.drop().catch((error) => log(`could not drop the bench database: ${error.message}`));
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    log(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(1);
  },
);

#!/usr/bin/env node
// Performance bench (docs/product.md#budgets): production build, two servers on one PostgreSQL database (one with
// the HTML cache, one with HTML_CACHE=off for the uncached figures; WEB_CONCURRENCY workers each, one
// per core unless BENCH_WORKERS says otherwise), seeded posts, render times, throughput with autocannon
// (an 8 s warm-up before each run), first-visit JS/CSS bytes, Lighthouse. Not part of `npm test`.
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { editorJs } from './editor-js.mjs';
import { assetClosestTo } from './lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.BENCH_PORT ?? 4301);
const base = `http://127.0.0.1:${port}`;
// A second server on the same database renders every request: HTML_CACHE=off (the "uncached" rows).
const uncachedPort = port + 1;
const uncachedBase = `http://127.0.0.1:${uncachedPort}`;
// As in production on this machine: one worker process per core (WEB_CONCURRENCY).
const workers = Number(process.env.BENCH_WORKERS ?? os.cpus().length);
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
];
const durationSeconds = Number(process.env.BENCH_DURATION ?? 5);
const warmUpSeconds = Number(process.env.BENCH_WARMUP ?? 8);
const settleSeconds = Number(process.env.BENCH_SETTLE ?? 30);
// Five runs, as Lighthouse's variability guide advises: the median of five halves the spread of one run.
const lighthouseRuns = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);
const lighthouseWarmUpRuns = Number(process.env.BENCH_LIGHTHOUSE_WARMUP ?? 1);
const connections = 10;

const budgets = {
  cachedRatio: 0.5,
  uncachedHomeRps: 400,
  uncachedHomeP99Ms: 50,
  blogGrowthRatio: 2,
  homeJsKiB: 100,
  /**
   * Uncached renders as a fraction of the same run's static-asset req/s (docs/product.md#budgets): a
   * ratio holds still while the shared machine's speed moves absolute figures threefold hour to hour.
   * Each floor is the latest quiet run's ratio less 15 % (bench/HISTORY.md, 2026-11-28 16:45, after
   * ADR 0012): home 1,627.6 / 5,603.6 = 0.290, /blog 1,577.6 / 5,603.6 = 0.282 and the article
   * 2,422.6 / 5,603.6 = 0.432.
   */
  uncachedRatioFloors: { '/ uncached': 0.246, '/blog uncached': 0.24, 'article uncached': 0.367 },
  /** Resident memory of one instance (a worker) after the run: 201 MiB measured, with room for its caches to fill. */
  instanceRssMiB: 256,
  lighthouse: { performance: 95, accessibility: 100, 'best-practices': 95, seo: 100 },
};

function log(message) {
  process.stderr.write(`[bench] ${message}\n`);
}

// ---------------------------------------------------------------- build and database

if (process.env.BENCH_SKIP_BUILD !== '1') {
  log('building for production');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

let databaseUrl = process.env.DATABASE_URL;
let dropDatabase;
if (!databaseUrl) {
  const adminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `northbeam_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  dropDatabase = async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await client.end();
  };
  log(`fresh database ${name}`);
}

// ---------------------------------------------------------------- server

const servers = [];

function startServer(serverPort, extraEnv) {
  const child = spawn(process.execPath, ['backend/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(serverPort),
      DATABASE_URL: databaseUrl,
      PUBLIC_URL: base,
      SESSION_SECRET: 'bench-session-secret-0123456789abcdef0123456789',
      TURNSTILE_SECRET: process.env.TURNSTILE_SECRET ?? '1x0000000000000000000000000000000AA',
      // No network calls to the outside world during the bench.
      SIMULATION_CREATION_FEED_URL: `http://127.0.0.1:${port + 8}/rss.xml`,
      LOG_LEVEL: 'error',
      WEB_CONCURRENCY: String(workers),
      // As deployed, behind one proxy: the analytics load names its clients in X-Forwarded-For.
      TRUST_PROXY: '1',
      ...extraEnv,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const entry = { child, exited: false, base: `http://127.0.0.1:${serverPort}` };
  child.on('exit', () => (entry.exited = true));
  servers.push(entry);
  return entry;
}

const server = startServer(port, {});
startServer(uncachedPort, { HTML_CACHE: 'off' });

async function cleanUp() {
  await Promise.all(
    servers
      .filter((entry) => !entry.exited)
      .map(
        (entry) =>
          new Promise((resolve) => {
            entry.child.kill('SIGTERM');
            const timer = setTimeout(() => {
              entry.child.kill('SIGKILL');
              resolve();
            }, 12_000);
            entry.child.once('exit', () => {
              clearTimeout(timer);
              resolve();
            });
          }),
      ),
  );
  if (dropDatabase) await dropDatabase().catch((error) => log(`could not drop the bench database: ${error.message}`));
}

async function waitForServer(entry) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (entry.exited) throw new Error('the server exited during start-up');
    try {
      const response = await fetch(`${entry.base}/api/health`);
      if (response.status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server did not start within 60 s');
}

// ---------------------------------------------------------------- seeding

const bodyMarkdown = [
  '## Why it matters',
  '',
  'Small and medium firms adopt new tools when the **first step** is cheap and the outcome is visible. ',
  'This article walks through a _practical_ approach with [links](https://example.com) and lists.',
  '',
  '- Map the process as it is today',
  '- Pick one measurable bottleneck',
  '- Pilot for four weeks, then decide',
  '',
  '### Detail',
  '',
  'Small teams ship working prototypes faster than large programmes write decks about them. '.repeat(30),
  '',
  '> A quote that sums it up.',
  '',
  '```ts\nconst answer = 42;\n```',
].join('\n');

async function seedPosts(client, from, to) {
  await client.query(
    `INSERT INTO posts (section, slug, title, excerpt, body, status, author_name, tags, word_count, reading_time, created_at, updated_at, published_at)
     SELECT CASE WHEN n % 2 = 0 THEN 'labs' ELSE 'consulting' END,
            'bench-post-' || n,
            'Bench post number ' || n || ': practical notes on adoption',
            'An excerpt of post ' || n || ' that says what the reader will learn in one or two sentences.',
            $1,
            'published',
            'Bench Author',
            '["ai","adoption"]'::jsonb,
            520, 3,
            now() - (n || ' minutes')::interval,
            now() - (n || ' minutes')::interval,
            now() - (n || ' minutes')::interval
     FROM generate_series($2::int, $3::int) AS n`,
    [bodyMarkdown, from, to],
  );
  await client.query('UPDATE content_version SET version = version + 1');
}

// ---------------------------------------------------------------- measurements

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * Median of sequential renders on the server without the HTML cache. With `client`, each render
 * follows a content change (and the second the servers take to notice it), so that it reads the
 * database rather than the data memoised for the previous one: what a first visitor after a
 * publish waits for.
 */
async function renderTime(url, count = 30, client = undefined) {
  const times = [];
  for (let index = 0; index < count + 2; index += 1) {
    if (client) {
      await client.query('UPDATE content_version SET version = version + 1');
      await new Promise((resolve) => setTimeout(resolve, 1100));
    }
    const started = performance.now();
    const response = await fetch(`${uncachedBase}${url}`, { headers: { 'accept-encoding': 'gzip' } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
    if (index >= 2) times.push(performance.now() - started);
  }
  return round(median(times), 2);
}

function round(value, digits = 1) {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/**
 * Each request from another visitor, as the proxy in front of the site would say (the servers trust
 * one proxy hop): the analytics endpoint limits each client to 120 events a minute, and one address
 * sending thousands a second measures that limit, not the endpoint.
 */
let clientNumber = 0;
function asAnotherClient(request) {
  clientNumber += 1;
  const address = `10.${(clientNumber >> 16) & 255}.${(clientNumber >> 8) & 255}.${clientNumber & 255}`;
  return { ...request, headers: { ...request.headers, 'x-forwarded-for': address } };
}

async function load(name, options) {
  const target = `${options.base ?? base}${options.path}`;
  const request = {
    connections,
    method: options.method ?? 'GET',
    headers: { 'accept-encoding': 'gzip, deflate, br', ...(options.headers ?? {}) },
    body: options.body,
    ...(options.manyClients ? { requests: [{ setupRequest: asAnotherClient }] } : {}),
  };
  // An unmeasured run first, so that each figure is the steady state and not the JIT warming up.
  // 2 s was too short for the render paths: on this machine a fresh server's first 20 s of load ran
  // up to 30% slower than the 10 s after them, while V8 was still optimising.
  await autocannon({ url: target, ...request, duration: warmUpSeconds });
  const result = await autocannon({ url: target, ...request, duration: durationSeconds });
  const errors = result.errors + result.timeouts + result.non2xx;
  const figure = {
    name,
    path: options.path,
    requestsPerSecond: round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors,
    requests: result.requests.total,
  };
  log(`${name}: ${figure.requestsPerSecond} req/s, p50 ${figure.p50Ms} ms, p99 ${figure.p99Ms} ms, errors ${errors}`);
  return figure;
}

async function firstVisitBytes(paths) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  const out = {};
  try {
    for (const pagePath of paths) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const pending = [];
      page.on('response', (response) => {
        const type = response.request().resourceType();
        if (type !== 'script' && type !== 'stylesheet') return;
        pending.push(
          response
            .request()
            .sizes()
            .then((sizes) => ({ type, bytes: sizes.responseBodySize }))
            .catch(() => ({ type, bytes: 0 })),
        );
      });
      const total = async (type) =>
        (await Promise.all(pending)).filter((size) => size.type === type).reduce((sum, size) => sum + size.bytes, 0);
      await page.goto(`${base}${pagePath}`, { waitUntil: 'networkidle' });
      // Everything the first screen loads: hydration done, deferred blocks included, then quiet.
      await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
      await page.waitForTimeout(1500);
      await page.waitForLoadState('networkidle');
      const js = await total('script');
      const css = await total('stylesheet');
      // For the record (no budget): what a visitor who scrolls to the end of the page has loaded.
      await page.evaluate(async () => {
        /* global document, window -- this function runs in the page */
        for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
          window.scrollTo(0, y);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      });
      await page.waitForTimeout(1000);
      await page.waitForLoadState('networkidle');
      const jsScrolled = await total('script');
      out[pagePath] = {
        jsKiB: round(js / 1024),
        cssKiB: round(css / 1024),
        jsAfterScrollKiB: round(jsScrolled / 1024),
      };
      log(
        `first visit ${pagePath}: JS ${out[pagePath].jsKiB} KiB, CSS ${out[pagePath].cssKiB} KiB (compressed); ` +
          `JS after scrolling to the end ${out[pagePath].jsAfterScrollKiB} KiB`,
      );
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return out;
}

async function lighthouseScores(paths) {
  let lighthouse;
  let chromeLauncher;
  try {
    lighthouse = (await import('lighthouse')).default;
    chromeLauncher = await import('chrome-launcher');
  } catch (error) {
    return { error: `lighthouse could not be loaded: ${error.message}` };
  }
  const out = {};
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless=new', ...chromiumFlags],
  });
  try {
    // A browser that has just started pays once for its own set-up (font configuration, ICU data,
    // its first renderer): the first run of a fresh Chromium was the slowest of every series here,
    // whatever page it measured. A visitor's browser has long paid it, so that run is not recorded.
    for (let run = 0; run < lighthouseWarmUpRuns; run += 1) {
      const warmUp = await lighthouseOnce(lighthouse, chrome, paths[0]);
      log(`lighthouse warm-up run (not recorded) ${paths[0]}: performance ${warmUp.performance ?? warmUp.error}`);
    }
    for (const pagePath of paths) {
      const samples = [];
      for (let run = 0; run < lighthouseRuns; run += 1) {
        const sample = await lighthouseOnce(lighthouse, chrome, pagePath);
        if (sample.error) {
          samples.length = 0;
          samples.push(sample);
          break;
        }
        samples.push(sample);
      }
      // The run with the median performance score, as Lighthouse's own guidance on variability
      // recommends: single runs of the same build spread by ±10 points on this machine.
      samples.sort((a, b) => (a.performance ?? 0) - (b.performance ?? 0));
      const chosen = samples[Math.floor(samples.length / 2)];
      if (samples.length > 1) chosen.performanceRuns = samples.map((sample) => sample.performance);
      out[pagePath] = chosen;
      log(`lighthouse ${pagePath}: ${JSON.stringify(chosen)}`);
    }
  } finally {
    await chrome.kill();
  }
  return out;
}

async function lighthouseOnce(lighthouse, chrome, pagePath) {
  try {
    const result = await lighthouse(`${base}${pagePath}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    const categories = result?.lhr?.categories ?? {};
    const scores = {};
    for (const [id, category] of Object.entries(categories))
      scores[id] = category.score === null ? null : Math.round(category.score * 100);
    if (result?.lhr?.runtimeError) scores.runtimeError = result.lhr.runtimeError.message;
    const audits = result?.lhr?.audits ?? {};
    scores.failedAccessibilityAudits = (categories.accessibility?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && audits[ref.id]?.score === 0)
      .map((ref) => ref.id);
    scores.metrics = Object.fromEntries(
      [
        'first-contentful-paint',
        'largest-contentful-paint',
        'total-blocking-time',
        'cumulative-layout-shift',
        'speed-index',
      ]
        .filter((id) => audits[id])
        .map((id) => [id, audits[id].displayValue]),
    );
    return scores;
  } catch (error) {
    log(`lighthouse ${pagePath} failed: ${error.message}`);
    return { error: error.message };
  }
}

/** A figure of `/proc/<pid>/status` (`VmHWM`, `VmRSS`) in KiB, 0 if the process is gone. */
function statusKiB(pid, field) {
  try {
    const match = new RegExp(`${field}:\\s+(\\d+)\\s+kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

/** The ids of a process's children (the cluster workers). */
function childrenOf(pid) {
  const children = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) children.push(Number(entry));
    } catch {
      // ended meanwhile
    }
  }
  return children;
}

/** Peak resident memory (VmHWM) of a process and its children (the cluster workers), in MiB. */
function peakMemoryMiB(pid) {
  const kib = [pid, ...childrenOf(pid)].reduce((sum, id) => sum + statusKiB(id, 'VmHWM'), 0);
  return kib ? round(kib / 1024) : null;
}

/** Resident memory (VmRSS) now of one instance: the largest worker (the process itself without workers), in MiB. */
function instanceMemoryMiB(pid) {
  const workerIds = childrenOf(pid);
  const kib = Math.max(0, ...(workerIds.length ? workerIds : [pid]).map((id) => statusKiB(id, 'VmRSS')));
  return kib ? round(kib / 1024) : null;
}

/** The path of the longest published post the site seeds (by words; the bench's own posts left out). */
async function longestSeededArticle(client) {
  const { rows } = await client.query(
    `SELECT section, slug FROM posts WHERE status = 'published' AND slug NOT LIKE 'bench-post-%'
     ORDER BY word_count DESC, slug LIMIT 1`,
  );
  if (!rows[0]) throw new Error('the database has no seeded post');
  return `/blog/${rows[0].section}/${rows[0].slug}`;
}

// ---------------------------------------------------------------- run

let exitCode = 0;
try {
  await Promise.all(servers.map((entry) => waitForServer(entry)));
  log(`servers up (${workers} workers each; the second renders every request)`);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(`DELETE FROM posts WHERE slug LIKE 'bench-post-%'`);
  await seedPosts(client, 1, 100);
  const blogAt100 = await renderTime('/blog', 12, client);
  log(`/blog render at 100 posts: ${blogAt100} ms`);
  await seedPosts(client, 101, 10_000);
  await client.query('ANALYZE posts');
  const blogAt10k = await renderTime('/blog', 12, client);
  log(`/blog render at 10,000 posts: ${blogAt10k} ms`);

  // The article measured is the longest seeded post (the bench's own posts are not the site's content).
  const articlePath = await longestSeededArticle(client);
  await client.end();
  log(`article measured: ${articlePath}`);
  const casePath = '/case-studies/relative-probability';
  const articleRender = await renderTime(articlePath);
  const caseRender = await renderTime(casePath);
  const homeRender = await renderTime('/');

  const homeBody = await (await fetch(`${base}/`)).text();
  const asset = assetClosestTo(root, Buffer.byteLength(homeBody));
  const bypass = { base: uncachedBase };
  // A server that has just started is not the one visitors meet: V8 optimises the render paths and
  // sizes its heap over the first 20-30 s of load (a fresh server's uncached home page went 216,
  // 300, then 430 req/s over its first three 8 s runs, and stayed there). So the rendering server
  // first serves every page it is measured on for BENCH_SETTLE seconds; each run still has its own
  // warm-up after that.
  log(`settling the rendering server: ${settleSeconds} s of load over the measured pages`);
  await autocannon({
    url: uncachedBase,
    connections,
    duration: settleSeconds,
    headers: { 'accept-encoding': 'gzip, deflate, br' },
    requests: ['/', '/blog', articlePath, casePath].map((pagePath) => ({ method: 'GET', path: pagePath })),
  });
  const runs = [];
  runs.push(await load('static asset (ceiling)', { path: `/assets/${asset.file}` }));
  runs.push(await load('/ cached', { path: '/' }));
  runs.push(await load('/ uncached', { path: '/', ...bypass }));
  runs.push(await load('/blog cached', { path: '/blog' }));
  runs.push(await load('/blog uncached', { path: '/blog', ...bypass }));
  runs.push(await load('article cached', { path: articlePath }));
  runs.push(await load('article uncached', { path: articlePath, ...bypass }));
  runs.push(await load('case study cached', { path: casePath }));
  runs.push(await load('case study uncached', { path: casePath, ...bypass }));
  runs.push(await load('GET /api/posts/labs', { path: '/api/posts/labs' }));
  runs.push(
    await load('POST /api/analytics/track', {
      path: '/api/analytics/track',
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ event: 'Page View', properties: { page_url: '/' } }),
      manyClients: true,
    }),
  );
  const ceiling = runs[0].requestsPerSecond;
  for (const run of runs) run.ratioToStatic = ceiling ? round(run.requestsPerSecond / ceiling, 2) : null;
  // The relative budgets' ratios, to three places (the floors have three).
  const uncachedRatio = (name) => round(runs.find((run) => run.name === name).requestsPerSecond / ceiling, 3);
  for (const name of Object.keys(budgets.uncachedRatioFloors))
    log(`${name}: ${uncachedRatio(name)} × static (floor ${budgets.uncachedRatioFloors[name]})`);

  const bytes = await firstVisitBytes(['/', '/blog', articlePath]);
  // The admin's editor screen, from the build's manifest (ADR 0011): reported, and kept off public pages.
  const editor = editorJs(root);
  log(`editor screen JS: ${editor.screenKiB} KiB, the rich text editor ${editor.editorKiB} KiB (gzip)`);
  const lighthouse =
    process.env.BENCH_SKIP_LIGHTHOUSE === '1'
      ? { skipped: 'BENCH_SKIP_LIGHTHOUSE=1' }
      : await lighthouseScores(['/', articlePath, casePath]);
  const memory = peakMemoryMiB(server.child.pid);
  const instanceMemory = instanceMemoryMiB(server.child.pid);

  // ---------------------------------------------------------------- budgets
  const checks = [];
  const check = (name, value, budget, ok) => checks.push({ name, value, budget, ok });
  for (const run of runs.filter((item) => item.name.endsWith(' cached'))) {
    check(
      `${run.name} ≥ 0.5 × static rps`,
      run.requestsPerSecond,
      round(ceiling * budgets.cachedRatio),
      run.requestsPerSecond >= ceiling * budgets.cachedRatio,
    );
  }
  const homeUncached = runs.find((run) => run.name === '/ uncached');
  check(
    '/ uncached rps ≥ 400',
    homeUncached.requestsPerSecond,
    budgets.uncachedHomeRps,
    homeUncached.requestsPerSecond >= budgets.uncachedHomeRps,
  );
  check(
    '/ uncached p99 < 50 ms',
    homeUncached.p99Ms,
    budgets.uncachedHomeP99Ms,
    homeUncached.p99Ms < budgets.uncachedHomeP99Ms,
  );
  check(
    '/blog render at 10,000 ≤ 2 × at 100',
    blogAt10k,
    round(blogAt100 * budgets.blogGrowthRatio, 2),
    blogAt10k <= blogAt100 * budgets.blogGrowthRatio,
  );
  for (const [name, floor] of Object.entries(budgets.uncachedRatioFloors)) {
    const ratio = uncachedRatio(name);
    check(`${name} ≥ ${floor} × static rps`, ratio, floor, ratio >= floor);
  }
  check(
    `one instance's RSS after the run ≤ ${budgets.instanceRssMiB} MiB`,
    instanceMemory,
    budgets.instanceRssMiB,
    instanceMemory !== null && instanceMemory <= budgets.instanceRssMiB,
  );
  check(
    'no public page can load the rich text editor',
    editor.publicFilesWithEditor.length + editor.lexicalOutsideEditor.length,
    0,
    editor.publicFilesWithEditor.length + editor.lexicalOutsideEditor.length === 0,
  );
  check('home JS < 100 KiB compressed', bytes['/'].jsKiB, budgets.homeJsKiB, bytes['/'].jsKiB < budgets.homeJsKiB);
  for (const run of runs) check(`${run.name}: no errors`, run.errors, 0, run.errors === 0);
  if (lighthouse.skipped || lighthouse.error) {
    check('Lighthouse scores', lighthouse.skipped ?? lighthouse.error, 'measured', false);
  } else {
    for (const [pagePath, scores] of Object.entries(lighthouse)) {
      for (const [category, minimum] of Object.entries(budgets.lighthouse)) {
        const score = scores[category];
        check(
          `Lighthouse ${category} ${pagePath} ≥ ${minimum}`,
          score ?? scores.error ?? null,
          minimum,
          typeof score === 'number' && score >= minimum,
        );
      }
    }
  }

  const results = {
    date: new Date().toISOString(),
    machine: {
      os: `${os.type()} ${os.release()}`,
      cpu: os.cpus()[0]?.model ?? 'unknown',
      cpus: os.cpus().length,
      memoryGiB: round(os.totalmem() / 1024 ** 3),
      node: process.version,
    },
    settings: { connections, durationSeconds, workers, staticAsset: asset },
    renderMs: { blogAt100, blogAt10000: blogAt10k, article: articleRender, caseStudy: caseRender, home: homeRender },
    load: runs,
    firstVisitCompressed: bytes,
    lighthouse,
    serverPeakMemoryMiB: memory,
    instanceMemoryMiB: instanceMemory,
    budgets: checks,
  };
  writeFileSync(path.join(root, 'bench/results.json'), `${JSON.stringify(results, null, 2)}\n`);

  // ---------------------------------------------------------------- table
  const lines = [];
  lines.push(
    `Bench ${results.date} on ${results.machine.cpus} × ${results.machine.cpu}, ${results.machine.memoryGiB} GiB, ${results.machine.os}, Node ${results.machine.node}`,
  );
  lines.push('');
  lines.push('| Load (10 connections, ' + durationSeconds + ' s) | req/s | × static | p50 ms | p99 ms | errors |');
  lines.push('|---|---:|---:|---:|---:|---:|');
  for (const run of runs)
    lines.push(
      `| ${run.name} | ${run.requestsPerSecond} | ${run.ratioToStatic} | ${run.p50Ms} | ${run.p99Ms} | ${run.errors} |`,
    );
  lines.push('');
  lines.push('| Render (median, without the HTML cache) | ms |');
  lines.push('|---|---:|');
  lines.push(`| /blog at 100 posts, first render after a change (12) | ${blogAt100} |`);
  lines.push(`| /blog at 10,000 posts, first render after a change (12) | ${blogAt10k} |`);
  lines.push(`| / (30) | ${homeRender} |`);
  lines.push(`| article (30) | ${articleRender} |`);
  lines.push(`| case study (30) | ${caseRender} |`);
  lines.push('');
  lines.push('| First visit (compressed) | JS KiB | CSS KiB | JS after scrolling to the end, KiB |');
  lines.push('|---|---:|---:|---:|');
  for (const [pagePath, value] of Object.entries(bytes))
    lines.push(`| ${pagePath} | ${value.jsKiB} | ${value.cssKiB} | ${value.jsAfterScrollKiB} |`);
  lines.push('');
  lines.push(
    `Editor screen JS (/admin/posts/new, gzip, from the build's manifest): ${editor.screenKiB} KiB, of which the rich text editor ${editor.editorKiB} KiB, loaded only there`,
  );
  lines.push('');
  if (lighthouse.skipped || lighthouse.error) {
    lines.push(`Lighthouse: ${lighthouse.skipped ?? lighthouse.error}`);
  } else {
    lines.push('| Lighthouse (mobile) | performance: median run (all runs) | accessibility | best practices | SEO |');
    lines.push('|---|---:|---:|---:|---:|');
    for (const [pagePath, scores] of Object.entries(lighthouse)) {
      lines.push(
        `| ${pagePath} | ${scores.performance ?? scores.error ?? '-'}${scores.performanceRuns ? ` (${scores.performanceRuns.join(', ')})` : ''} | ${scores.accessibility ?? '-'} | ${scores['best-practices'] ?? '-'} | ${scores.seo ?? '-'} |`,
      );
    }
  }
  lines.push('');
  lines.push(`Server peak memory (VmHWM, primary + ${workers} workers): ${memory} MiB`);
  lines.push(`One instance's resident memory after the run (VmRSS, largest worker): ${instanceMemory} MiB`);
  lines.push('');
  lines.push('| Uncached render | req/s | × static | floor |');
  lines.push('|---|---:|---:|---:|');
  for (const [name, floor] of Object.entries(budgets.uncachedRatioFloors)) {
    const run = runs.find((item) => item.name === name);
    lines.push(`| ${name} (${run.path}) | ${run.requestsPerSecond} | ${uncachedRatio(name)} | ${floor} |`);
  }
  lines.push('');
  lines.push('| Budget | value | budget | met |');
  lines.push('|---|---:|---:|:---:|');
  for (const item of checks)
    lines.push(`| ${item.name} | ${item.value} | ${item.budget} | ${item.ok ? 'yes' : 'NO'} |`);
  console.log(lines.join('\n'));
  if (checks.some((item) => !item.ok)) {
    log(`${checks.filter((item) => !item.ok).length} budget(s) missed`);
    exitCode = 1;
  }
} catch (error) {
  log(error instanceof Error ? (error.stack ?? error.message) : String(error));
  exitCode = 1;
} finally {
  await cleanUp();
}

// The analytics dashboard at 1,000,000 events: its own server and database (bench/analytics.mjs).
if (process.env.BENCH_SKIP_ANALYTICS !== '1') {
  const analytics = spawnSync(process.execPath, [path.join(root, 'bench/analytics.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (analytics.status !== 0) exitCode = 1;
}
// The back office (admin lists, newsletter send, media): its own server, database and SMTP sink (bench/back-office.mjs).
if (process.env.BENCH_SKIP_BACKOFFICE !== '1') {
  const backOffice = spawnSync(process.execPath, [path.join(root, 'bench/back-office.mjs')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (backOffice.status !== 0) exitCode = 1;
}
// The cached home page through nginx and Varnish against the same server's static asset (bench/cdn.mjs).
if (process.env.BENCH_SKIP_CDN !== '1') {
  const cdn = spawnSync(process.execPath, [path.join(root, 'bench/cdn.mjs')], { cwd: root, stdio: 'inherit' });
  if (cdn.status !== 0) exitCode = 1;
}
process.exit(exitCode);

#!/usr/bin/env node
// `npm run test:faults`: the built application against a PostgreSQL cluster of its own (Debian's
// initdb/pg_ctl, a free port, a temp dir) under steady load. Faults injected: the database stopped for
// 10 s and started again; SIGTERM under load; with WEB_CONCURRENCY=2, a worker killed under load and
// SIGTERM to the primary. Checks: /api/health 503 then 200 again, failures fast
// (< 6 s) with 503 and the error contract, no crash, recovery within 10 s of the database returning
// without a restart, no 201 enquiry lost, in-flight requests finished at SIGTERM, exit within 10 s; a
// dead worker replaced within 5 s while the other keeps answering, both drained at SIGTERM. First, on
// the embedded database and then on PostgreSQL: 60 s of pages and enquiries after content changes
// (FAULTS_LOAD_SECONDS), no answer over 2 s, no 5xx, every accepted enquiry stored.
// Builds first when backend/dist is missing. Writes test-results/faults.json {passed, failed}.
// Turnstile and feed timeouts are covered by backend/test/contact-turnstile.e2e-spec.ts and
// backend/test/simulation-creation-feed.e2e-spec.ts.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { turnstileFallbackToken } from '@northbeam/common';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** A port nothing listens on now (a cluster or server left by an interrupted run must not fail this one). */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}
const dbPort = Number(process.env.FAULTS_DB_PORT ?? (await freePort()));
const appPort = Number(process.env.FAULTS_APP_PORT ?? (await freePort()));
const base = `http://127.0.0.1:${appPort}`;
const databaseUrl = `postgres://postgres@127.0.0.1:${dbPort}/postgres`;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const checks = [];
function check(name, ok, detail = '') {
  checks.push({ name, ok });
  console.log(`${ok ? 'PASS' : 'FAIL'} ${name}${detail ? ` (${detail})` : ''}`);
}

function pgBin() {
  const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const bin = `/usr/lib/postgresql/${version}/bin`;
    if (existsSync(`${bin}/initdb`) && existsSync(`${bin}/pg_ctl`)) return bin;
  }
  throw new Error('initdb/pg_ctl not found under /usr/lib/postgresql/*/bin');
}

const isRoot = process.getuid?.() === 0;
function asPostgres(command, args) {
  return isRoot
    ? execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { stdio: 'pipe' })
    : execFileSync(command, args, { stdio: 'pipe' });
}

if (!existsSync(path.join(root, 'backend/dist/main.js'))) {
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const bin = pgBin();
const tmp = mkdtempSync(path.join(os.tmpdir(), 'northbeam-faults-'));
chmodSync(tmp, 0o777);
const dataDir = path.join(tmp, 'data');
const socketDir = path.join(tmp, 'socket');
mkdirSync(socketDir);
chmodSync(socketDir, 0o777);
if (isRoot) execFileSync('chown', ['postgres', tmp, socketDir]);
const pgCtl = (action) =>
  asPostgres(`${bin}/pg_ctl`, [
    '-D',
    dataDir,
    '-l',
    path.join(tmp, 'postgres.log'),
    '-w',
    '-t',
    '30',
    '-m',
    'fast',
    '-o',
    `-p ${dbPort} -k ${socketDir} -c listen_addresses=127.0.0.1`,
    action,
  ]);

let app;
let appExit;
function startApp(extraEnv = {}, { embedded = false } = {}) {
  const env = { ...process.env, ...extraEnv };
  if (embedded) delete env.DATABASE_URL;
  const child = spawn(process.execPath, [path.join(root, 'backend/dist/main.js')], {
    cwd: root,
    env: {
      ...env,
      NODE_ENV: 'test',
      PORT: String(appPort),
      PUBLIC_URL: base,
      ...(embedded ? {} : { DATABASE_URL: databaseUrl }),
      SESSION_SECRET: 'faults-session-secret-that-is-long-enough-0123456789',
      LOG_LEVEL: extraEnv.LOG_LEVEL ?? 'error',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The application's own error lines (not the request log), and the pages' failed API calls, to
  // say why a check failed.
  child.errors = [];
  child.stdout.on('data', (chunk) => {
    for (const line of String(chunk).split('\n'))
      if (line.includes('Loader API call') && child.errors.length < 50) child.errors.push(line.slice(0, 600));
  });
  child.stderr.on('data', (chunk) => {
    for (const line of String(chunk).split('\n'))
      if (line.includes('"level":"error"') && !line.includes('"msg":"request"') && child.errors.length < 50)
        child.errors.push(line.slice(0, 600));
  });
  appExit = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal, at: Date.now() })));
  return child;
}

async function timed(url, init) {
  const started = Date.now();
  // A timer of its own (not AbortSignal.timeout, whose signal may be collected before it fires).
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error('no answer within 20 s')), 20_000);
  try {
    const response = await fetch(url, { ...init, signal: controller.signal });
    const text = await response.text();
    let body;
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
    return { status: response.status, ms: Date.now() - started, body, at: started };
  } catch (error) {
    return {
      status: 0,
      ms: Date.now() - started,
      body: `${String(error)} ${String(error?.cause?.code ?? error?.cause?.message ?? '')}`,
      at: started,
    };
  } finally {
    clearTimeout(timer);
  }
}

let enquiry = 0;
function submitEnquiry() {
  enquiry += 1;
  const index = enquiry;
  return timed(`${base}/api/contact`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': `10.${Math.floor(index / 60000) % 250}.${Math.floor(index / 250) % 250}.${index % 250}`,
    },
    body: JSON.stringify({
      name: `Fault tester ${index}`,
      email: `fault-${index}@example.com`,
      service: 'labs',
      message: 'An enquiry sent while the database comes and goes.',
      consent: true,
      turnstileToken: turnstileFallbackToken,
      website: '',
      startedAt: String(Date.now() - 30_000),
    }),
  }).then((result) => ({ ...result, email: `fault-${index}@example.com` }));
}

/** The child processes (cluster workers) of a process, from /proc. */
function workersOf(pid) {
  const children = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) === pid && fields[0] !== 'Z') children.push(Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  return children;
}

async function waitFor(predicate, timeoutMs) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await predicate()) return Date.now() - started;
    await sleep(200);
  }
  return undefined;
}

const isContract = (result) =>
  typeof result.body === 'object' &&
  result.body?.statusCode === result.status &&
  typeof result.body?.error === 'string';

/** Seconds of load per database (FAULTS_LOAD_SECONDS, 60 unless told). */
const loadSeconds = Number(process.env.FAULTS_LOAD_SECONDS ?? 60);
const loadAdmin = { email: 'load-admin@northbeam.example', password: 'load-admin-password-0123456789' };
const loadPaths = ['/', '/blog', '/about', '/contact', '/case-studies', '/api/site-settings', '/api/posts'];
const loadSlowMs = 2000;

/**
 * Load after content changes, on one database. The embedded database used to freeze for 15 s when a
 * page render and a few enquiries arrived together just after a change: the enquiry's transaction
 * awaited a settings read that another request had started outside it, which could not run while
 * the transaction held the one session. A staff member publishes a post; then, for `loadSeconds`, a
 * page or public API read every 250 ms and an enquiry every 500 ms (each from its own address, so the
 * per-address limit is never what answers), and every 5 s another post with a burst at once (a page
 * and more enquiries than the pool has connections: 6 for the embedded database's 4, 12 for
 * PostgreSQL's 10). Checks: every change made, no query waiting for the 15 s timeout, no answer over
 * 2 s, no 5xx (nor a dropped connection), every 201 enquiry stored.
 */
async function loadAfterContentChanges(label, { embedded }) {
  const pgliteDir = path.join(tmp, 'embedded', 'pglite');
  app = startApp(
    {
      ADMIN_EMAIL: loadAdmin.email,
      ADMIN_PASSWORD: loadAdmin.password,
      STAFF_2FA: 'optional',
      TRUST_PROXY: '1',
      LOG_LEVEL: 'warn',
      ...(embedded ? { PGLITE_DIR: pgliteDir } : {}),
    },
    { embedded },
  );
  const up = await waitFor(async () => (await timed(`${base}/api/health`)).status === 200, 120_000);
  // The freeze's signature in the application's error log: a query that waited for the 15 s timeout.
  const timeouts = [];
  app.stderr.on('data', (chunk) => {
    for (const line of String(chunk).split('\n'))
      if (/query read timeout/i.test(line)) timeouts.push(line.slice(0, 200));
  });
  if (up === undefined)
    throw new Error(
      `the application on ${label} did not start in 120 s (exit ${app.exitCode ?? app.signalCode ?? 'none yet'}): ${app.errors.slice(0, 3).join(' | ')}`,
    );
  const signIn = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(loadAdmin),
  });
  const cookie = (signIn.headers.getSetCookie?.() ?? [])
    .map((header) => header.split(';')[0])
    .find((pair) => /^(__Host-)?nb\.sid=/.test(pair));
  if (signIn.status !== 200 || !cookie) throw new Error(`staff sign-in on ${label} failed: ${signIn.status}`);

  const results = [];
  let sent = 0;
  const address = () => {
    sent += 1;
    return `172.${16 + (Math.floor(sent / 62500) % 16)}.${Math.floor(sent / 250) % 250}.${(sent % 250) + 1}`;
  };
  const page = (target) =>
    timed(`${base}${target}`, { headers: { 'x-forwarded-for': address() } }).then((result) =>
      results.push({ ...result, what: `GET ${target}` }),
    );
  const enquiry = () => {
    const email = `load-${label}-${sent + 1}@example.com`;
    return timed(`${base}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address() },
      body: JSON.stringify({
        name: 'Load tester',
        email,
        service: 'labs',
        message: 'An enquiry sent while pages render just after a content change.',
        consent: true,
        turnstileToken: turnstileFallbackToken,
        website: '',
        startedAt: String(Date.now() - 30_000),
      }),
    }).then((result) => results.push({ ...result, what: 'POST /api/contact', email }));
  };
  let changes = 0;
  const contentChange = () => {
    changes += 1;
    const slug = `load-${label.toLowerCase()}-change-${changes}-${Date.now()}`;
    return timed(`${base}/api/admin/posts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({
        title: `Load change ${changes}`,
        slug,
        excerpt: 'A post published under load, to change the content.',
        body: 'Published while pages render and enquiries arrive.',
        section: 'labs',
        status: 'published',
      }),
    }).then((result) => results.push({ ...result, what: 'POST /api/admin/posts' }));
  };

  // Every page once before the clock starts (the first render of each is not what this measures).
  for (const target of loadPaths) await timed(`${base}${target}`);
  await contentChange();

  const pending = [];
  const started = Date.now();
  let tick = 0;
  while (Date.now() - started < loadSeconds * 1000) {
    tick += 1;
    pending.push(page(loadPaths[tick % loadPaths.length]));
    if (tick % 2 === 0) pending.push(enquiry());
    if (tick % 20 === 0) {
      pending.push(
        contentChange().then(() =>
          Promise.all([
            page(loadPaths[tick % loadPaths.length]),
            ...Array.from({ length: embedded ? 6 : 12 }, () => enquiry()),
          ]),
        ),
      );
    }
    await sleep(250);
  }
  await Promise.all(pending);

  const info = embedded
    ? JSON.parse(readFileSync(path.join(path.dirname(pgliteDir), 'pglite-connection.json'), 'utf8'))
    : null;
  const client = new pg.Client({
    connectionString: embedded
      ? `postgres://postgres@localhost/postgres?host=${encodeURIComponent(info.socketDir)}&sslmode=disable`
      : databaseUrl,
  });
  await client.connect();
  const stored = new Set(
    (await client.query(`SELECT email FROM contact_messages WHERE email LIKE $1`, [`load-${label}-%`])).rows.map(
      (row) => row.email,
    ),
  );
  await client.end();
  app.kill('SIGTERM');
  await Promise.race([appExit, sleep(15_000)]);
  if (app.exitCode === null && app.signalCode === null) app.kill('SIGKILL');

  const tally = {};
  for (const result of results)
    tally[`${result.what} ${result.status}`] = (tally[`${result.what} ${result.status}`] ?? 0) + 1;
  const slow = results.filter((result) => result.ms > loadSlowMs);
  const failed = results.filter((result) => result.status >= 500 || result.status === 0);
  const accepted = results.filter((result) => result.email && result.status === 201);
  const lost = accepted.filter((result) => !stored.has(result.email));
  const sorted = results.map((result) => result.ms).sort((a, b) => a - b);
  console.log(
    `Load on ${label}: ${results.length} requests in ${loadSeconds} s after ${changes} content changes; ${JSON.stringify(tally)}; median ${sorted[Math.floor(sorted.length / 2)]} ms, slowest ${sorted.at(-1)} ms`,
  );
  if (failed.length > 0) for (const line of app.errors.slice(0, 5)) console.log(`  log: ${line}`);
  for (const result of [...failed, ...slow].slice(0, 8))
    console.log(`  ${result.what} ${result.status} in ${result.ms} ms: ${JSON.stringify(result.body).slice(0, 160)}`);
  check(
    `${label}: no answer over 2 s under load after content changes`,
    slow.length === 0,
    `${slow.length} slow, slowest ${sorted.at(-1)} ms`,
  );
  const changesMade = results.filter((result) => result.what === 'POST /api/admin/posts' && result.status === 201);
  check(`${label}: every content change made`, changesMade.length === changes, `${changesMade.length} of ${changes}`);
  check(`${label}: no query waited for the 15 s query timeout`, timeouts.length === 0, `${timeouts.length} in the log`);
  check(`${label}: no 5xx and no dropped request under load`, failed.length === 0, `${failed.length} failed`);
  check(
    `${label}: every accepted enquiry is stored`,
    accepted.length > 0 && lost.length === 0,
    `201s ${accepted.length}, stored ${stored.size}, lost ${lost.length}`,
  );
}

let exitCode = 1;
try {
  await loadAfterContentChanges('embedded', { embedded: true });
  asPostgres(`${bin}/initdb`, ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  pgCtl('start');
  console.log(`PostgreSQL cluster on port ${dbPort} in ${tmp} (${bin})`);
  await loadAfterContentChanges('PostgreSQL', { embedded: false });
  app = startApp();
  const up = await waitFor(async () => (await timed(`${base}/api/health`)).status === 200, 60_000);
  if (up === undefined) throw new Error('the application did not start');

  // Steady load: an enquiry and a health probe every 100 ms.
  const results = [];
  const healths = [];
  let loading = true;
  const loop = (async () => {
    const pending = [];
    while (loading) {
      pending.push(submitEnquiry().then((result) => results.push(result)));
      pending.push(timed(`${base}/api/health`).then((result) => healths.push(result)));
      await sleep(100);
    }
    await Promise.all(pending);
  })();

  await sleep(3000);
  const stoppedAt = Date.now();
  pgCtl('stop');
  console.log('Fault 1: database stopped for 10 s');
  await sleep(10_000);
  pgCtl('start');
  const restartedAt = Date.now();
  const recovery = await waitFor(async () => (await timed(`${base}/api/health`)).status === 200, 15_000);
  await sleep(3000);
  loading = false;
  await loop;

  const during = results.filter((result) => result.at > stoppedAt + 500 && result.at < restartedAt - 500);
  const healthDuring = healths.filter((result) => result.at > stoppedAt + 500 && result.at < restartedAt - 500);
  const failures = results.filter((result) => result.status !== 201);
  const slowest = Math.max(...results.map((result) => result.ms), ...healths.map((result) => result.ms));
  const accepted = results.filter((result) => result.status === 201);
  console.log(
    `Load: ${results.length} enquiries (${accepted.length} × 201, ${failures.length} other: ${JSON.stringify(Object.fromEntries([...new Set(failures.map((f) => f.status))].map((s) => [s, failures.filter((f) => f.status === s).length])))}), ${healths.length} health probes; slowest answer ${slowest} ms`,
  );
  check(
    'health answers 503 while the database is down',
    healthDuring.length > 0 && healthDuring.every((result) => result.status === 503),
    `${healthDuring.length} probes`,
  );
  check(
    'enquiries answer 503 with the error contract while the database is down',
    during.length > 0 && during.every((result) => result.status === 503 && isContract(result)),
    `${during.length} enquiries`,
  );
  const unexpected = failures.filter((result) => !(result.status === 503 && isContract(result)));
  for (const result of unexpected.slice(0, 5))
    console.log(`  ${result.status} in ${result.ms} ms: ${JSON.stringify(result.body).slice(0, 200)}`);
  if (unexpected.length > 0)
    for (const line of app.errors.filter((entry) => !entry.includes('MailDispatcher')).slice(0, 5))
      console.log(`  log: ${line}`);
  check(
    'every failure is a 503 with the error contract (no 500, no hang)',
    failures.every((result) => result.status === 503 && isContract(result)),
  );
  check('every answer comes in under 6 s', slowest < 6000, `slowest ${slowest} ms`);
  check('the process did not crash', app.exitCode === null && app.signalCode === null);
  check(
    'it recovers within 10 s of the database returning, without a restart',
    recovery !== undefined && recovery <= 10_000,
    `health 200 after ${recovery} ms`,
  );
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const stored = new Set((await client.query('SELECT email FROM contact_messages')).rows.map((row) => row.email));
  const lost = accepted.filter((result) => !stored.has(result.email));
  const phantom = failures.filter((result) => stored.has(result.email));
  check(
    'no enquiry that got a 201 is lost',
    accepted.length > 0 && lost.length === 0,
    `201s ${accepted.length}, stored ${stored.size}, lost ${lost.length}`,
  );
  check('no enquiry that got a 503 was stored', phantom.length === 0, `${phantom.length}`);

  // Fault 2: SIGTERM under load.
  const before = stored.size;
  const inFlight = Array.from({ length: 40 }, () => submitEnquiry());
  await sleep(50);
  const termAt = Date.now();
  app.kill('SIGTERM');
  console.log('Fault 2: SIGTERM with 40 enquiries in flight');
  const answers = await Promise.all(inFlight);
  const after = new Set((await client.query('SELECT email FROM contact_messages')).rows.map((row) => row.email));
  const exit = await Promise.race([appExit, sleep(12_000).then(() => undefined)]);
  const answered = answers.filter((result) => result.status === 201);
  const refused = answers.filter((result) => result.status !== 201);
  console.log(`SIGTERM errors: ${JSON.stringify([...new Set(refused.map((r) => String(r.body).slice(0, 160)))])}`);
  console.log(
    `SIGTERM: ${answered.length} × 201, others ${JSON.stringify(refused.map((r) => r.status))}; exit ${JSON.stringify(exit)}`,
  );
  // A request whose connection the closed listener refused never reached this instance (behind nginx it
  // goes to another replica); one that reached it must be answered, never reset or answered 500.
  const neverArrived = refused.filter((result) => result.status === 0 && /ECONNREFUSED/.test(String(result.body)));
  check(
    'in-flight requests finish after SIGTERM',
    answered.length > 0 &&
      refused.every((result) => neverArrived.includes(result) || (result.status === 503 && isContract(result))),
    `${answered.length} accepted, ${neverArrived.length} refused at connect after the listener closed`,
  );
  check(
    'no enquiry refused at SIGTERM was stored',
    refused.every((result) => !after.has(result.email)),
  );
  check(
    'the process exits within 10 s of SIGTERM',
    exit !== undefined && exit.at - termAt <= 10_000,
    exit ? `${exit.at - termAt} ms, code ${exit.code}` : 'still running',
  );
  check(
    'every enquiry accepted during shutdown is stored',
    answered.every((result) => after.has(result.email)),
    `rows ${before} → ${after.size}`,
  );

  // Fault 3: WEB_CONCURRENCY=2 — a worker killed under load is replaced; SIGTERM drains both.
  app = startApp({ WEB_CONCURRENCY: '2' });
  const clusterUp = await waitFor(
    async () => (await timed(`${base}/api/health`)).status === 200 && workersOf(app.pid).length === 2,
    60_000,
  );
  if (clusterUp === undefined) throw new Error('the application did not start with two workers');
  const firstWorkers = workersOf(app.pid);
  const clusterResults = [];
  let clusterLoading = true;
  const clusterLoop = (async () => {
    const pending = [];
    while (clusterLoading) {
      pending.push(submitEnquiry().then((result) => clusterResults.push(result)));
      await sleep(50);
    }
    await Promise.all(pending);
  })();
  await sleep(1500);
  const killedAt = Date.now();
  process.kill(firstWorkers[0], 'SIGKILL');
  console.log(`Fault 3: worker ${firstWorkers[0]} of ${firstWorkers.join(', ')} killed (SIGKILL) under load`);
  const replaced = await waitFor(async () => {
    const now = workersOf(app.pid);
    return now.length === 2 && !now.includes(firstWorkers[0]);
  }, 15_000);
  await sleep(1500);
  clusterLoading = false;
  await clusterLoop;
  const storedNow = new Set((await client.query('SELECT email FROM contact_messages')).rows.map((row) => row.email));
  const clusterAccepted = clusterResults.filter((result) => result.status === 201);
  const afterReplacement = clusterResults.filter((result) => result.at > killedAt + (replaced ?? 0) + 500);
  console.log(
    `Cluster: ${clusterResults.length} enquiries, ${clusterAccepted.length} × 201, others ${JSON.stringify(clusterResults.filter((r) => r.status !== 201).map((r) => r.status))}; replacement worker after ${replaced} ms`,
  );
  check(
    'the primary starts a new worker within 5 s of one dying',
    replaced !== undefined && replaced <= 5000,
    `${replaced} ms`,
  );
  check(
    'the site keeps answering while a worker is replaced',
    afterReplacement.length > 0 && afterReplacement.every((result) => result.status === 201),
    `${afterReplacement.length} enquiries after the replacement`,
  );
  check(
    'no enquiry accepted by the cluster is lost',
    clusterAccepted.length > 0 && clusterAccepted.every((result) => storedNow.has(result.email)),
    `${clusterAccepted.length} accepted`,
  );
  const clusterInFlight = Array.from({ length: 40 }, () => submitEnquiry());
  await sleep(50);
  const clusterTermAt = Date.now();
  app.kill('SIGTERM');
  const clusterAnswers = await Promise.all(clusterInFlight);
  const clusterExit = await Promise.race([appExit, sleep(12_000).then(() => undefined)]);
  const storedAfter = new Set((await client.query('SELECT email FROM contact_messages')).rows.map((row) => row.email));
  const clusterAnswered = clusterAnswers.filter((result) => result.status === 201);
  check(
    'SIGTERM to the primary: both workers drain and it exits within 10 s',
    clusterExit !== undefined &&
      clusterExit.at - clusterTermAt <= 10_000 &&
      clusterExit.code === 0 &&
      workersOf(app.pid).length === 0,
    clusterExit ? `${clusterExit.at - clusterTermAt} ms, code ${clusterExit.code}` : 'still running',
  );
  check(
    'every enquiry the cluster accepted during shutdown is stored',
    clusterAnswered.length > 0 && clusterAnswered.every((result) => storedAfter.has(result.email)),
    `${clusterAnswered.length} accepted`,
  );
  await client.end();
  exitCode = checks.every((entry) => entry.ok) ? 0 : 1;
} catch (error) {
  console.error(error);
  check('the fault suite ran to the end', false, String(error));
} finally {
  if (app && app.exitCode === null && app.signalCode === null) app.kill('SIGKILL');
  try {
    pgCtl('stop');
  } catch {
    // already stopped
  }
  rmSync(tmp, { recursive: true, force: true });
  const passed = checks.filter((entry) => entry.ok).length;
  const failed = checks.length - passed;
  mkdirSync(path.join(root, 'test-results'), { recursive: true });
  writeFileSync(path.join(root, 'test-results/faults.json'), JSON.stringify({ passed, failed }));
  console.log(
    `Faults injected: 4 (database stopped 10 s, SIGTERM under load, a cluster worker killed, SIGTERM to the cluster); checks ${passed} passed, ${failed} failed`,
  );
}
process.exit(exitCode);

#!/usr/bin/env node
// Back-office bench (docs/product.md#budgets): a production server on a fresh PostgreSQL database and
// a local SMTP sink, then
// - the admin lists (posts, enquiries, subscribers, media, activity) at 10,000 rows each: first page,
//   a far page and one filtered or searched query, each timed sequentially as a signed-in super
//   admin (median and p95 of 20, after 3 warm-up calls), budget under 100 ms;
// - a newsletter issue composed and sent through the API to 10,000 confirmed subscribers: mails/s
//   from the send call to the last mail the SMTP sink receives (budget ≥ 100), while autocannon loads
//   the cached home page (budget ≥ 0.5 × a static asset's rate, measured just before on the same server);
// - the media library: a 12-megapixel JPEG uploaded and every variant of it (each listed width in
//   AVIF, WebP and JPEG, made on first request) available within 3 s, and a cached variant served at
//   ≥ 0.5 × the rate of a static asset of about its size (both read by `binaryLoad`, which does not
//   decode the bytes as autocannon does).
// Run by bench/run.mjs after the main bench, or alone after `npm run build`. Figures go to the
// terminal and into bench/results.json (key `backOffice`).
import { fork, spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { assetClosestTo, benchDatabase, binaryLoad, percentile, staffBenchServerEnv, waitForHealth } from './lib.mjs';

const self = fileURLToPath(import.meta.url);
const root = path.resolve(path.dirname(self), '..');
const subscriberDomain = 'subscribers.bench.example';

// ---------------------------------------------------------------- SMTP sink (child process)

// The sink runs in its own process, so that autocannon's load on this one does not slow the SMTP
// replies and the mail rate measures the app. The same server settings as the backend suites' SMTP
// catcher (backend/test/helpers/smtp-catcher.ts); it only counts what it receives.
if (process.argv[2] === 'smtp-sink') {
  const { SMTPServer } = await import('smtp-server');
  let count = 0;
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    disableReverseLookup: true,
    closeTimeout: 200,
    logger: false,
    onData: (stream, session, callback) => {
      stream.on('data', () => {});
      stream.on('end', () => {
        // The envelope is read before the reply: the server resets the session once it has answered.
        const subscriber = session.envelope.rcptTo.some((rcpt) => rcpt.address.endsWith(`@${subscriberDomain}`));
        callback();
        if (subscriber) {
          count += 1;
          process.send({ count, at: Date.now() });
        }
      });
    },
  });
  server.listen(Number(process.argv[3]), '127.0.0.1', () => process.send({ listening: true }));
  process.on('disconnect', () => server.close(() => process.exit(0)));
} else {
  runBench().then(
    (code) => process.exit(code),
    (error) => {
      process.stderr.write(
        `[bench:back-office] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
      process.exit(1);
    },
  );
}

async function runBench() {
  const port = Number(process.env.BENCH_BACKOFFICE_PORT ?? 4321);
  const smtpPort = port + 1;
  const base = `http://127.0.0.1:${port}`;
  const rowCount = Number(process.env.BENCH_BACKOFFICE_ROWS ?? 10_000);
  const recipientCount = Number(process.env.BENCH_NEWSLETTER_RECIPIENTS ?? 10_000);
  const workers = Number(process.env.BENCH_WORKERS ?? os.cpus().length);
  const durationSeconds = Number(process.env.BENCH_DURATION ?? 5);
  const warmUpSeconds = Number(process.env.BENCH_WARMUP ?? 8);
  const connections = 10;
  const runs = 20;
  const warmUps = 3;
  const budgets = { listMs: 100, mailsPerSecond: 100, cachedRatio: 0.5, uploadSeconds: 3 };
  const admin = { email: 'bench-admin@northbeam.example', password: 'bench-admin-password-0123' };

  const log = (message) => process.stderr.write(`[bench:back-office] ${message}\n`);
  const round = (value, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
  const database = benchDatabase('northbeam_bench_backoffice');

  // ---------------------------------------------------------------- SMTP sink and server

  const sink = { count: 0, lastAt: 0 };
  const sinkProcess = fork(self, ['smtp-sink', String(smtpPort)], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  await new Promise((resolve, reject) => {
    sinkProcess.once('exit', () => reject(new Error('the SMTP sink exited during start-up')));
    sinkProcess.on('message', (message) => {
      if (message.listening) resolve();
      else {
        sink.count = message.count;
        sink.lastAt = message.at;
      }
    });
  });

  await database.create();
  log(`fresh database ${database.name}; SMTP sink on port ${smtpPort}`);
  const child = spawn(process.execPath, ['backend/dist/main.js'], {
    cwd: root,
    env: {
      ...staffBenchServerEnv({ port, base, databaseUrl: database.url, admin, workers }),
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });

  // ---------------------------------------------------------------- seeding

  async function seed(client) {
    const { default: sharp } = await import('sharp');
    log(
      `seeding ${rowCount} posts, enquiries, media and activity lines, ${Math.max(rowCount, recipientCount)} subscribers`,
    );
    const body =
      '## Notes\n\n' + 'Small teams ship working prototypes faster than large programmes write decks. '.repeat(40);
    await client.query(
      `INSERT INTO posts (section, slug, title, excerpt, body, status, author_name, tags, word_count, reading_time,
          created_at, updated_at, published_at)
       SELECT CASE WHEN n % 2 = 0 THEN 'labs' ELSE 'consulting' END, 'bench-post-' || n,
              'Bench post number ' || n || ': practical notes on adoption',
              'An excerpt of post ' || n || ' that says what the reader will learn.', $1,
              CASE WHEN n % 5 = 0 THEN 'draft' ELSE 'published' END, 'Bench Author', '["ai","adoption"]'::jsonb, 520, 3,
              now() - n * interval '1 hour', now() - n * interval '1 hour',
              CASE WHEN n % 5 = 0 THEN NULL ELSE now() - n * interval '1 hour' END
         FROM generate_series(1, $2::int) AS n`,
      [body, rowCount],
    );
    await client.query(
      `INSERT INTO contact_messages (id, name, email, company, service, message, consent, status, created_at)
       SELECT gen_random_uuid(), 'Enquirer ' || n, 'enquirer-' || n || '@example.com', 'Company ' || (n % 500),
              (ARRAY['consulting','labs','immersive','general'])[1 + n % 4],
              'We would like to talk about a project, number ' || n || '. ' || repeat('Some detail. ', 20), true,
              (ARRAY['new','open','replied','closed'])[1 + n % 4], now() - n * interval '1 hour'
         FROM generate_series(1, $1::int) AS n`,
      [rowCount],
    );
    await client.query(
      `INSERT INTO subscribers (id, email, status, source, page, created_at, confirmed_at)
       SELECT gen_random_uuid(), 'subscriber-' || n || '@${subscriberDomain}',
              CASE WHEN n <= $2 THEN 'confirmed' ELSE 'pending' END, 'footer', '/blog',
              now() - n * interval '1 minute', CASE WHEN n <= $2 THEN now() - n * interval '1 minute' END
         FROM generate_series(1, $1::int) AS n`,
      [Math.max(rowCount, recipientCount), recipientCount],
    );
    // Each media row needs its original in the media storage: one small valid JPEG, stored for each.
    const original = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#4a7' } })
      .jpeg({ quality: 92 })
      .toBuffer();
    await client.query(
      `INSERT INTO media (filename, alt, format, width, height, size, uploaded_by_name, created_at, updated_at)
       SELECT 'bench-image-' || n || '.jpg', 'A bench image, number ' || n, 'jpeg', 64, 48, $2, 'Bench Admin',
              now() - n * interval '1 hour', now() - n * interval '1 hour'
         FROM generate_series(1, $1::int) AS n`,
      [rowCount, original.length],
    );
    const { createHash } = await import('node:crypto');
    await client.query(
      `INSERT INTO media_objects (key, content_type, etag, body) SELECT id || '/original', 'image/jpeg', $1, $2 FROM media`,
      [`"${createHash('sha1').update(original).digest('base64url')}"`, original],
    );
    await client.query(
      `INSERT INTO staff_activity (at, actor_id, actor_name, action, target_type, target_id, target_label)
       SELECT now() - n * interval '1 minute', u.id, u.name,
              (ARRAY['post.created','post.updated','post.published','media.uploaded'])[1 + n % 4],
              CASE WHEN n % 4 = 3 THEN 'media' ELSE 'post' END, gen_random_uuid()::text, 'Bench target ' || n
         FROM generate_series(1, $1::int) AS n, LATERAL (SELECT id, name FROM users ORDER BY created_at LIMIT 1) AS u`,
      [rowCount],
    );
    for (const table of ['posts', 'contact_messages', 'subscribers', 'media', 'media_objects', 'staff_activity'])
      await client.query(`ANALYZE "${table}"`);
  }

  // ---------------------------------------------------------------- measurements

  const viaProxy = { 'x-forwarded-proto': 'https' };

  async function signIn() {
    const login = await fetch(`${base}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base, ...viaProxy },
      body: JSON.stringify(admin),
    });
    if (!login.ok) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
    const cookies = login.headers.getSetCookie();
    return cookies.map((value) => value.split(';')[0]).join('; ');
  }

  async function timeCalls(cookie, name, url) {
    const times = [];
    for (let index = 0; index < warmUps + runs; index += 1) {
      const started = performance.now();
      const response = await fetch(`${base}${url}`, { headers: { cookie, ...viaProxy } });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${name}: ${response.status}`);
      if (index >= warmUps) times.push(performance.now() - started);
    }
    const row = {
      name,
      url,
      median: round(percentile(times, 0.5)),
      p95: round(percentile(times, 0.95)),
    };
    row.ok = row.p95 < budgets.listMs;
    log(`${name}: median ${row.median} ms, p95 ${row.p95} ms`);
    return row;
  }

  async function api(cookie, method, url, body) {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: { cookie, origin: base, 'content-type': 'application/json', ...viaProxy },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
    return text ? JSON.parse(text) : undefined;
  }

  /**
   * The WordPress theme unit test export (../shared/fixtures, beside the repository) imported through
   * POST /api/admin/imports, timed from the upload to the job's end (its images are unreachable from
   * here: each fails at once). No budget yet; a missing fixture or a failure is reported, not fatal.
   */
  async function timeWordPressImport(cookie) {
    const fixture = [path.resolve(root, '../shared/fixtures'), path.resolve(root, '../../shared/fixtures')]
      .map((folder) => path.join(folder, 'wordpress-theme-unit-test.xml'))
      .find((file) => existsSync(file));
    if (!fixture) return { skipped: 'the fixture is not in ../shared/fixtures' };
    try {
      const form = new FormData();
      form.append('file', new Blob([readFileSync(fixture)], { type: 'text/xml' }), 'wordpress-theme-unit-test.xml');
      const started = performance.now();
      const response = await fetch(`${base}/api/admin/imports`, {
        method: 'POST',
        headers: { cookie, origin: base, 'x-requested-with': 'northbeam-upload', ...viaProxy },
        body: form,
      });
      if (response.status !== 202) throw new Error(`the upload answered ${response.status} ${await response.text()}`);
      const { id } = await response.json();
      for (;;) {
        const job = await api(cookie, 'GET', `/api/admin/imports/${id}`);
        if (job.state === 'done' || job.state === 'failed') {
          const seconds = round((performance.now() - started) / 1000, 2);
          log(`WordPress fixture import ${job.state} in ${seconds} s (${job.counts.posts.imported} posts)`);
          return { seconds, posts: job.counts.posts.imported, state: job.state };
        }
        if (performance.now() - started > 600_000) throw new Error('the import did not end within 10 minutes');
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    } catch (error) {
      log(`WordPress fixture import not measured: ${error instanceof Error ? error.message : String(error)}`);
      return { skipped: error instanceof Error ? error.message : String(error) };
    }
  }

  /** As bench/run.mjs: an unmeasured warm-up run, then the measured one. */
  async function load(name, urlPath, { warmUp = true, until } = {}) {
    const request = { url: `${base}${urlPath}`, connections, headers: { 'accept-encoding': 'gzip, deflate, br' } };
    if (warmUp) await autocannon({ ...request, duration: warmUpSeconds });
    let result;
    if (until) {
      // Runs until `until` settles (at least one second), then stops.
      const instance = autocannon({ ...request, duration: 3600 });
      const finished = new Promise((resolve) => instance.on('done', resolve));
      try {
        await Promise.all([until, new Promise((resolve) => setTimeout(resolve, 1000))]);
      } finally {
        instance.stop();
      }
      result = await finished;
    } else {
      result = await autocannon({ ...request, duration: durationSeconds });
    }
    const figure = {
      name,
      path: urlPath,
      requestsPerSecond: round(result.requests.average),
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      errors: result.errors + result.timeouts + result.non2xx,
      seconds: round(result.duration, 1),
    };
    log(
      `${name}: ${figure.requestsPerSecond} req/s, p50 ${figure.p50Ms} ms, p99 ${figure.p99Ms} ms, errors ${figure.errors}`,
    );
    return figure;
  }

  async function noiseJpeg(width, height) {
    const { default: sharp } = await import('sharp');
    // A photograph-like image: smooth gradients under grain, so that it compresses as a photo does.
    const pixels = Buffer.alloc(width * height * 3);
    let state = 12345;
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        state = (state * 1103515245 + 12345) & 0x7fffffff;
        const grain = (state >> 16) % 48;
        const offset = (y * width + x) * 3;
        pixels[offset] = Math.min(255, (x * 200) / width + grain);
        pixels[offset + 1] = Math.min(255, (y * 200) / height + grain);
        pixels[offset + 2] = Math.min(255, ((x + y) * 100) / (width + height) + 60 + grain);
      }
    }
    return sharp(pixels, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 90 })
      .toBuffer();
  }

  // ---------------------------------------------------------------- run

  const checks = [];
  const check = (name, value, budget, ok) => checks.push({ name, value, budget, ok });
  const output = { date: new Date().toISOString(), rows: rowCount, recipients: recipientCount, workers };
  let client;
  try {
    await waitForHealth(base, child);
    client = new pg.Client({ connectionString: database.url });
    client.on('error', () => {});
    await client.connect();
    await seed(client);
    const cookie = await signIn();

    // 1. Admin lists.
    // The far page: the last page of each list, from the total and page size its first page answers.
    const lastPage = async (url) => {
      const first = await api(cookie, 'GET', url);
      return Math.max(1, Math.ceil(first.total / first.pageSize));
    };
    const calls = [
      ['posts: first page', '/api/admin/posts'],
      ['posts: far page', `/api/admin/posts?page=${await lastPage('/api/admin/posts')}`],
      ['posts: section + status + search', '/api/admin/posts?section=labs&status=draft&q=post-42'],
      ['enquiries: first page', '/api/admin/enquiries'],
      ['enquiries: far page', `/api/admin/enquiries?page=${await lastPage('/api/admin/enquiries')}`],
      ['enquiries: status + search', '/api/admin/enquiries?status=new&q=enquirer-42'],
      ['subscribers: first page', '/api/admin/subscribers'],
      ['subscribers: far page', `/api/admin/subscribers?page=${await lastPage('/api/admin/subscribers')}`],
      ['subscribers: status + search', '/api/admin/subscribers?status=confirmed&q=subscriber-42'],
      ['media: first page', '/api/admin/media'],
      ['media: far page', `/api/admin/media?page=${await lastPage('/api/admin/media')}`],
      ['media: search', '/api/admin/media?q=image-42'],
      ['activity: first page', '/api/admin/activity'],
      ['activity: far page', `/api/admin/activity?page=${await lastPage('/api/admin/activity')}`],
      ['activity: action filter', '/api/admin/activity?action=post.published'],
    ];
    const lists = [];
    for (const [name, url] of calls) lists.push(await timeCalls(cookie, name, url));
    for (const row of lists) check(`${row.name}: p95 < ${budgets.listMs} ms`, row.p95, budgets.listMs, row.ok);
    output.lists = lists;

    // 2. Newsletter: the static asset's rate first, then the send under load on the cached home page.
    const homeBody = await (await fetch(`${base}/`)).text();
    const asset = assetClosestTo(root, Buffer.byteLength(homeBody));
    const staticRun = await load('static asset (ceiling)', `/assets/${asset.file}`);
    await load('/ cached (warm-up only)', '/', { warmUp: false });
    const issue = await api(cookie, 'POST', '/api/admin/newsletter/issues', {
      subject: 'Bench issue: notes from the lab',
      preheader: 'What we learnt this month',
      body: `## This month\n\n${'A paragraph of news with a [link](https://example.com/). '.repeat(12)}\n\n- one\n- two\n- three\n`,
    });
    const before = sink.count;
    const sendStarted = Date.now();
    const allReceived = new Promise((resolve, reject) => {
      const deadline = Date.now() + Math.max(Number(process.env.BENCH_MAIL_TIMEOUT ?? 120) * 1000, recipientCount * 50);
      const timer = setInterval(() => {
        if (sink.count - before >= recipientCount) {
          clearInterval(timer);
          resolve();
        } else if (Date.now() > deadline) {
          clearInterval(timer);
          client
            .query(`SELECT status, count(*)::int AS n, max(last_error) AS error FROM email_outbox GROUP BY status`)
            .then(({ rows }) => JSON.stringify(rows))
            .catch(() => 'unknown')
            .then((outbox) =>
              reject(new Error(`only ${sink.count - before} of ${recipientCount} mails arrived; outbox: ${outbox}`)),
            );
        }
      }, 20);
    });
    const sendCall = api(cookie, 'POST', `/api/admin/newsletter/issues/${issue.id}/send`).then(() => Date.now());
    const homeDuringSend = await load('/ cached during the send', '/', { warmUp: false, until: allReceived });
    const sendAnswered = await sendCall;
    const sendSeconds = (sink.lastAt - sendStarted) / 1000;
    const mailsPerSecond = round(recipientCount / sendSeconds);
    output.newsletter = {
      recipients: recipientCount,
      sendCallSeconds: round((sendAnswered - sendStarted) / 1000, 2),
      lastMailSeconds: round(sendSeconds, 2),
      mailsPerSecond,
      staticAsset: { ...asset, ...staticRun },
      homeDuringSend,
      homeRatioToStatic: round(homeDuringSend.requestsPerSecond / staticRun.requestsPerSecond, 2),
    };
    log(
      `newsletter to ${recipientCount}: send call answered in ${output.newsletter.sendCallSeconds} s, last mail at ${round(sendSeconds, 2)} s: ${mailsPerSecond} mails/s`,
    );
    check(
      `newsletter: ≥ ${budgets.mailsPerSecond} mails/s`,
      mailsPerSecond,
      budgets.mailsPerSecond,
      mailsPerSecond >= budgets.mailsPerSecond,
    );
    check(
      '/ cached during the send ≥ 0.5 × static rps',
      homeDuringSend.requestsPerSecond,
      round(staticRun.requestsPerSecond * budgets.cachedRatio),
      homeDuringSend.requestsPerSecond >= staticRun.requestsPerSecond * budgets.cachedRatio,
    );
    check('/ cached during the send: no errors', homeDuringSend.errors, 0, homeDuringSend.errors === 0);

    // 3. Media: a 12-megapixel JPEG uploaded, then every variant a page can ask for, requested at once.
    const jpeg = await noiseJpeg(4000, 3000);
    log(`12-megapixel JPEG: ${round(jpeg.length / 1024 / 1024, 2)} MiB`);
    const uploadStarted = performance.now();
    const form = new FormData();
    form.append('alt', 'A 12-megapixel bench photograph');
    form.append('file', new Blob([jpeg], { type: 'image/jpeg' }), 'bench-photo.jpg');
    const uploadResponse = await fetch(`${base}/api/admin/media`, {
      method: 'POST',
      headers: { cookie, origin: base, 'x-requested-with': 'northbeam-upload', ...viaProxy },
      body: form,
    });
    if (!uploadResponse.ok) throw new Error(`upload: ${uploadResponse.status} ${await uploadResponse.text()}`);
    const uploaded = await uploadResponse.json();
    const uploadSeconds = (performance.now() - uploadStarted) / 1000;
    const { mediaLimits } = await import('@northbeam/common');
    const variantUrls = mediaLimits.variantWidths.flatMap((width) =>
      ['avif', 'webp', 'jpg'].map((extension) => `/media/${uploaded.id}/${width}.${extension}`),
    );
    const variants = await Promise.all(
      variantUrls.map(async (url) => {
        const response = await fetch(`${base}${url}`);
        const bytes = (await response.arrayBuffer()).byteLength;
        if (!response.ok) throw new Error(`${url}: ${response.status}`);
        return { url, bytes, seconds: (performance.now() - uploadStarted) / 1000 };
      }),
    );
    const allVariantsSeconds = Math.max(...variants.map((variant) => variant.seconds));
    output.media = {
      uploadBytes: jpeg.length,
      uploadSeconds: round(uploadSeconds, 2),
      variants: variants.length,
      variantSeconds: Object.fromEntries(
        variants.map((variant) => [variant.url.split('/').pop(), round(variant.seconds, 2)]),
      ),
      allVariantsSeconds: round(allVariantsSeconds, 2),
    };
    log(
      `upload answered in ${round(uploadSeconds, 2)} s; all ${variants.length} variants available at ${round(allVariantsSeconds, 2)} s`,
    );
    check(
      `12 MP upload and all ${variants.length} variants < ${budgets.uploadSeconds} s`,
      round(allVariantsSeconds, 2),
      budgets.uploadSeconds,
      allVariantsSeconds < budgets.uploadSeconds,
    );
    const served = variants.find((variant) => variant.url.endsWith('/960.webp')) ?? variants[0];
    const variantAsset = assetClosestTo(root, served.bytes);
    // Both through the client that does not decode what it reads (`binaryLoad`), the asset without
    // compression so that the two answers carry about the same bytes.
    const binary = async (name, urlPath) => {
      await binaryLoad(`${base}${urlPath}`, { connections, seconds: warmUpSeconds });
      const figure = {
        name,
        path: urlPath,
        ...(await binaryLoad(`${base}${urlPath}`, { connections, seconds: durationSeconds })),
      };
      log(
        `${name}: ${figure.requestsPerSecond} req/s, p50 ${figure.p50Ms} ms, p99 ${figure.p99Ms} ms, errors ${figure.errors}`,
      );
      return figure;
    };
    const variantStatic = await binary('static asset (ceiling, variant size)', `/assets/${variantAsset.file}`);
    const variantRun = await binary(`cached variant ${served.url.split('/').pop()}`, served.url);
    output.media.variantLoad = { variant: served, staticAsset: { ...variantAsset, ...variantStatic }, ...variantRun };
    output.media.variantRatioToStatic = round(variantRun.requestsPerSecond / variantStatic.requestsPerSecond, 2);
    check(
      'cached variant ≥ 0.5 × static rps',
      variantRun.requestsPerSecond,
      round(variantStatic.requestsPerSecond * budgets.cachedRatio),
      variantRun.requestsPerSecond >= variantStatic.requestsPerSecond * budgets.cachedRatio,
    );
    check('cached variant: no errors', variantRun.errors, 0, variantRun.errors === 0);
    output.import = await timeWordPressImport(cookie);
    output.budgets = checks;
    const resultsFile = path.join(root, 'bench/results.json');
    const results = existsSync(resultsFile) ? JSON.parse(readFileSync(resultsFile, 'utf8')) : {};
    results.backOffice = output;
    writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);

    const scale = `${rowCount.toLocaleString('en-GB')} rows`;
    const n = output.newsletter;
    const lines = [
      `| Admin lists at ${scale} each (${runs} calls each, super admin) | median ms | p95 ms | p95 < ${budgets.listMs} ms |`,
      '|---|---:|---:|:---:|',
      ...lists.map((row) => `| ${row.name} | ${row.median} | ${row.p95} | ${row.ok ? 'yes' : 'NO'} |`),
      '',
      `| Newsletter to ${recipientCount.toLocaleString('en-GB')} confirmed subscribers | value |`,
      '|---|---:|',
      `| send call answered (s) | ${n.sendCallSeconds} |`,
      `| last mail received by the SMTP sink (s) | ${n.lastMailSeconds} |`,
      `| mails/s | ${n.mailsPerSecond} |`,
      `| static asset req/s (just before) | ${n.staticAsset.requestsPerSecond} |`,
      `| / cached req/s during the send (× static) | ${n.homeDuringSend.requestsPerSecond} (${n.homeRatioToStatic}) |`,
      '',
      '| Media | value |',
      '|---|---:|',
      `| 12 MP JPEG upload (${round(jpeg.length / 1024 / 1024, 1)} MiB) answered (s) | ${output.media.uploadSeconds} |`,
      `| all ${variants.length} variants available (s) | ${output.media.allVariantsSeconds} |`,
      `| static asset req/s | ${variantStatic.requestsPerSecond} |`,
      `| cached variant req/s (× static) | ${variantRun.requestsPerSecond} (${output.media.variantRatioToStatic}) |`,
      '',
      '| Back-office budget | value | budget | met |',
      '|---|---:|---:|:---:|',
      ...checks.map((item) => `| ${item.name} | ${item.value} | ${item.budget} | ${item.ok ? 'yes' : 'MISSED'} |`),
      '',
      '| Import (no budget yet) | value |',
      '|---|---:|',
      output.import.seconds === undefined
        ? `| WordPress fixture import | not measured: ${output.import.skipped} |`
        : `| WordPress fixture import, ${output.import.posts} posts (s) | ${output.import.seconds} |`,
    ];
    console.log(lines.join('\n'));
    const missed = checks.filter((item) => !item.ok);
    if (missed.length) log(`${missed.length} budget(s) MISSED`);
    return missed.length ? 1 : 0;
  } finally {
    await client?.end().catch(() => {});
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve)));
    sinkProcess.disconnect();
    await database.drop().catch((error) => log(`could not drop the bench database: ${error.message}`));
  }
}

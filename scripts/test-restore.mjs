#!/usr/bin/env node
// `npm run test:restore`: the restore drill of docs/backup.md, on the embedded database and (when
// DATABASE_URL names a PostgreSQL server, as in CI) on a fresh database of that server. Each leg:
// the production build seeds a site (its seed posts, a bootstrap admin) and is given a consultant
// (the staff CLI), an enquiry, a subscriber and a media image; `npm run admin -- backup` copies it
// while it runs; the database is wiped (a new embedded folder; the server's database dropped and
// made again); `restore` puts the copy back; the build starts again on it with no bootstrap admin and
// no seeding, and must let both staff members sign in with their passwords and serve the same posts
// (API and pages), the same media bytes (sha256), the enquiry and the subscriber, with the content
// version moved on. Refusals checked too: a running embedded site, a file that is no backup, a file
// cut short, a backup from a newer schema. Writes test-results/restore.json {passed, failed}.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mediaLimits, mediaUploadHeader, mediaVariantUrl, turnstileFallbackToken } from '@northbeam/common';
import pg from 'pg';
import sharp from 'sharp';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const startedAt = Date.now();
const checks = [];
function check(name, ok, detail = '') {
  checks.push({ name, ok });
  console.log(`${ok ? 'PASS' : 'FAIL'} ${name}${detail && !ok ? ` (${detail})` : ''}`);
}
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
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

if (!existsSync(path.join(root, 'backend/dist/main.js'))) {
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const tmp = mkdtempSync(path.join(os.tmpdir(), 'northbeam-restore-'));
const admin = { email: 'drill-admin@example.com', password: 'Drill-admin-password-0123' };
const consultant = { email: 'drill-consultant@example.com', password: 'Drill-consultant-password-0123' };
const common = {
  NODE_ENV: 'test',
  SESSION_SECRET: 'restore-drill-session-secret-that-is-long-enough-0123456789',
  STAFF_2FA: 'optional',
  LOG_LEVEL: 'error',
};
/** Database settings of a leg: PGLITE_DIR for the embedded one, DATABASE_URL for a server. */
function databaseEnv(target) {
  return target.url ? { DATABASE_URL: target.url, PGLITE_DIR: '' } : { DATABASE_URL: '', PGLITE_DIR: target.dir };
}

let server;
async function startServer(target, port, { seed }) {
  const child = spawn(process.execPath, [path.join(root, 'backend/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      ...common,
      ...databaseEnv(target),
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // The first start seeds posts and makes the admin; the start after the restore does neither,
      // so whatever signs in and is served came from the backup.
      ...(seed
        ? { SEED_CONTENT: 'true', ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password }
        : { SEED_CONTENT: 'false', ADMIN_EMAIL: '', ADMIN_PASSWORD: '' }),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  child.stderr.on('data', (chunk) => (log = (log + chunk).slice(-3000)));
  const exited = new Promise((resolve) => child.on('exit', resolve));
  server = { child, exited, base: `http://127.0.0.1:${port}` };
  for (let waited = 0; waited < 90_000; waited += 300) {
    if (child.exitCode !== null) throw new Error(`The server exited at start: ${log}`);
    const health = await fetch(`${server.base}/api/health`).catch(() => undefined);
    if (health?.status === 200) return server;
    await sleep(300);
  }
  throw new Error(`The server did not become healthy: ${log}`);
}
async function stopServer() {
  if (!server) return;
  server.child.kill('SIGTERM');
  await server.exited;
  server = undefined;
}

/** `npm run admin -- …` (the built CLI) against a leg's database. */
function cli(target, args, input) {
  const result = spawnSync(process.execPath, [path.join(root, 'backend/dist/cli/admin.js'), ...args], {
    cwd: root,
    env: { ...process.env, ...common, ...databaseEnv(target) },
    input: input ?? '',
    encoding: 'utf8',
  });
  return { status: result.status, out: `${result.stdout}${result.stderr}`.trim() };
}

async function signIn(base, account) {
  const response = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  return { status: response.status, cookie };
}
const getJson = async (base, address, cookie) => {
  const response = await fetch(`${base}${address}`, { headers: cookie ? { cookie } : {} });
  return { status: response.status, body: await response.json().catch(() => undefined) };
};
const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

/** What the drill compares before the backup and after the restore. */
async function snapshot(base, cookie, seeded) {
  const posts = await getJson(base, '/api/posts');
  const first = posts.body?.items?.[0] ?? posts.body?.[0];
  const article = first ? await fetch(`${base}/blog/${first.section}/${first.slug}`) : undefined;
  const articleHtml = article ? await article.text() : '';
  const blog = await fetch(`${base}/blog`);
  const blogHtml = await blog.text();
  const media = await fetch(`${base}${seeded.mediaUrl}`);
  const enquiries = await getJson(base, `/api/admin/enquiries?q=${encodeURIComponent(seeded.enquiryEmail)}`, cookie);
  const subscribers = await getJson(
    base,
    `/api/admin/subscribers?q=${encodeURIComponent(seeded.subscriberEmail)}`,
    cookie,
  );
  return {
    posts: JSON.stringify(posts.body),
    postTitle: first?.title,
    articleStatus: article?.status,
    articleHasTitle: first ? articleHtml.includes(escapeHtml(first.title)) : false,
    blogStatus: blog.status,
    blogHasTitle: first ? blogHtml.includes(escapeHtml(first.title)) : false,
    mediaStatus: media.status,
    mediaSha: sha256(Buffer.from(await media.arrayBuffer())),
    enquiries: enquiries.body?.items?.map((item) => item.email ?? item.name).join(','),
    subscribers: subscribers.body?.items?.map((item) => item.email).join(','),
  };
}
const escapeHtml = (text) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');

async function seedSite(base, target) {
  const created = cli(
    target,
    ['create', '--email', consultant.email, '--name', 'Drill Consultant', '--role', 'consultant', '--password-stdin'],
    consultant.password,
  );
  check(`${target.name}: the staff CLI adds a consultant while the site runs`, created.status === 0, created.out);
  const session = await signIn(base, admin);
  check(
    `${target.name}: the bootstrap admin signs in before the backup`,
    session.status === 200,
    String(session.status),
  );

  const png = await sharp({
    create: { width: 700, height: 420, channels: 3, background: { r: 30, g: 90, b: 160 } },
  })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([png], { type: 'image/png' }), 'drill-harbour.png');
  form.append('alt', 'Harbour for the restore drill');
  const upload = await fetch(`${base}/api/admin/media`, {
    method: 'POST',
    headers: { cookie: session.cookie, [mediaUploadHeader.name]: mediaUploadHeader.value },
    body: form,
  });
  const item = await upload.json();
  check(`${target.name}: an image uploads to the media library`, upload.status === 201, JSON.stringify(item));
  const mediaUrl = mediaVariantUrl(item.id, mediaLimits.variantWidths[0], item.format);

  const enquiryEmail = `drill-enquiry-${target.name}@example.com`;
  const enquiry = await fetch(`${base}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Drill Enquirer',
      email: enquiryEmail,
      service: 'labs',
      message: 'An enquiry that must come back from the backup.',
      consent: true,
      turnstileToken: turnstileFallbackToken,
      website: '',
      startedAt: String(Date.now() - 30_000),
    }),
  });
  check(`${target.name}: an enquiry is taken`, enquiry.status === 201, String(enquiry.status));
  const subscriberEmail = `drill-subscriber-${target.name}@example.com`;
  const subscribe = await fetch(`${base}/api/subscribe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: subscriberEmail }),
  });
  check(`${target.name}: a subscriber signs up`, subscribe.status === 200, String(subscribe.status));
  return { cookie: session.cookie, mediaUrl, enquiryEmail, subscriberEmail };
}

/** The content version of a leg's database (read with the site stopped). */
async function contentVersion(target) {
  let embedded;
  let url = target.url;
  if (!url) {
    const { startEmbeddedDatabase } = await import(path.join(root, 'backend/dist/database/embedded-database.js'));
    embedded = await startEmbeddedDatabase(target.dir);
    url = embedded.url;
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query('SELECT version::text AS version FROM content_version WHERE id = 1');
    return Number(rows[0].version);
  } finally {
    await client.end();
    await embedded?.stop();
  }
}

async function drill(target, wipe) {
  const port = await freePort();
  const file = path.join(tmp, `${target.name}.backup`);
  let base = (await startServer(target, port, { seed: true })).base;
  const seeded = await seedSite(base, target);
  const before = await snapshot(base, seeded.cookie, seeded);
  check(
    `${target.name}: the seeded site serves a post, /blog, the image, the enquiry and the subscriber`,
    before.postTitle !== undefined &&
      before.articleStatus === 200 &&
      before.blogStatus === 200 &&
      before.mediaStatus === 200 &&
      before.enquiries === seeded.enquiryEmail &&
      before.subscribers === seeded.subscriberEmail,
    JSON.stringify(before),
  );

  const backedUp = cli(target, ['backup', '--out', file]);
  check(`${target.name}: backup while the site runs`, backedUp.status === 0 && existsSync(file), backedUp.out);
  console.log(`  ${backedUp.out}`);
  if (!target.url) {
    const refused = cli(target, ['restore', '--from', file, '--yes']);
    check(
      `${target.name}: restore refuses a running embedded site with a sentence`,
      refused.status !== 0 && /running on this embedded database .* Stop it first/.test(refused.out),
      refused.out,
    );
  }
  await stopServer();
  const versionBefore = await contentVersion(target);

  await wipe();
  const restored = cli(target, ['restore', '--from', file, '--yes']);
  check(`${target.name}: restore into the wiped database`, restored.status === 0, restored.out);
  console.log(`  ${restored.out}`);
  const versionAfter = await contentVersion(target);
  check(
    `${target.name}: the restore moves the content version on (caches refresh)`,
    versionAfter > versionBefore,
    `${versionBefore} -> ${versionAfter}`,
  );

  base = (await startServer(target, port, { seed: false })).base;
  const adminAfter = await signIn(base, admin);
  const consultantAfter = await signIn(base, consultant);
  check(
    `${target.name}: both staff members sign in with their passwords after the restore`,
    adminAfter.status === 200 && consultantAfter.status === 200,
    `${adminAfter.status} ${consultantAfter.status}`,
  );
  const oldSession = await getJson(base, '/api/admin/user', seeded.cookie);
  check(
    `${target.name}: sessions are not restored (sign in again)`,
    oldSession.status === 401,
    String(oldSession.status),
  );
  const after = await snapshot(base, adminAfter.cookie, seeded);
  check(`${target.name}: the same posts are served (public API)`, after.posts === before.posts);
  check(
    `${target.name}: the same post page and /blog are served`,
    after.articleStatus === 200 && after.articleHasTitle && after.blogStatus === 200 && after.blogHasTitle,
    JSON.stringify(after),
  );
  check(
    `${target.name}: the same media bytes are served (sha256)`,
    after.mediaStatus === 200 && after.mediaSha === before.mediaSha,
    `${after.mediaStatus} ${after.mediaSha} vs ${before.mediaSha}`,
  );
  check(
    `${target.name}: the enquiry and the subscriber are back`,
    after.enquiries === before.enquiries && after.subscribers === before.subscribers,
    JSON.stringify([after.enquiries, after.subscribers]),
  );
  await stopServer();
  return file;
}

/** Refusals that need no site: a file that is no backup, one cut short, one from a newer schema. */
function refusals(target, file) {
  const text = path.join(tmp, 'notes.txt');
  writeFileSync(text, 'Shopping list: bread, milk.\n');
  const notBackup = cli(target, ['restore', '--from', text, '--yes']);
  check(
    `${target.name}: a file that is no backup is refused with a sentence`,
    notBackup.status !== 0 && /is not a backup of this site/.test(notBackup.out),
    notBackup.out,
  );
  const whole = readFileSync(file);
  const cut = path.join(tmp, 'cut.backup');
  writeFileSync(cut, whole.subarray(0, Math.floor(whole.length * 0.6)));
  const cutShort = cli(target, ['restore', '--from', cut, '--yes']);
  check(
    `${target.name}: a backup cut short is refused and nothing changes`,
    cutShort.status !== 0 && /cut short/.test(cutShort.out),
    cutShort.out,
  );
  const lines = gunzipSync(whole).toString('utf8').split('\n');
  const header = JSON.parse(lines[0]);
  header.migrations.push('FromTheFuture9999999999999');
  lines[0] = JSON.stringify(header);
  const newer = path.join(tmp, 'newer.backup');
  writeFileSync(newer, gzipSync(lines.join('\n')));
  const fromNewer = cli(target, ['restore', '--from', newer, '--yes']);
  check(
    `${target.name}: a backup from a newer schema is refused`,
    fromNewer.status !== 0 && /newer version of the site/.test(fromNewer.out),
    fromNewer.out,
  );
}

let exitCode = 1;
let adminClient;
let drillDatabase;
try {
  // Embedded: the data folder is replaced by a new, empty one (the old one is kept aside).
  const embedded = { name: 'embedded', dir: path.join(tmp, 'site-a', 'pglite') };
  mkdirSync(path.dirname(embedded.dir), { recursive: true });
  const embeddedFile = await drill(embedded, async () => {
    embedded.dir = path.join(tmp, 'site-b', 'pglite');
    mkdirSync(path.dirname(embedded.dir), { recursive: true });
  });
  refusals(embedded, embeddedFile);

  if (process.env.DATABASE_URL) {
    const serverUrl = new URL(process.env.DATABASE_URL);
    drillDatabase = `northbeam_restore_drill_${process.pid}`;
    adminClient = new pg.Client({ connectionString: serverUrl.href });
    await adminClient.connect();
    await adminClient.query(`DROP DATABASE IF EXISTS ${drillDatabase}`);
    await adminClient.query(`CREATE DATABASE ${drillDatabase}`);
    const url = new URL(serverUrl.href);
    url.pathname = `/${drillDatabase}`;
    const postgres = { name: 'postgresql', url: url.href };
    await drill(postgres, async () => {
      await adminClient.query(`DROP DATABASE ${drillDatabase} WITH (FORCE)`);
      await adminClient.query(`CREATE DATABASE ${drillDatabase}`);
    });
  } else {
    console.log('SKIP postgresql leg: DATABASE_URL is not set (CI sets it).');
  }
  exitCode = checks.every((entry) => entry.ok) ? 0 : 1;
} catch (error) {
  console.error(error);
  check('the drill ran to its end', false, String(error));
} finally {
  await stopServer().catch(() => undefined);
  if (adminClient) {
    if (drillDatabase)
      await adminClient.query(`DROP DATABASE IF EXISTS ${drillDatabase} WITH (FORCE)`).catch(() => undefined);
    await adminClient.end().catch(() => undefined);
  }
  rmSync(tmp, { recursive: true, force: true });
}
const passed = checks.filter((entry) => entry.ok).length;
const failed = checks.length - passed;
mkdirSync(path.join(root, 'test-results'), { recursive: true });
writeFileSync(path.join(root, 'test-results/restore.json'), JSON.stringify({ passed, failed }));
console.log(`${passed} passed, ${failed} failed in ${Math.round((Date.now() - startedAt) / 1000)} s`);
process.exit(exitCode);

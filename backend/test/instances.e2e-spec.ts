import { turnstileFallbackToken } from '@northbeam/common';
import { MailDispatcher } from '../src/modules/mail/mail-dispatcher.js';
import { migrations } from '../src/database/migrations/index.js';
import { freeFailuresPerAccount } from '../src/modules/auth/login-throttle.service.js';
import { createStaff, sessionCookie, staffPassword } from './factories/staff.js';
import { createSharedTestDatabase } from './helpers/shared-database.js';
import { SmtpCatcher } from './helpers/smtp-catcher.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import type { TestDatabase } from './helpers/test-database.js';

/**
 * Several instances (docs/product.md#api): two application instances on one database, as the compose
 * file runs them behind nginx. With DATABASE_URL both use a fresh database on that PostgreSQL server;
 * without it both use one embedded PostgreSQL (PGlite) served on a local port by this test process:
 * PGlite is a single process's database, so in production several instances need a PostgreSQL server,
 * but the protocol-level behaviour tested here (sessions, locks, SKIP LOCKED) is the same.
 */
const hookTimeoutMs = 180_000;
const sessionSecret = 'instances-suite-session-secret-0123456789abcdef';

describe(`Two instances on one ${process.env.DATABASE_URL ? 'PostgreSQL server database' : 'embedded database served over a socket'}`, () => {
  let database: TestDatabase & { url: string };
  let first: TestApp;
  let second: TestApp;
  const smtp = new SmtpCatcher();

  beforeAll(async () => {
    await smtp.start();
    database = await createSharedTestDatabase();
    const config = {
      sessionSecret,
      seedContent: false,
      smtpUrl: smtp.url,
      mailDispatchIntervalMs: 0,
      contactRateLimitMax: 1000,
    };
    // Started at the same moment on a fresh database: both run the migrations step at once.
    [first, second] = await Promise.all([createTestApp({ database, config }), createTestApp({ database, config })]);
    await createStaff(first, 'admin', 'admin@northbeam.example');
  }, hookTimeoutMs);

  afterAll(async () => {
    await first?.close();
    await second?.close();
    await database?.drop();
    await smtp.stop();
  }, hookTimeoutMs);

  it('both start when created concurrently on a fresh database, and each migration is recorded once', async () => {
    expect((await first.request().get('/api/health')).status).toBe(200);
    expect((await second.request().get('/api/health')).status).toBe(200);
    const rows = await first.dataSource.query<{ name: string; n: number }[]>(
      'SELECT name, count(*)::int AS n FROM "migrations" GROUP BY name',
    );
    console.log(
      `Instances/migrations: ${migrations.length} migrations expected once each, found ${rows.length} names, max count ${Math.max(...rows.map((row) => row.n))}`,
    );
    expect(rows).toHaveLength(migrations.length);
    expect(rows.every((row) => row.n === 1)).toBe(true);
  });

  it('accepts a session made on one instance on the other, and sign-out on one ends it on both', async () => {
    const login = await first
      .request()
      .post('/api/admin/login')
      .send({ email: 'admin@northbeam.example', password: staffPassword });
    expect(login.status).toBe(200);
    const cookie = sessionCookie(login.headers['set-cookie'])!.split(';')[0];
    expect((await second.request().get('/api/admin/user').set('Cookie', cookie)).body.email).toBe(
      'admin@northbeam.example',
    );
    expect((await first.request().get('/api/admin/user').set('Cookie', cookie)).status).toBe(200);
    expect((await second.request().post('/api/admin/logout').set('Cookie', cookie).send({})).status).toBe(204);
    expect((await first.request().get('/api/admin/user').set('Cookie', cookie)).status).toBe(401);
    expect((await second.request().get('/api/admin/user').set('Cookie', cookie)).status).toBe(401);
  });

  it('refuses a live session on the other instance as soon as the account is disabled', async () => {
    await createStaff(first, 'super_admin', 'instances-super@northbeam.example');
    const member = await createStaff(first, 'consultant', 'instances-disabled@northbeam.example');
    const superLogin = await first
      .request()
      .post('/api/admin/login')
      .send({ email: 'instances-super@northbeam.example', password: staffPassword });
    const superCookie = sessionCookie(superLogin.headers['set-cookie'])!.split(';')[0];
    const login = await second
      .request()
      .post('/api/admin/login')
      .send({ email: 'instances-disabled@northbeam.example', password: staffPassword });
    const cookie = sessionCookie(login.headers['set-cookie'])!.split(';')[0];
    expect((await second.request().get('/api/admin/user').set('Cookie', cookie)).status).toBe(200);
    const disabled = await first
      .request()
      .patch(`/api/admin/staff/${member.id}`)
      .set('Cookie', superCookie)
      .send({ disabled: true });
    expect(disabled.status).toBe(200);
    expect((await second.request().get('/api/admin/user').set('Cookie', cookie)).status).toBe(401);
    expect((await first.request().get('/api/admin/user').set('Cookie', cookie)).status).toBe(401);
  });

  it('re-reads the account on every request: a disable written straight to the database (the CLI) is refused at once', async () => {
    await createStaff(first, 'consultant', 'instances-cli@northbeam.example');
    const login = await first
      .request()
      .post('/api/admin/login')
      .send({ email: 'instances-cli@northbeam.example', password: staffPassword });
    const cookie = sessionCookie(login.headers['set-cookie'])!.split(';')[0];
    expect((await second.request().get('/api/admin/user').set('Cookie', cookie)).status).toBe(200);
    await first.dataSource.query(`UPDATE "users" SET "disabled_at" = now() WHERE "email" = $1`, [
      'instances-cli@northbeam.example',
    ]);
    expect((await second.request().get('/api/admin/user').set('Cookie', cookie)).status).toBe(401);
  });

  it('throttles sign-in by a count both instances share', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt += 1) {
      const instance = attempt % 2 ? first : second;
      const response = await instance
        .request()
        .post('/api/admin/login')
        .set('X-Forwarded-For', '10.33.0.1')
        .send({ email: 'admin@northbeam.example', password: 'wrong-password-x' });
      statuses.push(response.status);
    }
    console.log(`Instances/throttle: 12 wrong passwords alternating instances → ${statuses.join(',')}`);
    expect(statuses).toContain(429);
    const firstLimited = statuses.indexOf(429);
    expect(statuses.slice(firstLimited).every((status) => status === 429)).toBe(true);
  });

  it(`checks at most ${freeFailuresPerAccount} of 100 wrong passwords for one account sent at once to both instances`, async () => {
    await createStaff(first, 'consultant', 'stormed@northbeam.example');
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        (index % 2 ? first : second)
          .request()
          .post('/api/admin/login')
          .set('X-Forwarded-For', `10.35.0.${index + 1}`)
          .send({ email: 'stormed@northbeam.example', password: 'wrong-password-x' }),
      ),
    );
    const statuses = responses.map((response) => response.status);
    console.log(
      `Instances/concurrent throttle: 100 wrong passwords at once over two instances → ${statuses.filter((status) => status === 401).length}×401, ${statuses.filter((status) => status === 429).length}×429`,
    );
    expect(statuses.filter((status) => status === 401)).toHaveLength(freeFailuresPerAccount);
    expect(statuses.filter((status) => status === 429)).toHaveLength(100 - freeFailuresPerAccount);
    expect(
      responses
        .filter((response) => response.status === 429)
        .every((response) => Number(response.headers['retry-after']) > 0),
    ).toBe(true);
  });

  it('sends each outbox mail once when both dispatchers run at the same moment', async () => {
    const enquiries = 20;
    for (let index = 0; index < enquiries; index += 1) {
      const response = await (index % 2 ? first : second)
        .request()
        .post('/api/contact')
        .set('X-Forwarded-For', `10.44.0.${index + 1}`)
        .send({
          name: `Instance tester ${index}`,
          email: `instances-${index}@example.com`,
          service: 'labs',
          message: 'A message that both instances could try to send.',
          consent: true,
          turnstileToken: turnstileFallbackToken,
          website: '',
          startedAt: String(Date.now() - 30_000),
        });
      expect(response.status).toBe(201);
    }
    const before = smtp.mails.length;
    const results = await Promise.all([
      first.app.get(MailDispatcher).dispatchDue(),
      second.app.get(MailDispatcher).dispatchDue(),
    ]);
    // Anything left (claimed rows are leased) goes on a second round.
    await Promise.all([first.app.get(MailDispatcher).dispatchDue(), second.app.get(MailDispatcher).dispatchDue()]);
    const delivered = smtp.mails.slice(before).flatMap((mail) => mail.envelopeTo);
    const rows = await first.dataSource.query<{ status: string; n: number }[]>(
      'SELECT status, count(*)::int AS n FROM "email_outbox" GROUP BY status',
    );
    console.log(
      `Instances/mail: outbox rows expected ${enquiries * 2}, dispatch results ${JSON.stringify(results)}, SMTP deliveries ${smtp.mails.length - before}, rows by status ${JSON.stringify(rows)}`,
    );
    expect(results[0].sent + results[1].sent).toBe(enquiries * 2);
    expect(smtp.mails.length - before).toBe(enquiries * 2);
    const receipts = delivered.filter((address) => address.startsWith('instances-'));
    expect(new Set(receipts).size).toBe(enquiries);
    expect(receipts).toHaveLength(enquiries);
    expect(rows).toEqual([{ status: 'sent', n: enquiries * 2 }]);
  });
});

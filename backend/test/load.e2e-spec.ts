import { turnstileFallbackToken } from '@northbeam/common';
import type supertest from 'supertest';
import { ContentVersionService } from '../src/modules/content-version/content-version.service.js';
import { createSharedTestDatabase } from './helpers/shared-database.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import type { TestDatabase } from './helpers/test-database.js';

/**
 * Load (docs/product.md#api): many concurrent enquiries and analytics events against the real app on
 * the database; each accepted one stored exactly once. The contact rate limit holds across two
 * instances on one database. Figures are printed.
 */
const hookTimeoutMs = 180_000;
const browser = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

function submission(index: number) {
  return {
    name: `Load tester ${index}`,
    email: `load-${index}@example.com`,
    company: 'Load Ltd',
    service: 'labs',
    message: `Enquiry number ${index} sent under load; it must be stored exactly once.`,
    consent: true,
    turnstileToken: turnstileFallbackToken,
    website: '',
    startedAt: String(Date.now() - 30_000),
  };
}

const count = async (testApp: TestApp, sql: string): Promise<number> =>
  Number((await testApp.dataSource.query(sql))[0].n);

describe('Load on the real application', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({
      config: {
        contactRateLimitMax: 100_000,
        analyticsRateLimitMax: 100_000,
        mailDispatchIntervalMs: 0,
        seedContent: false,
      },
    });
  }, hookTimeoutMs);

  afterAll(async () => {
    await testApp?.close();
  }, hookTimeoutMs);

  // A burst of 500 queues for pooled connections (5 s on a database server, 30 s on the embedded
  // one) and every enquiry is accepted and stored exactly once, with its two mails.
  it('accepts all of 500 concurrent contact submissions and stores each exactly once, with two outbox mails each', async () => {
    const total = 500;
    const started = Date.now();
    const responses = await Promise.all(
      Array.from({ length: total }, (_, index) =>
        testApp
          .request()
          .post('/api/contact')
          .set('X-Forwarded-For', `10.${Math.floor(index / 250)}.${index % 250}.7`)
          .send(submission(index)),
      ),
    );
    const elapsed = Date.now() - started;
    const statuses = responses.reduce<Record<number, number>>(
      (tally, response) => ({ ...tally, [response.status]: (tally[response.status] ?? 0) + 1 }),
      {},
    );
    const accepted = responses.filter((response) => response.status === 201).length;
    const rows = await count(testApp, 'SELECT count(*)::int AS n FROM "contact_messages"');
    const distinct = await count(testApp, 'SELECT count(DISTINCT email)::int AS n FROM "contact_messages"');
    const mails = await count(testApp, 'SELECT count(*)::int AS n FROM "email_outbox"');
    console.log(
      `Load/contact: requests ${total}, answers ${JSON.stringify(statuses)} in ${elapsed} ms; rows expected ${accepted}, found ${rows} (${distinct} distinct); outbox mails expected ${accepted * 2}, found ${mails}`,
    );
    expect(statuses).toEqual({ 201: total });
    const acceptedEmails = responses
      .flatMap((response, index) => (response.status === 201 ? [`load-${index}@example.com`] : []))
      .sort();
    const storedEmails = (await testApp.dataSource.query<{ email: string }[]>('SELECT email FROM "contact_messages"'))
      .map((row) => row.email)
      .sort();
    expect(storedEmails).toEqual(acceptedEmails);
    expect(rows).toBe(accepted);
    expect(distinct).toBe(accepted);
    expect(mails).toBe(accepted * 2);
  }, 300_000);

  it('stores each of 200 concurrent analytics events exactly once', async () => {
    const total = 200;
    const before = await count(testApp, 'SELECT count(*)::int AS n FROM "analytics_events"');
    const responses = await Promise.all(
      Array.from({ length: total }, (_, index) =>
        testApp
          .request()
          .post('/api/analytics/track')
          .set('User-Agent', browser)
          .send({ event: 'Page View', properties: { page_url: `/load/${index}` } }),
      ),
    );
    const accepted = responses.filter((response) => response.status === 204).length;
    const rows = await count(testApp, `SELECT count(*)::int AS n FROM "analytics_events"`);
    console.log(
      `Load/analytics: requests ${total}, 204 answers ${accepted}; rows expected ${before + accepted}, found ${rows}`,
    );
    expect(accepted).toBe(total);
    expect(rows - before).toBe(total);
  }, 300_000);

  // The embedded database has one session, which an enquiry's transaction holds: if the transaction
  // awaited the settings read a page started outside it, every request would wait for the 15 s query
  // timeout (docs/adr/0009-persistence-and-transactions.md). On PostgreSQL the same wait holds pooled
  // connections. Each round: a content change (this instance knows the new version, its settings are
  // not read yet), enquiries, and while their transactions run, reads of the settings.
  it('answers page data and enquiries arriving together just after a content change, within 2 s each', async () => {
    const contentVersion = testApp.app.get(ContentVersionService);
    const answers: { what: string; status: number; ms: number }[] = [];
    const timed = async (what: string, send: () => supertest.Test) => {
      const started = Date.now();
      const status = await send()
        .timeout(4000)
        .then((response) => response.status)
        .catch(() => 0);
      answers.push({ what, status, ms: Date.now() - started });
    };
    const rounds = 6;
    for (let round = 0; round < rounds; round += 1) {
      await contentVersion.bump([]);
      await contentVersion.current();
      const enquiries = Array.from({ length: 6 }, (_, index) =>
        timed('enquiry', () =>
          testApp
            .request()
            .post('/api/contact')
            .set('X-Forwarded-For', `10.200.${round}.${index + 1}`)
            .send({ ...submission(1000 + round * 10 + index), email: `together-${round}-${index}@example.com` }),
        ),
      );
      await new Promise((resolve) => setTimeout(resolve, round * 4));
      const reads = Array.from({ length: 3 }, () =>
        timed('settings', () => testApp.request().get('/api/site-settings')),
      );
      await Promise.all([...enquiries, ...reads]);
    }
    const slowest = Math.max(...answers.map((answer) => answer.ms));
    console.log(`Load/after a content change: ${answers.length} answers, slowest ${slowest} ms`);
    expect(answers.filter((answer) => answer.status !== (answer.what === 'enquiry' ? 201 : 200))).toEqual([]);
    expect(slowest).toBeLessThan(2000);
    const stored = await count(
      testApp,
      `SELECT count(*)::int AS n FROM "contact_messages" WHERE email LIKE 'together-%'`,
    );
    expect(stored).toBe(rounds * 6);
  }, 120_000);
});

describe('A contact rate limit that holds across two instances on one database', () => {
  let database: TestDatabase & { url: string };
  let first: TestApp;
  let second: TestApp;
  const limit = 5;

  beforeAll(async () => {
    database = await createSharedTestDatabase();
    first = await createTestApp({
      database,
      config: { contactRateLimitMax: limit, mailDispatchIntervalMs: 0, seedContent: false },
    });
    second = await createTestApp({
      database,
      config: { contactRateLimitMax: limit, mailDispatchIntervalMs: 0, seedContent: false },
    });
  }, hookTimeoutMs);

  afterAll(async () => {
    await first?.close();
    await second?.close();
    await database?.drop();
  }, hookTimeoutMs);

  it(`accepts exactly ${limit} of 40 concurrent submissions from one client spread over both instances`, async () => {
    const total = 40;
    const responses = await Promise.all(
      Array.from({ length: total }, (_, index) =>
        (index % 2 ? first : second)
          .request()
          .post('/api/contact')
          .set('X-Forwarded-For', '10.200.0.1')
          .send(submission(1000 + index)),
      ),
    );
    const accepted = responses.filter((response) => response.status === 201).length;
    const limited = responses.filter((response) => response.status === 429);
    const rows = await count(first, 'SELECT count(*)::int AS n FROM "contact_messages"');
    console.log(
      `Load/rate limit across 2 instances: requests ${total}, accepted ${accepted} (limit ${limit}), 429 ${limited.length}; rows expected ${limit}, found ${rows}`,
    );
    expect(accepted).toBe(limit);
    expect(limited).toHaveLength(total - limit);
    expect(limited.every((response) => Number(response.headers['retry-after']) > 0)).toBe(true);
    expect(rows).toBe(limit);
  }, 300_000);
});

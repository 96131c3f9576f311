import { messages, turnstileFallbackToken } from '@northbeam/common';
import { LimiterKeyDigests1764200000000 } from '../src/database/migrations/1764200000000-limiter-key-digests.js';
import { freeFailuresPerAddress } from '../src/modules/auth/login-throttle.service.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * The client address behind every per-address limit. The tests connect over loopback, which counts
 * as one proxy hop (the server-side render's own calls come that way), so X-Forwarded-For plays the
 * part of the proxy in front.
 */
const enquiry = () => ({
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  service: 'labs',
  message: 'We would like a prototype of an AI assistant for our engineers.',
  consent: true,
  turnstileToken: turnstileFallbackToken,
  website: '',
  startedAt: String(Date.now() - 30_000),
});

/** A different value that is not an IP address each call, 300 characters long. */
let junkCounter = 0;
function junk(): string {
  junkCounter += 1;
  return `junk-${junkCounter}-`.padEnd(300, 'x');
}

describe('Client address from X-Forwarded-For', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({ config: { mailDispatchIntervalMs: 0 } });
  });

  afterAll(async () => {
    await testApp?.close();
  });

  beforeEach(async () => {
    await testApp.dataSource.query('DELETE FROM "rate_limit_counters"; DELETE FROM "login_attempts"');
  });

  const contact = (forwardedFor: string) =>
    testApp.request().post('/api/contact').set('X-Forwarded-For', forwardedFor).send(enquiry());

  it('answers an X-Forwarded-For of 300 characters that are not an address without a 500', async () => {
    const responses = [
      await contact(junk()),
      await testApp
        .request()
        .post('/api/admin/login')
        .set('X-Forwarded-For', junk())
        .send({ email: 'a@northbeam.example', password: 'wrong one' }),
      await testApp.request().post('/api/request-data-deletion').set('X-Forwarded-For', junk()).send({}),
      await testApp.request().get('/api/posts').set('X-Forwarded-For', junk()),
    ];
    expect(responses.map((response) => response.status)).toEqual([201, 401, 400, 200]);
  });

  it('does not give each new junk value a fresh bucket: rotating the header does not reset the contact limit', async () => {
    for (let index = 0; index < 5; index += 1) expect((await contact(junk())).status).toBe(201);
    const refused = await contact(junk());
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ statusCode: 429, error: messages.tooManyRequests });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Junk put before or after a real address does not help either.
    expect((await contact(`${junk()}, ${junk()}`)).status).toBe(429);
  });

  it('does not reset the sign-in limit per address when the header rotates', async () => {
    for (let index = 0; index < freeFailuresPerAddress; index += 1) {
      const response = await testApp
        .request()
        .post('/api/admin/login')
        .set('X-Forwarded-For', junk())
        .send({ email: `rotating${index}@northbeam.example`, password: 'wrong one' });
      expect(response.status).toBe(401);
    }
    const refused = await testApp
      .request()
      .post('/api/admin/login')
      .set('X-Forwarded-For', junk())
      .send({ email: 'another@northbeam.example', password: 'wrong one' });
    expect(refused.status).toBe(429);
  });

  it('stores limiter keys only as 64-character digests; the migration that made it so can be undone and redone', async () => {
    const insertPlain = () =>
      testApp.dataSource.query(
        `INSERT INTO "rate_limit_counters" ("key", "window_start", "count") VALUES ('contact:10.1.1.1', now(), 1)`,
      );
    await expect(insertPlain()).rejects.toThrow();
    await contact('10.82.0.1');
    const keys = await testApp.dataSource.query<{ key: string }[]>(
      'SELECT "key" FROM "rate_limit_counters" UNION ALL SELECT "key" FROM "login_attempts"',
    );
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.every(({ key }) => /^[0-9a-f]{64}$/.test(key))).toBe(true);

    const migration = new LimiterKeyDigests1764200000000();
    const runner = testApp.dataSource.createQueryRunner();
    try {
      await migration.down(runner);
      await insertPlain();
      await migration.up(runner);
    } finally {
      await runner.release();
    }
    const left = await testApp.dataSource.query<{ key: string }[]>('SELECT "key" FROM "rate_limit_counters"');
    expect(left.map(({ key }) => key)).not.toContain('contact:10.1.1.1');
    expect(left.length).toBeGreaterThan(0);
    await expect(insertPlain()).rejects.toThrow();
  });

  it('takes the rightmost valid address as the client: what a client writes before it is not believed', async () => {
    for (let index = 0; index < 5; index += 1)
      expect((await contact(`198.51.100.${index + 1}, 10.80.0.1`)).status).toBe(201);
    expect((await contact('198.51.100.99, 10.80.0.1')).status).toBe(429);
    expect((await contact('10.80.0.2')).status).toBe(201);
  });
});

describe('Client address with TRUST_PROXY=2', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({ env: { TRUST_PROXY: '2' }, config: { mailDispatchIntervalMs: 0 } });
  });

  afterAll(async () => {
    await testApp?.close();
  });

  it('believes the entry the second proxy appended', async () => {
    const contact = (forwardedFor: string) =>
      testApp.request().post('/api/contact').set('X-Forwarded-For', forwardedFor).send(enquiry());
    for (let index = 0; index < 6; index += 1)
      expect((await contact(`198.51.100.${index + 1}, 10.81.0.1`)).status).toBe(201);
    for (let index = 0; index < 5; index += 1)
      expect((await contact(`198.51.100.200, 10.81.0.${index + 2}`)).status).toBe(201);
    expect((await contact('198.51.100.200, 10.81.0.50')).status).toBe(429);
  });
});

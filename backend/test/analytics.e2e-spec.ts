import { messages } from '@northbeam/common';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { createStaff, signedInAgent } from './factories/staff.js';

const browser =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

interface StoredEvent {
  event: string;
  properties: Record<string, unknown>;
  path: string | null;
  referrer: string | null;
  visitor_id: string | null;
}

describe('Analytics API', () => {
  let testApp: TestApp;
  const staff = {} as Record<'super_admin' | 'admin' | 'consultant', Awaited<ReturnType<typeof signedInAgent>>>;

  beforeAll(async () => {
    testApp = await createTestApp({});
    for (const role of ['super_admin', 'admin', 'consultant'] as const) {
      await createStaff(testApp, role);
      staff[role] = await signedInAgent(testApp, `${role.replace('_', '-')}@northbeam.example`);
    }
  }, 60_000);

  afterAll(async () => {
    await testApp?.close();
  });

  beforeEach(async () => {
    await testApp.dataSource.query('DELETE FROM "analytics_events"; DELETE FROM "rate_limit_counters"');
  });

  const track = (body: unknown, userAgent = browser) =>
    testApp
      .request()
      .post('/api/analytics/track')
      .set('User-Agent', userAgent)
      .send(body as object);

  const stored = () => testApp.dataSource.query<StoredEvent[]>('SELECT * FROM "analytics_events" ORDER BY "id"');

  describe('POST /api/analytics/track', () => {
    it('accepts 120 events a minute from one client address, then answers 429 with Retry-After and stores nothing more', async () => {
      const from = (address: string) =>
        testApp
          .request()
          .post('/api/analytics/track')
          .set('User-Agent', browser)
          .set('X-Forwarded-For', address)
          .send({ event: 'Page View', properties: { page_url: '/labs' } });
      const statuses: number[] = [];
      for (let index = 0; index < 150; index += 1) statuses.push((await from('10.63.0.1')).status);
      expect(statuses.filter((status) => status === 204)).toHaveLength(120);
      expect(statuses.slice(120).every((status) => status === 429)).toBe(true);
      const refused = await from('10.63.0.1');
      expect(refused.body).toEqual({ statusCode: 429, error: messages.tooManyRequests });
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(await stored()).toHaveLength(120);
      expect((await from('10.63.0.2')).status).toBe(204);
    });

    it('stores an event with its path and referrer and answers 204', async () => {
      const response = await track({
        event: 'Page View',
        properties: {
          page_url: '/labs',
          referrer: 'https://www.google.com/',
          previous_page: '/',
          screen_resolution: '1280x800',
        },
      });
      expect(response.status).toBe(204);
      expect(response.text).toBe('');
      const rows = await stored();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        event: 'Page View',
        path: '/labs',
        referrer: 'www.google.com',
        visitor_id: null,
      });
      expect(rows[0].properties).toMatchObject({ previous_page: '/', screen_resolution: '1280x800' });
    });

    it('stores no path for a page address that a browser would read as another host (the report links each path)', async () => {
      const offSite = [
        '/\\evil.example',
        '/%5Cevil.example',
        '/blog/..//evil.example',
        '/%2e%2e/%5cevil.example',
        '//evil.example',
      ];
      for (const page_url of offSite)
        expect((await track({ event: 'Page View', properties: { page_url } })).status).toBe(204);
      await track({ event: 'Page View', properties: { page_url: '/blog/labs/an-article' } });
      expect((await stored()).map((row) => row.path)).toEqual([...offSite.map(() => null), '/blog/labs/an-article']);
    });

    it('keeps the visitor id only when analytics consent was given', async () => {
      const visitorId = 'user_k3j9x2ab_1763784000123';
      await track({ event: 'page_timing', properties: { seconds: 4 }, visitorId, analyticsConsent: true });
      await track({ event: 'page_timing', properties: { seconds: 5 }, visitorId, analyticsConsent: false });
      await track({ event: 'page_timing', properties: { seconds: 6 }, visitorId });
      expect((await stored()).map((row) => row.visitor_id)).toEqual([visitorId, null, null]);
    });

    it('stores "direct" as no referrer and never an IP address', async () => {
      await track({ event: 'Page View', properties: { page_url: '/', referrer: 'direct' } });
      const [row] = await stored();
      expect(row.referrer).toBeNull();
      const columns = await testApp.dataSource.query<{ column_name: string }[]>(
        `SELECT column_name FROM information_schema.columns WHERE table_name = 'analytics_events'`,
      );
      expect(columns.map((column) => column.column_name).filter((name) => /ip|address|agent/i.test(name))).toEqual([]);
    });

    it('refuses an event name outside the allow-list pattern with 400', async () => {
      for (const event of ['', 'drop table;', '<script>', 'x'.repeat(65), 42]) {
        const response = await track({ event, properties: {} });
        expect(response.status).toBe(400);
        expect(response.body).toMatchObject({ statusCode: 400, error: 'Event name is not allowed' });
        expect(response.body.fieldErrors.event).toEqual(['Event name is not allowed']);
      }
      expect(await stored()).toHaveLength(0);
    });

    it('refuses nested, array or oversized properties with 400', async () => {
      const tooMany = Object.fromEntries(Array.from({ length: 41 }, (_, index) => [`key${index}`, index]));
      const forty = Object.fromEntries(Array.from({ length: 40 }, (_, index) => [`key${index}`, index]));
      for (const properties of [{ nested: { a: 1 } }, { list: [1, 2] }, tooMany, [1, 2], 'text']) {
        const response = await track({ event: 'Page View', properties });
        expect(response.status).toBe(400);
        expect(response.body.statusCode).toBe(400);
        expect(typeof response.body.error).toBe('string');
      }
      expect((await track({ event: 'Page View', properties: forty })).status).toBe(204);
      expect((await track({ event: 'Page View', properties: { a: 'x', b: 1.5, c: true, d: null } })).status).toBe(204);
      expect(await stored()).toHaveLength(2);
    });

    it('refuses a body over 8 KiB with 413 and accepts one just under', async () => {
      const over = await track({
        event: 'Page View',
        properties: {
          text: 'x'.repeat(2000),
          more: 'y'.repeat(2000),
          extra: 'z'.repeat(2000),
          last: 'w'.repeat(2000),
          fifth: 'v'.repeat(2000),
        },
      });
      expect(over.status).toBe(413);
      expect(over.body).toMatchObject({ statusCode: 413, error: 'Request body is too large' });
      const under = await track({
        event: 'Page View',
        properties: { text: 'x'.repeat(2000), more: 'y'.repeat(2000), extra: 'z'.repeat(2000) },
      });
      expect(under.status).toBe(204);
      expect(await stored()).toHaveLength(1);
    });

    it('drops events from obvious bots but still answers 204', async () => {
      for (const userAgent of [
        'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
        'curl/8.5.0',
        '',
      ]) {
        const response = await track({ event: 'Page View', properties: { page_url: '/' } }, userAgent);
        expect(response.status).toBe(204);
      }
      expect(await stored()).toHaveLength(0);
    });

    it('refuses a form-encoded body (cross-site guard)', async () => {
      const response = await testApp
        .request()
        .post('/api/analytics/track')
        .set('User-Agent', browser)
        .type('form')
        .send('event=Page%20View');
      expect(response.status).toBe(403);
      expect(await stored()).toHaveLength(0);
    });
  });

  describe('GET /api/analytics/config', () => {
    it('answers null ids when no third-party tag is configured', async () => {
      const response = await testApp.request().get('/api/analytics/config');
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ analyticsTagId: null, marketingTrackerId: null });
    });
  });

  describe('GET /api/admin/analytics/summary', () => {
    it('answers 401 Not signed in without a user and lets a consultant read it', async () => {
      const anonymous = await testApp.request().get('/api/admin/analytics/summary');
      expect(anonymous.status).toBe(401);
      expect(anonymous.body).toEqual({ statusCode: 401, error: 'Not signed in' });
      const consultant = await staff.consultant.get('/api/admin/analytics/summary');
      expect(consultant.status).toBe(200);
    });

    it('counts page views, top pages and form starts against submissions of the last 30 days', async () => {
      for (const path of ['/labs', '/labs', '/labs', '/', '/', '/contact']) {
        await track({ event: 'Page View', properties: { page_url: path } });
      }
      // Two form starts and one sending, each sent under both of its names as the browser does:
      // counted once each, never twice.
      for (const page_url of ['/contact', '/']) {
        await track({ event: 'Contact Form Started', properties: { page_url } });
        await track({ event: 'contact_form_start', properties: { page_url } });
      }
      await track({ event: 'Contact Form Submitted', properties: { service: 'labs' } });
      await track({ event: 'contact_form_submit', properties: { service: 'labs' } });
      await testApp.dataSource.query(
        `INSERT INTO "analytics_events" ("event", "path", "created_at") VALUES ('Page View', '/old', now() - interval '31 days')`,
      );

      for (const role of ['admin', 'super_admin'] as const) {
        const response = await staff[role].get('/api/admin/analytics/summary');
        expect(response.status).toBe(200);
        expect(response.body).toMatchObject({
          pageViews: 6,
          topPages: [
            { path: '/labs', views: 3 },
            { path: '/', views: 2 },
            { path: '/contact', views: 1 },
          ],
          contactFormStarts: 2,
          contactFormSubmissions: 1,
        });
        expect(Date.parse(response.body.since)).toBeLessThan(Date.now() - 29 * 24 * 3600 * 1000);
      }
    });
  });
});

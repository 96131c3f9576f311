import { randomUUID } from 'node:crypto';
import {
  leadListMessages,
  leadMessages,
  messages,
  type ListPage,
  type PlaybookRequestSummary,
  type SubscriberSummary,
} from '@northbeam/common';
import { emailHash } from '../src/core/crypto/email-hash.js';
import { NewsletterService } from '../src/modules/newsletter/newsletter.service.js';
import { createStaff, signedInAgent } from './factories/staff.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const hookTimeoutMs = 120_000;
type Agent = Awaited<ReturnType<typeof signedInAgent>>;

interface SubscriberSeed {
  email: string;
  status: 'pending' | 'confirmed' | 'unsubscribed';
  source?: string | null;
  page?: string | null;
  createdAt: string;
  confirmedAt?: string | null;
  unsubscribedAt?: string | null;
}

describe('Subscribers and playbook requests in the admin', () => {
  let testApp: TestApp;
  let admin: Agent;
  let consultant: Agent;
  let addressCounter = 0;

  async function seedSubscriber(seed: SubscriberSeed): Promise<string> {
    const id = randomUUID();
    await testApp.dataSource.query(
      `INSERT INTO "subscribers" ("id", "email", "status", "source", "page", "created_at", "confirmed_at", "unsubscribed_at")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        id,
        seed.email,
        seed.status,
        seed.source ?? null,
        seed.page ?? null,
        seed.createdAt,
        seed.confirmedAt ?? null,
        seed.unsubscribedAt ?? null,
      ],
    );
    return id;
  }

  async function seedRequest(email: string, page: string | null, createdAt: string): Promise<void> {
    await testApp.dataSource.query(
      `INSERT INTO "playbook_downloads" ("id", "email", "page", "created_at") VALUES ($1, $2, $3, $4)`,
      [randomUUID(), email, page, createdAt],
    );
  }

  async function subscribers(query: Record<string, string> = {}): Promise<ListPage<SubscriberSummary>> {
    const response = await admin.get('/api/admin/subscribers').query(query);
    expect(response.status).toBe(200);
    return response.body as ListPage<SubscriberSummary>;
  }

  async function requests(query: Record<string, string> = {}): Promise<ListPage<PlaybookRequestSummary>> {
    const response = await admin.get('/api/admin/playbook-requests').query(query);
    expect(response.status).toBe(200);
    return response.body as ListPage<PlaybookRequestSummary>;
  }

  const emails = (page: ListPage<{ email: string }>) => page.items.map((item) => item.email);

  const subscribe = (email: string) => {
    addressCounter += 1;
    return testApp
      .request()
      .post('/api/subscribe')
      .set('X-Forwarded-For', `10.61.0.${addressCounter}`)
      .send({ email, source: 'blog', page: '/blog' });
  };

  async function activity(action: string): Promise<{ target_type: string; target_id: string; target_label: string }[]> {
    return testApp.dataSource.query(
      `SELECT "target_type", "target_id", "target_label" FROM "staff_activity" WHERE "action" = $1 ORDER BY "at"`,
      [action],
    );
  }

  async function mailsTo(email: string): Promise<{ kind: string }[]> {
    return testApp.dataSource.query(`SELECT "kind" FROM "email_outbox" WHERE "to_address" = $1`, [email]);
  }

  const ids = {} as Record<'ada' | 'grace' | 'formula' | 'gone', string>;

  beforeAll(async () => {
    testApp = await createTestApp({ config: { seedContent: false, mailDispatchIntervalMs: 0 } });
    await createStaff(testApp, 'admin');
    await createStaff(testApp, 'consultant');
    admin = await signedInAgent(testApp, 'admin@northbeam.example');
    consultant = await signedInAgent(testApp, 'consultant@northbeam.example');

    ids.ada = await seedSubscriber({
      email: 'ada@analytical.example',
      status: 'confirmed',
      source: 'labs_blog',
      page: '/blog/labs',
      createdAt: '2026-11-20T10:00:00Z',
      confirmedAt: '2026-11-20T10:05:00Z',
    });
    ids.grace = await seedSubscriber({
      email: 'grace@cobol.example',
      status: 'unsubscribed',
      source: 'blog',
      createdAt: '2026-11-21T10:00:00Z',
      confirmedAt: '2026-11-21T10:02:00Z',
      unsubscribedAt: '2026-11-22T09:00:00Z',
    });
    // The page is whatever the sign-up form sent: a visitor can make it look like a formula.
    ids.formula = await seedSubscriber({
      email: 'formula@example.com',
      status: 'pending',
      source: 'blog_floating_widget',
      page: '=HYPERLINK("http://evil.example","Click")',
      createdAt: '2026-11-22T10:00:00Z',
    });
    ids.gone = await seedSubscriber({
      email: 'percy_cent@example.com',
      status: 'confirmed',
      createdAt: '2026-11-23T10:00:00Z',
    });
    // Enough for a second page: all confirmed, on 1 November.
    for (let index = 0; index < 14; index += 1) {
      await seedSubscriber({
        email: `reader${String(index).padStart(2, '0')}@example.com`,
        status: 'confirmed',
        createdAt: `2026-11-01T0${index % 10}:${String(index).padStart(2, '0')}:00Z`,
      });
    }

    await seedRequest('ada@analytical.example', '/consulting', '2026-11-20T10:00:00Z');
    await seedRequest('grace@cobol.example', '=cmd|/c calc!A1', '2026-11-21T10:00:00Z');
    await seedRequest('old@example.com', null, '2026-10-01T10:00:00Z');
    for (let index = 0; index < 13; index += 1) {
      await seedRequest(
        `visitor${String(index).padStart(2, '0')}@example.com`,
        '/labs',
        `2026-11-02T0${index % 10}:${String(index).padStart(2, '0')}:00Z`,
      );
    }
  }, hookTimeoutMs);

  afterAll(async () => {
    await testApp?.close();
  }, hookTimeoutMs);

  describe('GET /api/admin/subscribers', () => {
    it('pages every subscriber newest sign-up first, 15 a page, with each date', async () => {
      const first = await subscribers();
      expect(first).toMatchObject({ total: 18, page: 1, pageSize: 15 });
      expect(emails(first).slice(0, 4)).toEqual([
        'percy_cent@example.com',
        'formula@example.com',
        'grace@cobol.example',
        'ada@analytical.example',
      ]);
      expect(first.items[2]).toEqual({
        id: ids.grace,
        email: 'grace@cobol.example',
        status: 'unsubscribed',
        source: 'blog',
        page: null,
        subscribedAt: '2026-11-21T10:00:00.000Z',
        confirmedAt: '2026-11-21T10:02:00.000Z',
        unsubscribedAt: '2026-11-22T09:00:00.000Z',
        bounces: 0,
        complaints: 0,
        blocked: null,
        actions: ['remove'],
      });
      const second = await subscribers({ page: '2' });
      expect(second.items).toHaveLength(3);
      expect(emails(second).at(-1)).toBe('reader00@example.com');
    });

    it('filters by state', async () => {
      expect(emails(await subscribers({ status: 'pending' }))).toEqual(['formula@example.com']);
      expect(emails(await subscribers({ status: 'unsubscribed' }))).toEqual(['grace@cobol.example']);
      expect((await subscribers({ status: 'confirmed' })).total).toBe(16);
    });

    it('searches the address case-insensitively, with % and _ taken as text', async () => {
      expect(emails(await subscribers({ q: 'COBOL' }))).toEqual(['grace@cobol.example']);
      expect(emails(await subscribers({ q: '_' }))).toEqual(['percy_cent@example.com']);
      expect((await subscribers({ q: '%' })).total).toBe(0);
      expect(emails(await subscribers({ q: 'reader1', status: 'confirmed' }))).toEqual([
        'reader13@example.com',
        'reader12@example.com',
        'reader11@example.com',
        'reader10@example.com',
      ]);
    });

    it('refuses an unknown state, a long search and a bad page with 400 and the field', async () => {
      for (const [query, field, sentence] of [
        [{ status: 'bounced' }, 'status', leadListMessages.statusInvalid],
        [{ q: 'x'.repeat(201) }, 'q', leadListMessages.searchTooLong],
        [{ page: '0' }, 'page', 'Page must be 1 or more'],
      ] as const) {
        const response = await admin.get('/api/admin/subscribers').query(query);
        expect(response.status).toBe(400);
        expect(response.body.fieldErrors[field]).toEqual([sentence]);
      }
    });

    it('tells an admin each row may be removed; a consultant is offered nothing and refused', async () => {
      const page = await subscribers();
      expect(page.items.length).toBeGreaterThan(0);
      for (const item of page.items) expect(item.actions).toEqual(['remove']);
      expect((await consultant.get('/api/admin/subscribers')).body).toEqual({
        statusCode: 403,
        error: messages.forbidden,
      });
      expect((await consultant.delete(`/api/admin/subscribers/${ids.ada}`)).body).toEqual({
        statusCode: 403,
        error: messages.forbidden,
      });
    });

    it('refuses a consultant with 403 on every subscribers and playbook call', async () => {
      for (const path of [
        '/api/admin/subscribers',
        '/api/admin/subscribers/counts',
        '/api/admin/subscribers.csv',
        '/api/admin/playbook-requests',
        '/api/admin/playbook-requests.csv',
      ]) {
        const response = await consultant.get(path);
        expect(response.status).toBe(403);
        expect(response.body).toEqual({ statusCode: 403, error: messages.forbidden });
      }
      expect((await consultant.delete(`/api/admin/subscribers/${ids.ada}`)).status).toBe(403);
      expect((await subscribers({ q: 'ada@' })).total).toBe(1);
    });
  });

  describe('GET /api/admin/subscribers/counts', () => {
    it('counts pending, confirmed and unsubscribed addresses, following sign-ups and unsubscribes', async () => {
      expect((await admin.get('/api/admin/subscribers/counts')).body).toEqual({
        pending: 1,
        confirmed: 16,
        unsubscribed: 1,
      });
      expect((await subscribe('counted@example.com')).status).toBe(200);
      const { unsubscribePageUrl } = testApp.app.get(NewsletterService).unsubscribeLinks('reader00@example.com');
      await testApp
        .request()
        .get(`/api/unsubscribe${new URL(unsubscribePageUrl).search}`)
        .expect(200);
      expect((await admin.get('/api/admin/subscribers/counts')).body).toEqual({
        pending: 2,
        confirmed: 15,
        unsubscribed: 2,
      });
      await testApp.dataSource.query(`DELETE FROM "subscribers" WHERE "email" = 'counted@example.com'`);
      await testApp.dataSource.query(
        `UPDATE "subscribers" SET "status" = 'confirmed', "unsubscribed_at" = NULL WHERE "email" = 'reader00@example.com'`,
      );
    });
  });

  describe('GET /api/admin/subscribers.csv', () => {
    it('exports the filtered list with formula-like cells neutralised, and logs the export once', async () => {
      const before = (await activity('subscriber.exported')).length;
      const response = await admin.get('/api/admin/subscribers.csv').query({ status: 'pending' });
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe('attachment; filename="subscribers.csv"');
      expect(response.text.trimEnd().split('\r\n')).toEqual([
        '\uFEFF"Email","Status","Source","Page","Subscribed","Confirmed","Unsubscribed"',
        `"formula@example.com","Pending","Blog, floating box","'=HYPERLINK(""http://evil.example"",""Click"")","22/11/2026 10:00","",""`,
      ]);
      const lines = await activity('subscriber.exported');
      expect(lines).toHaveLength(before + 1);
      expect(lines.at(-1)).toMatchObject({ target_type: 'export', target_label: '1 subscribers (status=pending)' });
    });

    it('exports every match, not one page', async () => {
      expect((await admin.get('/api/admin/subscribers.csv')).text.trimEnd().split('\r\n')).toHaveLength(19);
    });
  });

  describe('DELETE /api/admin/subscribers/:id', () => {
    it('deletes the row, keeps the address suppressed and logs the removal with the address masked', async () => {
      expect((await subscribe('removed@example.com')).status).toBe(200);
      expect(await mailsTo('removed@example.com')).toEqual([{ kind: 'newsletter_confirmation' }]);
      const [{ id }] = await testApp.dataSource.query<{ id: string }[]>(
        `SELECT "id" FROM "subscribers" WHERE "email" = 'removed@example.com'`,
      );

      const response = await admin.delete(`/api/admin/subscribers/${id}`);
      expect(response.status).toBe(204);
      expect((await subscribers({ q: 'removed@' })).total).toBe(0);
      // The confirmation mail still waiting in the outbox is not sent.
      expect(await mailsTo('removed@example.com')).toEqual([]);
      const hash = emailHash(testApp.application.config.sessionSecret, 'removed@example.com');
      expect(
        await testApp.dataSource.query(`SELECT "reason" FROM "email_suppressions" WHERE "email_hash" = $1`, [hash]),
      ).toEqual([{ reason: 'subscriber_removed' }]);
      const lines = await activity('subscriber.removed');
      expect(lines.at(-1)).toEqual({ target_type: 'subscriber', target_id: id, target_label: 'r…@example.com' });
      const logged = await testApp.dataSource.query<{ n: number }[]>(
        `SELECT count(*)::int AS "n" FROM "staff_activity" WHERE "target_label" LIKE '%removed@example.com%'`,
      );
      expect(logged[0].n).toBe(0);
    });

    it('answers a suppressed address signing up again with the same words, and stores and mails nothing', async () => {
      const response = await subscribe('  Removed@Example.com ');
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ message: leadMessages.subscribeThanks });
      expect((await subscribers({ q: 'removed@' })).total).toBe(0);
      expect(await mailsTo('removed@example.com')).toEqual([]);
      // Another address still signs up as before.
      expect((await subscribe('kept@example.com')).status).toBe(200);
      expect(await mailsTo('kept@example.com')).toEqual([{ kind: 'newsletter_confirmation' }]);
    });

    it('removes a confirmed subscriber from the counts', async () => {
      const before = (await admin.get('/api/admin/subscribers/counts')).body as { confirmed: number };
      expect((await admin.delete(`/api/admin/subscribers/${ids.gone}`)).status).toBe(204);
      expect(((await admin.get('/api/admin/subscribers/counts')).body as { confirmed: number }).confirmed).toBe(
        before.confirmed - 1,
      );
    });

    it('answers 404 for an unknown, already removed or malformed id, and logs nothing', async () => {
      const before = (await activity('subscriber.removed')).length;
      for (const id of [randomUUID(), ids.gone, 'not-an-id']) {
        const response = await admin.delete(`/api/admin/subscribers/${id}`);
        expect(response.status).toBe(404);
        expect(response.body).toEqual({ statusCode: 404, error: leadListMessages.subscriberNotFound });
      }
      expect(await activity('subscriber.removed')).toHaveLength(before);
    });
  });

  describe('GET /api/admin/playbook-requests', () => {
    it('pages every request newest first, 15 a page', async () => {
      const first = await requests();
      expect(first).toMatchObject({ total: 16, page: 1, pageSize: 15 });
      expect(emails(first).slice(0, 2)).toEqual(['grace@cobol.example', 'ada@analytical.example']);
      expect(first.items[1]).toEqual({
        id: expect.any(String),
        email: 'ada@analytical.example',
        page: '/consulting',
        createdAt: '2026-11-20T10:00:00.000Z',
      });
      expect(emails(await requests({ page: '2' }))).toEqual(['old@example.com']);
    });

    it('searches the address and the page', async () => {
      expect(emails(await requests({ q: 'ANALYTICAL' }))).toEqual(['ada@analytical.example']);
      expect(emails(await requests({ q: 'consult' }))).toEqual(['ada@analytical.example']);
      expect((await requests({ q: '/labs' })).total).toBe(13);
    });

    it('filters by day, both ends inclusive', async () => {
      expect(emails(await requests({ from: '2026-11-20', to: '2026-11-21' }))).toEqual([
        'grace@cobol.example',
        'ada@analytical.example',
      ]);
      expect(emails(await requests({ to: '2026-10-31' }))).toEqual(['old@example.com']);
      expect((await requests({ from: '2026-11-02', to: '2026-11-02' })).total).toBe(13);
    });

    it('refuses a malformed day with 400 and the field', async () => {
      const response = await admin.get('/api/admin/playbook-requests').query({ from: '2026-13-01' });
      expect(response.status).toBe(400);
      expect(response.body.fieldErrors.from).toEqual(['Use a date as YYYY-MM-DD']);
    });

    it('still answers the dashboard card with every request', async () => {
      const response = await admin.get('/api/admin/playbook-downloads');
      expect(response.status).toBe(200);
      expect(response.body).toHaveLength(16);
    });
  });

  describe('GET /api/admin/playbook-requests.csv', () => {
    it('exports the filtered requests with formula-like cells neutralised, and logs the export once', async () => {
      const before = (await activity('playbook.exported')).length;
      const response = await admin.get('/api/admin/playbook-requests.csv').query({ from: '2026-11-20' });
      expect(response.status).toBe(200);
      expect(response.headers['content-disposition']).toBe('attachment; filename="playbook-requests.csv"');
      expect(response.text.trimEnd().split('\r\n')).toEqual([
        '\uFEFF"Requested","Email","Page"',
        `"21/11/2026 10:00","grace@cobol.example","'=cmd|/c calc!A1"`,
        '"20/11/2026 10:00","ada@analytical.example","/consulting"',
      ]);
      const lines = await activity('playbook.exported');
      expect(lines).toHaveLength(before + 1);
      expect(lines.at(-1)).toMatchObject({
        target_type: 'export',
        target_label: '2 playbook requests (from=2026-11-20)',
      });
    });
  });
});

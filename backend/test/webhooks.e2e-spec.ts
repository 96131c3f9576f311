import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import {
  turnstileFallbackToken,
  webhookEventTypes,
  webhookMessages,
  type ListPage,
  type WebhookDelivery,
  type WebhookEndpointWithSecret,
} from '@northbeam/common';
import { NewsletterService } from '../src/modules/newsletter/newsletter.service.js';
import { RetentionService } from '../src/modules/privacy/retention.service.js';
import { WebhookDispatcher } from '../src/modules/webhooks/webhook-dispatcher.js';
import { WebhookSender } from '../src/modules/webhooks/webhook-sender.js';
import { createStaff, signedInAgent } from './factories/staff.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { createSharedTestDatabase } from './helpers/shared-database.js';
import type { TestDatabase } from './helpers/test-database.js';

const hookTimeoutMs = 180_000;
type Agent = Awaited<ReturnType<typeof signedInAgent>>;

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A real HTTP receiver on 127.0.0.1: records every request; each path answers from its own list of statuses (200 once the list is used up). */
class Receiver {
  readonly received: Received[] = [];
  readonly answers = new Map<string, number[]>();
  private server: Server | undefined;
  port = 0;

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const path = request.url ?? '/';
        this.received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
        const status = this.answers.get(path)?.shift() ?? 200;
        response.writeHead(status, { 'content-type': 'text/plain' });
        response.end(status === 200 ? 'ok' : `failed with ${status}`);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  url(path: string): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  at(path: string): Received[] {
    return this.received.filter((request) => request.path === path);
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

const allowPrivate = {
  seedContent: false,
  webhookDispatchIntervalMs: 0,
  mailDispatchIntervalMs: 0,
  scheduledPublishIntervalMs: 0,
  webhookAllowPrivate: true,
};

describe('Webhooks', () => {
  const receiver = new Receiver();
  let database: TestDatabase;
  let testApp: TestApp;
  let admin: Agent;

  const dispatcher = () => testApp.app.get(WebhookDispatcher, { strict: false });
  const addEndpoint = async (agent: Agent, body: Record<string, unknown>) => {
    const response = await agent.post('/api/admin/webhooks').send(body);
    expect(response.status).toBe(201);
    return response.body as WebhookEndpointWithSecret;
  };
  const deliveriesOf = async (agent: Agent, id: string) =>
    (await agent.get(`/api/admin/webhooks/${id}/deliveries`).expect(200)).body as ListPage<WebhookDelivery>;
  const lastMailText = async (to: string, kind: string) => {
    const [row] = await testApp.dataSource.query<{ text_body: string }[]>(
      `SELECT "text_body" FROM "email_outbox" WHERE "to_address" = $1 AND "kind" = $2 ORDER BY "created_at" DESC LIMIT 1`,
      [to, kind],
    );
    return row.text_body;
  };

  beforeAll(async () => {
    await receiver.start();
    // Shared, so that the apps of the restart and "without WEBHOOK_ALLOW_PRIVATE" tests see the same
    // data on the embedded database too (each app would otherwise get an in-memory database of its own).
    database = await createSharedTestDatabase();
    testApp = await createTestApp({ database, config: allowPrivate });
    await createStaff(testApp, 'admin');
    admin = await signedInAgent(testApp, 'admin@northbeam.example');
  }, hookTimeoutMs);

  afterAll(async () => {
    await testApp?.close();
    await database?.drop();
    await receiver.stop();
  }, hookTimeoutMs);

  it(
    'delivers each event once, signed so that standardwebhooks verifies it; a Slack endpoint gets { text }',
    async () => {
      const all = await addEndpoint(admin, {
        url: receiver.url('/all'),
        events: [...webhookEventTypes],
        format: 'standard',
      });
      expect(all.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      expect(all.endpoint).toMatchObject({ status: 'active', format: 'standard', events: [...webhookEventTypes] });
      // The secret is shown once: never in the list or the endpoint afterwards, and stored sealed.
      const listed = await admin.get('/api/admin/webhooks').expect(200);
      expect(JSON.stringify(listed.body)).not.toContain(all.secret);
      const [stored] = await testApp.dataSource.query<{ secret_sealed: string }[]>(
        `SELECT "secret_sealed" FROM "webhook_endpoints" WHERE "id" = $1`,
        [all.endpoint.id],
      );
      expect(stored.secret_sealed).not.toContain(all.secret.slice(6));
      const slack = await addEndpoint(admin, {
        url: receiver.url('/slack'),
        events: ['enquiry.created'],
        format: 'slack',
      });

      // enquiry.created
      await testApp
        .request()
        .post('/api/contact')
        .send({
          name: 'Ada Lovelace',
          email: 'ada@example.com',
          company: 'Analytical Engines Ltd',
          service: 'labs',
          message: 'We would like a prototype of an AI assistant.',
          consent: true,
          turnstileToken: turnstileFallbackToken,
          website: '',
          startedAt: String(Date.now() - 30_000),
        })
        .expect(201);
      const [enquiry] = await testApp.dataSource.query<{ id: string }[]>(`SELECT "id" FROM "contact_messages"`);
      // enquiry.answered
      await admin
        .post(`/api/admin/enquiries/${enquiry.id}/replies`)
        .send({ subject: 'Your enquiry', body: 'Yes, we can help.' })
        .expect(201);
      // post.published, then post.unpublished
      const post = await admin
        .post('/api/admin/posts')
        .send({
          title: 'Hooked',
          slug: 'hooked',
          excerpt: 'On webhooks.',
          body: 'Body',
          section: 'labs',
          status: 'published',
          tags: [],
        })
        .expect(201);
      await admin
        .put(`/api/admin/posts/${post.body.id}`)
        .send({
          title: 'Hooked',
          slug: 'hooked',
          excerpt: 'On webhooks.',
          body: 'Body',
          section: 'labs',
          status: 'draft',
          tags: [],
        })
        .expect(200);
      // subscriber.confirmed, then newsletter.sent, then subscriber.unsubscribed
      await testApp.request().post('/api/subscribe').send({ email: 'reader@example.com' }).expect(200);
      const confirmText = await lastMailText('reader@example.com', 'newsletter_confirmation');
      const token = decodeURIComponent(/\/newsletter\/confirm\?token=([A-Za-z0-9_%-]+)/.exec(confirmText)![1]);
      await testApp.request().post('/api/newsletter/confirm').send({ token }).expect(200);
      // A second press of the button changes nothing: no second event.
      await testApp.request().post('/api/newsletter/confirm').send({ token }).expect(200);
      const issue = await admin
        .post('/api/admin/newsletter/issues')
        .send({ subject: 'Hook notes', preheader: 'Webhooks', body: 'Hello' })
        .expect(201);
      await admin.post(`/api/admin/newsletter/issues/${issue.body.id}/send`).expect(200);
      const signature = testApp.app
        .get(NewsletterService, { strict: false })
        .unsubscribeSignature('reader@example.com');
      await testApp
        .request()
        .get(`/api/unsubscribe?email=reader%40example.com&token=${encodeURIComponent(signature)}`)
        .expect(200);
      // privacy_request.created, then (access approved) privacy_request.completed
      const access = await testApp
        .request()
        .post('/api/request-data-access')
        .send({ email: 'asker@example.com', consent: true })
        .expect(201);
      const verifyText = await lastMailText('asker@example.com', 'deletion_verification');
      const verifyToken = decodeURIComponent(/verify\?token=([A-Za-z0-9_%-]+)/.exec(verifyText)![1]);
      await testApp.request().post('/api/request-data-access/verify').send({ token: verifyToken }).expect(200);
      const [request] = await testApp.dataSource.query<{ id: string }[]>(
        `SELECT "id" FROM "deletion_requests" WHERE "request_id" = $1`,
        [access.body.requestId],
      );
      // An access request is approved after its findings are reviewed (docs/product.md#privacy-review).
      const findings = await admin.get(`/api/admin/deletion-requests/${request.id}/findings`).expect(200);
      await admin
        .post(`/api/admin/deletion-requests/${request.id}/approve`)
        .send({ digest: (findings.body as { digest: string }).digest, include: [], exclude: [] })
        .expect(200);

      // Nothing leaves before the dispatcher runs (the events wait in the outbox).
      expect(receiver.at('/all')).toHaveLength(0);
      expect(await dispatcher().dispatchDue()).toEqual({ delivered: 10, failed: 0 });
      expect(await dispatcher().dispatchDue()).toEqual({ delivered: 0, failed: 0 });

      const verifier = new Webhook(all.secret);
      const events = receiver.at('/all').map((request) => {
        const payload = verifier.verify(request.body, {
          'webhook-id': request.headers['webhook-id'] as string,
          'webhook-timestamp': request.headers['webhook-timestamp'] as string,
          'webhook-signature': request.headers['webhook-signature'] as string,
        }) as { type: string; version: number; timestamp: string; data: Record<string, unknown> };
        expect(request.headers['content-type']).toBe('application/json');
        expect(payload.version).toBe(1);
        expect(Number.isNaN(Date.parse(payload.timestamp))).toBe(false);
        return payload;
      });
      expect(events.map((event) => event.type).sort()).toEqual([...webhookEventTypes].sort());
      const byType = Object.fromEntries(events.map((event) => [event.type, event.data]));
      expect(byType['enquiry.created']).toMatchObject({
        enquiry: { id: enquiry.id, email: 'ada@example.com', company: 'Analytical Engines Ltd' },
      });
      expect(byType['enquiry.answered']).toMatchObject({ side: 'staff', reply: { subject: 'Your enquiry' } });
      expect(byType['post.published']).toMatchObject({ post: { id: post.body.id, slug: 'hooked' }, scheduled: false });
      expect(byType['post.unpublished']).toMatchObject({ post: { id: post.body.id }, reason: 'unpublished' });
      expect(byType['subscriber.confirmed']).toMatchObject({ subscriber: { email: 'reader@example.com' } });
      expect(byType['subscriber.unsubscribed']).toMatchObject({ subscriber: { email: 'reader@example.com' } });
      expect(byType['newsletter.sent']).toMatchObject({ issue: { id: issue.body.id, recipients: 1 } });
      // The privacy events carry an id and a type, nothing about the person.
      expect(byType['privacy_request.created']).toEqual({ request: { id: request.id, type: 'access' } });
      expect(byType['privacy_request.completed']).toEqual({ request: { id: request.id, type: 'access' } });
      // Each message has its own id.
      expect(new Set(receiver.at('/all').map((request) => request.headers['webhook-id'])).size).toBe(9);

      const [slackRequest] = receiver.at('/slack');
      expect(receiver.at('/slack')).toHaveLength(1);
      const message = JSON.parse(slackRequest.body) as Record<string, unknown>;
      expect(Object.keys(message)).toEqual(['text']);
      expect(message.text).toContain('New enquiry from Ada Lovelace (Analytical Engines Ltd)');
      new Webhook(slack.secret).verify(slackRequest.body, slackRequest.headers as Record<string, string>);

      const log = await deliveriesOf(admin, all.endpoint.id);
      expect(log.total).toBe(9);
      expect(log.items.every((item) => item.status === 'delivered' && item.statusCode === 200)).toBe(true);
      expect(log.items[0]).toMatchObject({ attempts: 1, responseExcerpt: 'ok', actions: ['redeliver'] });
    },
    hookTimeoutMs,
  );

  it(
    'retries with back-off: a receiver answering 500 twice then 200 gets the event on the third try',
    async () => {
      const { endpoint } = await addEndpoint(admin, {
        url: receiver.url('/flaky'),
        events: ['post.published'],
        format: 'standard',
      });
      receiver.answers.set('/flaky', [500, 500]);
      await admin.post(`/api/admin/webhooks/${endpoint.id}/test`).expect(202);
      const start = Date.now();
      const at = (seconds: number) => () => new Date(start + seconds * 1000);

      dispatcher().now = at(1);
      await dispatcher().dispatchDue();
      expect(receiver.at('/flaky')).toHaveLength(1);
      let [delivery] = (await deliveriesOf(admin, endpoint.id)).items;
      expect(delivery).toMatchObject({
        status: 'pending',
        attempts: 1,
        statusCode: 500,
        responseExcerpt: 'failed with 500',
      });
      expect(delivery.actions).toEqual([]);

      // Not due before its back-off (30 s).
      dispatcher().now = at(20);
      await dispatcher().dispatchDue();
      expect(receiver.at('/flaky')).toHaveLength(1);

      dispatcher().now = at(32);
      await dispatcher().dispatchDue();
      expect(receiver.at('/flaky')).toHaveLength(2);

      // The second wait is 2 minutes.
      dispatcher().now = at(32 + 100);
      await dispatcher().dispatchDue();
      expect(receiver.at('/flaky')).toHaveLength(2);
      dispatcher().now = at(32 + 121);
      await dispatcher().dispatchDue();
      const requests = receiver.at('/flaky');
      expect(requests).toHaveLength(3);
      expect(new Set(requests.map((request) => request.headers['webhook-id'])).size).toBe(1);
      [delivery] = (await deliveriesOf(admin, endpoint.id)).items;
      expect(delivery).toMatchObject({ status: 'delivered', attempts: 3, statusCode: 200 });
      dispatcher().now = () => new Date();
    },
    hookTimeoutMs,
  );

  it(
    'redelivers a logged event with the same webhook-id, as a new line of the log',
    async () => {
      const { endpoint } = await addEndpoint(admin, {
        url: receiver.url('/again'),
        events: ['post.published'],
        format: 'standard',
      });
      await admin.post(`/api/admin/webhooks/${endpoint.id}/test`).expect(202);
      await dispatcher().dispatchDue();
      const [first] = (await deliveriesOf(admin, endpoint.id)).items;
      const redelivered = await admin
        .post(`/api/admin/webhooks/${endpoint.id}/deliveries/${first.id}/redeliver`)
        .expect(202);
      expect(redelivered.body).toMatchObject({ status: 'pending', messageId: first.messageId });
      await dispatcher().dispatchDue();
      const requests = receiver.at('/again');
      expect(requests).toHaveLength(2);
      expect(requests[1].headers['webhook-id']).toBe(requests[0].headers['webhook-id']);
      expect(requests[1].body).toBe(requests[0].body);
      expect((await deliveriesOf(admin, endpoint.id)).total).toBe(2);
      // A delivery still being tried cannot be redelivered.
      await admin.post(`/api/admin/webhooks/${endpoint.id}/test`).expect(202);
      const [pending] = (await deliveriesOf(admin, endpoint.id)).items;
      const refused = await admin.post(`/api/admin/webhooks/${endpoint.id}/deliveries/${pending.id}/redeliver`);
      expect(refused.body).toEqual({ statusCode: 409, error: webhookMessages.stillPending });
      await dispatcher().dispatchDue();
    },
    hookTimeoutMs,
  );

  it(
    'pauses an endpoint whose every attempt failed for a day, and tells the admins by bell and mail',
    async () => {
      const { endpoint } = await addEndpoint(admin, {
        url: receiver.url('/down'),
        events: ['post.published'],
        format: 'standard',
      });
      receiver.answers.set('/down', Array<number>(20).fill(503));
      await admin.post(`/api/admin/webhooks/${endpoint.id}/test`).expect(202);
      const start = Date.now();
      // Every retry of the first event, until it is given up (about 22 hours).
      let elapsed = 1;
      for (const wait of [0, 30, 120, 600, 3600, 14_400, 28_800, 32_400]) {
        elapsed += wait + 1;
        dispatcher().now = () => new Date(start + elapsed * 1000);
        await dispatcher().dispatchDue();
      }
      expect(receiver.at('/down')).toHaveLength(8);
      const [givenUp] = (await deliveriesOf(admin, endpoint.id)).items;
      expect(givenUp).toMatchObject({ status: 'failed', attempts: 8, statusCode: 503 });
      expect((await admin.get(`/api/admin/webhooks/${endpoint.id}`).expect(200)).body.status).toBe('active');

      // A day after the first failure, the next failure pauses it.
      await admin.post(`/api/admin/webhooks/${endpoint.id}/test`).expect(202);
      dispatcher().now = () => new Date(start + 25 * 3600 * 1000);
      await dispatcher().dispatchDue();
      const paused = (await admin.get(`/api/admin/webhooks/${endpoint.id}`).expect(200)).body;
      expect(paused).toMatchObject({ status: 'paused', pausedReason: webhookMessages.autoPaused(24) });
      expect(paused.actions).toContain('resume');
      const bell = await admin.get('/api/admin/notifications').expect(200);
      expect(bell.body.items[0]).toMatchObject({
        kind: 'webhook_paused',
        title: `Webhook endpoint paused: ${endpoint.url}`,
      });
      const [mail] = await testApp.dataSource.query<{ to_address: string }[]>(
        `SELECT "to_address" FROM "email_outbox" WHERE "kind" = 'webhook_paused'`,
      );
      expect(mail.to_address).toBe('admin@northbeam.example');
      const [line] = await testApp.dataSource.query<{ actor_id: string | null }[]>(
        `SELECT "actor_id" FROM "staff_activity" WHERE "action" = 'webhook.paused' AND "target_id" = $1`,
        [endpoint.id],
      );
      expect(line.actor_id).toBeNull();

      // Paused: nothing is tried; resumed, the waiting delivery goes again.
      await admin.post(`/api/admin/webhooks/${endpoint.id}/test`).expect(409);
      await admin.post(`/api/admin/webhooks/${endpoint.id}/resume`).expect(200);
      receiver.answers.set('/down', []);
      dispatcher().now = () => new Date(start + 26 * 3600 * 1000);
      await dispatcher().dispatchDue();
      expect((await deliveriesOf(admin, endpoint.id)).items[0]).toMatchObject({ status: 'delivered' });
      dispatcher().now = () => new Date();
    },
    hookTimeoutMs,
  );

  it(
    'keeps the delivery log 30 days (the daily purge)',
    async () => {
      const { endpoint } = await addEndpoint(admin, {
        url: receiver.url('/old'),
        events: ['post.published'],
        format: 'standard',
      });
      await admin.post(`/api/admin/webhooks/${endpoint.id}/test`).expect(202);
      await dispatcher().dispatchDue();
      const retention = testApp.app.get(RetentionService, { strict: false });
      await retention.runRetention(new Date(Date.now() + 29 * 86_400_000));
      expect((await deliveriesOf(admin, endpoint.id)).total).toBe(1);
      await retention.runRetention(new Date(Date.now() + 31 * 86_400_000));
      expect((await deliveriesOf(admin, endpoint.id)).total).toBe(0);
    },
    hookTimeoutMs,
  );

  it(
    'loses nothing on a restart: a delivery pending when the app stops is sent by the next one',
    async () => {
      const { endpoint } = await addEndpoint(admin, {
        url: receiver.url('/restart'),
        events: ['post.published'],
        format: 'standard',
      });
      await admin.post(`/api/admin/webhooks/${endpoint.id}/test`).expect(202);
      await testApp.close();
      expect(receiver.at('/restart')).toHaveLength(0);

      testApp = await createTestApp({ database, config: allowPrivate });
      admin = await signedInAgent(testApp, 'admin@northbeam.example');
      expect(await dispatcher().dispatchDue()).toEqual({ delivered: 1, failed: 0 });
      expect(receiver.at('/restart')).toHaveLength(1);
      expect((await deliveriesOf(admin, endpoint.id)).items[0]).toMatchObject({ status: 'delivered', attempts: 1 });
    },
    hookTimeoutMs,
  );

  describe('without WEBHOOK_ALLOW_PRIVATE', () => {
    let closed: TestApp;
    let closedAdmin: Agent;

    beforeAll(async () => {
      closed = await createTestApp({ database, config: { ...allowPrivate, webhookAllowPrivate: false } });
      closedAdmin = await signedInAgent(closed, 'admin@northbeam.example');
    }, hookTimeoutMs);

    afterAll(async () => {
      await closed?.close();
    }, hookTimeoutMs);

    it('refuses private, loopback and link-local addresses, credentials and other schemes with a sentence', async () => {
      const refusals: [string, string][] = [
        ['http://127.0.0.1:8080/hook', webhookMessages.urlPrivate],
        ['http://localhost/hook', webhookMessages.urlPrivate],
        ['http://10.1.2.3/hook', webhookMessages.urlPrivate],
        ['http://169.254.169.254/latest/meta-data', webhookMessages.urlPrivate],
        ['http://[::1]/hook', webhookMessages.urlPrivate],
        ['http://[::ffff:127.0.0.1]/hook', webhookMessages.urlPrivate],
        ['http://[fd00::1]/hook', webhookMessages.urlPrivate],
        ['https://user:secret@hooks.example.com/hook', webhookMessages.urlCredentials],
        ['ftp://hooks.example.com/hook', webhookMessages.urlInvalid],
        ['not a url', webhookMessages.urlInvalid],
      ];
      for (const [url, sentence] of refusals) {
        const response = await closedAdmin
          .post('/api/admin/webhooks')
          .send({ url, events: ['post.published'], format: 'standard' });
        expect([url, response.status, response.body.fieldErrors]).toEqual([url, 400, { url: [sentence] }]);
      }
      const noEvents = await closedAdmin
        .post('/api/admin/webhooks')
        .send({ url: 'https://hooks.example.com/x', events: [], format: 'standard' });
      expect(noEvents.body.fieldErrors).toEqual({ events: [webhookMessages.eventsRequired] });
    });

    it('never sends to a name that resolves to 127.0.0.1: the attempt is refused and logged', async () => {
      const { endpoint } = await addEndpoint(closedAdmin, {
        url: `http://hooks.example.com:${receiver.port}/inward`,
        events: ['post.published'],
        format: 'standard',
      });
      const sender = closed.app.get(WebhookSender, { strict: false });
      const resolved: string[] = [];
      sender.resolver = (host) => {
        resolved.push(host);
        return Promise.resolve([
          { address: '93.184.215.14', family: 4 },
          { address: '127.0.0.1', family: 4 },
        ]);
      };
      await closedAdmin.post(`/api/admin/webhooks/${endpoint.id}/test`).expect(202);
      const result = await closed.app.get(WebhookDispatcher, { strict: false }).dispatchDue();
      expect(result).toEqual({ delivered: 0, failed: 1 });
      expect(resolved).toEqual(['hooks.example.com']);
      expect(receiver.at('/inward')).toHaveLength(0);
      const [delivery] = (await deliveriesOf(closedAdmin, endpoint.id)).items;
      expect(delivery).toMatchObject({
        status: 'pending',
        statusCode: null,
        error: webhookMessages.refusedAddress('hooks.example.com'),
      });
    });
  });
});

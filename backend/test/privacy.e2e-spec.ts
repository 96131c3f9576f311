import { createHmac } from 'node:crypto';
import { SchedulerRegistry } from '@nestjs/schedule';
import { PrivacyScheduler } from '../src/modules/privacy/privacy.scheduler.js';
import { ErasureService } from '../src/modules/privacy/erasure.service.js';
import { recordMails, tokenFrom, type RecordedMail } from './fixtures/mail-recorder.js';
import { createStaff, signedInAgent } from './factories/staff.js';
import { limiterKey } from '../src/core/rate-limit/rate-limiter.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const sessionSecret = 'test-session-secret-that-is-long-enough-0123456789';
const browser = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const dayMs = 24 * 60 * 60 * 1000;

describe('Privacy: data-deletion requests', () => {
  let testApp: TestApp;
  let mails: RecordedMail[];
  let scheduler: PrivacyScheduler;
  let service: ErasureService;

  const staff = {} as Record<'super_admin' | 'admin' | 'consultant', Awaited<ReturnType<typeof signedInAgent>>>;

  beforeAll(async () => {
    testApp = await createTestApp({ config: { sessionSecret } });
    for (const role of ['super_admin', 'admin', 'consultant'] as const) {
      await createStaff(testApp, role);
      staff[role] = await signedInAgent(testApp, `${role.replace('_', '-')}@northbeam.example`);
    }
    mails = recordMails(testApp);
    scheduler = testApp.app.get(PrivacyScheduler);
    service = testApp.app.get(ErasureService);
    // The tests run the erasure themselves: its timetable (every few minutes, on the minute) would
    // otherwise complete a request between two of a test's steps when a run straddles that minute.
    for (const job of testApp.app.get(SchedulerRegistry).getCronJobs().values()) void job.stop();
  }, 180_000);

  afterAll(async () => {
    await testApp?.close();
  });

  beforeEach(async () => {
    mails.length = 0;
    await testApp.dataSource.query(
      'DELETE FROM "deletion_requests"; DELETE FROM "deletion_audit"; DELETE FROM "analytics_events"; DELETE FROM "scheduled_task_runs"; DELETE FROM "rate_limit_counters"',
    );
  });

  const submit = (body: Record<string, unknown>) => testApp.request().post('/api/request-data-deletion').send(body);
  const confirm = (token: unknown) => testApp.request().post('/api/request-data-deletion/verify').send({ token });
  const statusOf = async () =>
    (await testApp.dataSource.query<{ status: string }[]>('SELECT "status" FROM "deletion_requests"')).map(
      (row) => row.status,
    );

  async function submitAndVerify(email: string, extra: Record<string, unknown> = {}) {
    const created = await submit({ email, requestType: 'full_deletion', consent: true, ...extra });
    expect(created.status).toBe(201);
    const mail = mails.filter((entry) => entry.kind === 'deletion_verification').at(-1)!;
    const verified = await confirm(tokenFrom(mail));
    expect(verified.status).toBe(200);
    const [row] = await testApp.dataSource.query<{ id: string }[]>(
      'SELECT "id" FROM "deletion_requests" WHERE "request_id" = $1',
      [created.body.requestId],
    );
    return { requestId: created.body.requestId as string, id: row.id };
  }

  describe('POST /api/request-data-deletion', () => {
    it('creates a request with an unguessable id and sends the verification mail in the same transaction', async () => {
      const response = await submit({
        email: '  Jane.Doe@Example.com ',
        requestType: 'partial_deletion',
        reason: 'Moving on',
        consent: true,
      });
      expect(response.status).toBe(201);
      expect(response.body).toEqual({
        requestId: expect.stringMatching(/^DDR-[A-Z0-9]{16}$/),
        message: 'Your data deletion request has been submitted successfully. Check your email for confirmation.',
      });
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({
        to: 'jane.doe@example.com',
        kind: 'deletion_verification',
        inTransaction: true,
      });
      expect(mails[0].text).toContain(response.body.requestId);
      expect(mails[0].html).toContain('/data-deletion/verify?token=');
      const [row] = await testApp.dataSource.query('SELECT * FROM "deletion_requests"');
      expect(row).toMatchObject({
        email: 'jane.doe@example.com',
        status: 'received',
        request_type: 'partial_deletion',
        reason: 'Moving on',
      });
      expect(new Date(row.deadline_at).getUTCMonth()).toBe((new Date(row.received_at).getUTCMonth() + 1) % 12);
      expect(row.verification_token_hash).not.toContain(tokenFrom(mails[0]));
    });

    it('defaults the request type to full deletion', async () => {
      const response = await submit({ email: 'a@example.com', consent: true });
      expect(response.status).toBe(201);
      const [row] = await testApp.dataSource.query('SELECT "request_type" FROM "deletion_requests"');
      expect(row.request_type).toBe('full_deletion');
    });

    it('answers 400 with the message of its rule for each invalid field and stores nothing', async () => {
      const response = await submit({
        email: 'not-an-email',
        requestType: 'everything',
        reason: 'x'.repeat(501),
        consent: false,
      });
      expect(response.status).toBe(400);
      expect(response.body.fieldErrors).toEqual({
        email: ['Please enter a valid email address'],
        requestType: ['Please choose full deletion or partial deletion'],
        reason: ['Reason must be 500 characters or less'],
        consent: ['You must confirm this request'],
      });
      expect((await submit({ email: 'a@example.com', reason: 'x'.repeat(500), consent: true })).status).toBe(201);
      expect(await testApp.dataSource.query('SELECT 1 FROM "deletion_requests"')).toHaveLength(1);
      expect(mails).toHaveLength(1);
    });
  });

  describe('verification', () => {
    it('mails a link to the confirm page, never to an endpoint that changes state', async () => {
      await submit({ email: 'link@example.com', consent: true });
      expect(mails[0].text).toMatch(/\/data-deletion\/verify\?token=[A-Za-z0-9_-]{43}\n/);
      expect(mails[0].text).not.toContain('/api/');
    });

    it('POST verifies once; a used, unknown, missing or malformed token answers 400 with a sentence', async () => {
      await submit({ email: 'v@example.com', consent: true });
      const token = tokenFrom(mails[0]);
      const first = await confirm(token);
      expect(first.status).toBe(200);
      expect(first.body).toEqual({
        message: 'Your request is confirmed. Our privacy team will review it within 5 business days.',
      });
      const [row] = await testApp.dataSource.query('SELECT "status", "verified_at" FROM "deletion_requests"');
      expect(row.status).toBe('verified');
      expect(row.verified_at).not.toBeNull();
      for (const bad of [token, 'nope', undefined, '', 42, 'x'.repeat(101)]) {
        const response = await confirm(bad);
        expect(response.status).toBe(400);
        expect(response.body.error).toBe('This confirmation link has expired or was already used.');
      }
      expect(await statusOf()).toEqual(['verified']);
    });

    it('opening the link (GET, as mail scanners do) changes nothing and leads to the confirm page', async () => {
      await submit({ email: 'scanner@example.com', consent: true });
      const token = tokenFrom(mails[0]);
      const opened = await testApp
        .request()
        .get(`/api/request-data-deletion/verify?token=${encodeURIComponent(token)}`);
      expect(opened.status).toBe(302);
      expect(opened.headers.location).toBe(`/data-deletion/verify?token=${encodeURIComponent(token)}`);
      const missing = await testApp.request().get('/api/request-data-deletion/verify');
      expect(missing.headers.location).toBe('/data-deletion/verify');
      expect(await statusOf()).toEqual(['received']);
      expect((await confirm(token)).status).toBe(200);
    });

    it('refuses a token older than 14 days', async () => {
      await submit({ email: 'late@example.com', consent: true });
      await testApp.dataSource.query(
        `UPDATE "deletion_requests" SET "verification_expires_at" = now() - interval '1 minute'`,
      );
      expect((await confirm(tokenFrom(mails[0]))).status).toBe(400);
      expect(await statusOf()).toEqual(['received']);
    });
  });

  describe('rate limit', () => {
    it('allows five requests an hour per address, then 429 with Retry-After and no mail', async () => {
      const from = (address: string) => (body: Record<string, unknown>) =>
        testApp.request().post('/api/request-data-deletion').set('X-Forwarded-For', address).send(body);
      for (let index = 0; index < 5; index += 1) {
        expect((await from('203.0.113.9')({ email: `r${index}@example.com`, consent: true })).status).toBe(201);
      }
      const refused = await from('203.0.113.9')({ email: 'r5@example.com', consent: true });
      expect(refused.status).toBe(429);
      expect(refused.body.error).toBe('Too many requests, please try again later');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
      expect((await from('203.0.113.10')({ email: 'other@example.com', consent: true })).status).toBe(201);
      expect(mails).toHaveLength(6);
      expect(await testApp.dataSource.query('SELECT 1 FROM "deletion_requests"')).toHaveLength(6);
    });
    it('caps one inbox at three requests an hour across deletion and access, from any client: the fourth gets 429 and no mail', async () => {
      const inbox = 'flooded@example.com';
      const deletion = (address: string, email = inbox) =>
        testApp
          .request()
          .post('/api/request-data-deletion')
          .set('X-Forwarded-For', address)
          .send({ email, consent: true });
      const access = (address: string, email = inbox) =>
        testApp
          .request()
          .post('/api/request-data-access')
          .set('X-Forwarded-For', address)
          .send({ email, consent: true });
      expect((await deletion('198.51.100.1')).status).toBe(201);
      expect((await access('198.51.100.2')).status).toBe(201);
      expect((await deletion('198.51.100.3', ' Flooded@Example.COM ')).status).toBe(201);
      const verificationsTo = () =>
        mails.filter((mail) => mail.to === inbox && /_verification$/.test(mail.kind)).length;
      expect(verificationsTo()).toBe(3);
      for (const refused of [await access('198.51.100.4'), await deletion('198.51.100.5')]) {
        expect(refused.status).toBe(429);
        expect(refused.body.error).toBe('Too many requests, please try again later');
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
      }
      expect(verificationsTo()).toBe(3);
      expect(
        await testApp.dataSource.query('SELECT 1 FROM "deletion_requests" WHERE "email" = $1', [inbox]),
      ).toHaveLength(3);
      // Another inbox is not held back by this one's allowance.
      expect((await access('198.51.100.6', 'someone.else@example.com')).status).toBe(201);
    });
  });

  describe('admin endpoints', () => {
    it('answer 401 Not signed in without a user and 403 for a consultant', async () => {
      const { id } = await submitAndVerify('guard@example.com');
      for (const [method, path] of [
        ['get', '/api/admin/deletion-requests'],
        ['get', `/api/admin/deletion-requests/${id}`],
        ['post', `/api/admin/deletion-requests/${id}/approve`],
        ['post', `/api/admin/deletion-requests/${id}/reject`],
        ['post', `/api/admin/deletion-requests/${id}/complete`],
      ] as const) {
        const anonymous = await testApp.request()[method](path).send({});
        expect(anonymous.status).toBe(401);
        expect(anonymous.body.error).toBe('Not signed in');
        const consultant = await staff.consultant[method](path).send({});
        expect(consultant.status).toBe(403);
      }
      const [row] = await testApp.dataSource.query('SELECT "status" FROM "deletion_requests"');
      expect(row.status).toBe('verified');
    });

    it('list requests with their deadline and flag those due within 7 days and overdue', async () => {
      const fresh = await submitAndVerify('fresh@example.com');
      const soon = await submitAndVerify('soon@example.com');
      const late = await submitAndVerify('late@example.com');
      const done = await submitAndVerify('done@example.com');
      await testApp.dataSource.query(
        `UPDATE "deletion_requests" SET "deadline_at" = now() + interval '5 days' WHERE "id" = $1`,
        [soon.id],
      );
      await testApp.dataSource.query(
        `UPDATE "deletion_requests" SET "deadline_at" = now() - interval '1 day' WHERE "id" = $1`,
        [late.id],
      );
      await testApp.dataSource.query(
        `UPDATE "deletion_requests" SET "deadline_at" = now() - interval '1 day', "status" = 'rejected' WHERE "id" = $1`,
        [done.id],
      );
      const response = await staff.admin.get('/api/admin/deletion-requests');
      expect(response.status).toBe(200);
      const byId = new Map(
        (response.body.items as { id: string; dueSoon: boolean; overdue: boolean }[]).map((row) => [row.id, row]),
      );
      expect(byId.get(fresh.id)).toMatchObject({
        dueSoon: false,
        overdue: false,
        status: 'verified',
        email: 'fresh@example.com',
      });
      expect(byId.get(soon.id)).toMatchObject({ dueSoon: true, overdue: false });
      expect(byId.get(late.id)).toMatchObject({ dueSoon: false, overdue: true });
      expect(byId.get(done.id)).toMatchObject({ dueSoon: false, overdue: false });
      const detail = await staff.super_admin.get(`/api/admin/deletion-requests/${fresh.id}`);
      expect(detail.status).toBe(200);
      expect(detail.body.history.map((entry: { action: string }) => entry.action)).toEqual(['received', 'verified']);
      const missing = await staff.admin.get('/api/admin/deletion-requests/00000000-0000-4000-8000-000000000000');
      expect(missing.status).toBe(404);
      expect(missing.body.error).toBe('Deletion request not found');
      expect((await staff.admin.get('/api/admin/deletion-requests/not-a-uuid')).status).toBe(404);
    });

    it('reject needs a reason, mails it to the requester and ends the request', async () => {
      const { id } = await submitAndVerify('reject@example.com');
      const noReason = await staff.admin.post(`/api/admin/deletion-requests/${id}/reject`).send({ reason: '  ' });
      expect(noReason.status).toBe(400);
      expect(noReason.body.fieldErrors.reason).toEqual(['Please give a reason for the rejection']);
      expect(noReason.body.error).toBe('Please give a reason for the rejection');
      const rejected = await staff.admin
        .post(`/api/admin/deletion-requests/${id}/reject`)
        .send({ reason: 'We could not confirm your identity.' });
      expect(rejected.status).toBe(200);
      expect(rejected.body).toMatchObject({
        status: 'rejected',
        rejectionReason: 'We could not confirm your identity.',
      });
      expect(mails.at(-1)).toMatchObject({ to: 'reject@example.com', kind: 'deletion_rejected', inTransaction: true });
      expect(mails.at(-1)!.text).toContain('We could not confirm your identity.');
      const approve = await staff.admin.post(`/api/admin/deletion-requests/${id}/approve`);
      expect(approve.status).toBe(409);
    });

    it('cannot approve a request that was never verified', async () => {
      await submit({ email: 'unverified@example.com', consent: true });
      const [row] = await testApp.dataSource.query('SELECT "id" FROM "deletion_requests"');
      const response = await staff.admin.post(`/api/admin/deletion-requests/${row.id}/approve`);
      expect(response.status).toBe(409);
      expect(response.body.error).toBe('This request cannot take that action in its current state');
    });

    it('a partial deletion is approved, left alone by the task, and completed by hand with a note', async () => {
      const { id, requestId } = await submitAndVerify('partial@example.com', { requestType: 'partial_deletion' });
      expect((await staff.admin.post(`/api/admin/deletion-requests/${id}/approve`)).status).toBe(200);
      expect(mails.at(-1)).toMatchObject({ kind: 'deletion_progress', to: 'partial@example.com' });
      expect(await scheduler.processDeletions()).toEqual({ ran: true, result: 0 });
      const noNote = await staff.admin.post(`/api/admin/deletion-requests/${id}/complete`).send({});
      expect(noNote.status).toBe(400);
      expect(noNote.body.fieldErrors.note).toContain('Please describe what was deleted');
      const completed = await staff.super_admin
        .post(`/api/admin/deletion-requests/${id}/complete`)
        .send({ note: 'Removed the newsletter subscription only.' });
      expect(completed.status).toBe(200);
      expect(completed.body).toMatchObject({
        status: 'completed',
        email: null,
        completionNote: 'Removed the newsletter subscription only.',
      });
      expect(mails.at(-1)).toMatchObject({
        kind: 'deletion_completed',
        to: 'partial@example.com',
        inTransaction: true,
      });
      const audit = await testApp.dataSource.query(
        `SELECT "action", "actor" FROM "deletion_audit" WHERE "request_id" = $1 ORDER BY "id"`,
        [requestId],
      );
      expect(audit).toEqual([
        { action: 'received', actor: null },
        { action: 'verified', actor: null },
        { action: 'approved', actor: 'admin@northbeam.example' },
        { action: 'completed', actor: 'super-admin@northbeam.example' },
      ]);
    });

    it('complete refuses a full deletion, which the scheduled task carries out', async () => {
      const { id } = await submitAndVerify('fullonly@example.com');
      await staff.admin.post(`/api/admin/deletion-requests/${id}/approve`);
      const response = await staff.admin.post(`/api/admin/deletion-requests/${id}/complete`).send({ note: 'x' });
      expect(response.status).toBe(409);
    });

    it('an approved request is not rejected afterwards: a full deletion offers nothing while its erasure is due', async () => {
      const { id } = await submitAndVerify('approved-then-rejected@example.com');
      const approved = await staff.admin.post(`/api/admin/deletion-requests/${id}/approve`);
      expect(approved.body.actions).toEqual([]);
      const reject = await staff.admin
        .post(`/api/admin/deletion-requests/${id}/reject`)
        .send({ reason: 'Changed our mind' });
      expect(reject.status).toBe(409);
      expect(reject.body.error).toBe('This request cannot take that action in its current state');
      expect((await staff.admin.get(`/api/admin/deletion-requests/${id}`)).body.status).toBe('approved');
      const partial = await submitAndVerify('partial-approved@example.com', { requestType: 'partial_deletion' });
      const partialApproved = await staff.admin.post(`/api/admin/deletion-requests/${partial.id}/approve`);
      expect(partialApproved.body.actions).toEqual(['complete', 'extend']);
    });
  });

  describe('full life cycle', () => {
    it('goes from request to final mail with every personal row for the address gone and the audit kept', async () => {
      const email = 'erase.me@example.com';
      const visitorId = 'user_abcd1234_1763784000000';
      const otherVisitor = 'user_zzzz9999_1763784000000';
      const track = (body: object) =>
        testApp.request().post('/api/analytics/track').set('User-Agent', browser).send(body);
      await track({ event: 'Page View', properties: { page_url: '/labs' }, visitorId, analyticsConsent: true });
      await track({
        event: 'Playbook Downloaded',
        properties: { email: 'Erase.Me@example.com', page: '/labs', download_type: 'sme_playbook' },
      });
      await track({ event: 'Newsletter Subscribed', properties: { email, source: 'blog' } });
      await track({
        event: 'Page View',
        properties: { page_url: '/' },
        visitorId: otherVisitor,
        analyticsConsent: true,
      });
      await track({ event: 'Playbook Downloaded', properties: { email: 'someone.else@example.com' } });
      // The same person also wrote to us, subscribed and downloaded the playbook.
      const contact = await testApp
        .request()
        .post('/api/contact')
        .send({
          name: 'Erase Me',
          email: 'Erase.Me@example.com',
          message: 'Please call me about a prototype.',
          consent: true,
          turnstileToken: 'development-fallback-token',
          website: '',
          startedAt: String(Date.now() - 60_000),
        });
      expect(contact.status).toBe(201);
      expect((await testApp.request().post('/api/subscribe').send({ email, source: 'blog' })).status).toBe(200);
      expect((await testApp.request().post('/api/playbook-download').send({ email })).status).toBe(201);
      const before = await testApp.dataSource.query(
        `SELECT (SELECT count(*)::int FROM contact_messages) AS contacts, (SELECT count(*)::int FROM subscribers) AS subscribers,
                (SELECT count(*)::int FROM playbook_downloads) AS downloads, (SELECT count(*)::int FROM email_outbox) AS mails`,
      );
      expect(before[0]).toMatchObject({ contacts: 1, subscribers: 1, downloads: 1 });
      expect(before[0].mails).toBeGreaterThanOrEqual(4);

      const { id, requestId } = await submitAndVerify(email, { visitorId });
      const approved = await staff.admin.post(`/api/admin/deletion-requests/${id}/approve`);
      expect(approved.status).toBe(200);
      expect(approved.body.status).toBe('approved');
      expect(mails.at(-1)).toMatchObject({ kind: 'deletion_progress', to: email });

      expect(await scheduler.processDeletions()).toEqual({ ran: true, result: 1 });

      const final = mails.at(-1)!;
      expect(final).toMatchObject({ kind: 'deletion_completed', to: email, inTransaction: true });
      expect(final.text).toContain(requestId);
      expect(mails.map((mail) => mail.kind)).toEqual([
        'deletion_verification',
        'deletion_progress',
        'deletion_completed',
      ]);

      // No table holds the address, in any letter case, any more.
      const tables = await testApp.dataSource.query<{ table_name: string }[]>(
        `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
      );
      for (const { table_name } of tables) {
        const [hit] = await testApp.dataSource.query(
          `SELECT count(*)::int AS "count" FROM "${table_name}" t WHERE lower(t::text) LIKE $1`,
          [`%${email}%`],
        );
        expect({ table: table_name, count: hit.count }).toEqual({ table: table_name, count: 0 });
        const [visitor] = await testApp.dataSource.query(
          `SELECT count(*)::int AS "count" FROM "${table_name}" t WHERE t::text LIKE $1`,
          [`%${visitorId}%`],
        );
        expect({ table: table_name, count: visitor.count }).toEqual({ table: table_name, count: 0 });
      }
      // Other people's rows are untouched.
      const remaining = await testApp.dataSource.query(
        `SELECT "event", "visitor_id" FROM "analytics_events" ORDER BY "id"`,
      );
      expect(remaining).toEqual([
        { event: 'Page View', visitor_id: otherVisitor },
        { event: 'Playbook Downloaded', visitor_id: null },
      ]);

      const expectedHash = createHmac('sha256', sessionSecret).update(email).digest('hex');
      const audit = await testApp.dataSource.query(
        `SELECT "action", "email_hash", "details" FROM "deletion_audit" WHERE "request_id" = $1 ORDER BY "id"`,
        [requestId],
      );
      expect(audit.map((row: { action: string }) => row.action)).toEqual([
        'received',
        'verified',
        'approved',
        'completed',
      ]);
      for (const row of audit) expect(row.email_hash).toBe(expectedHash);
      expect(audit[3].details.counts).toMatchObject({
        analytics_events: 3,
        contact_messages: 1,
        subscribers: 1,
        playbook_downloads: 1,
      });
      expect(audit[3].details.counts.email_outbox).toBeGreaterThanOrEqual(4);
      const [request] = await testApp.dataSource.query('SELECT * FROM "deletion_requests" WHERE "id" = $1', [id]);
      expect(request).toMatchObject({ status: 'completed', email: null, visitor_id: null, email_hash: expectedHash });
      const suppressed = await testApp.dataSource.query('SELECT "email_hash" FROM "email_suppressions"');
      expect(suppressed).toContainEqual({ email_hash: expectedHash });

      // The task running again finds nothing to do and sends nothing.
      expect(await scheduler.processDeletions()).toEqual({ ran: true, result: 0 });
      expect(mails).toHaveLength(3);
    });

    it('running the erasure twice is harmless: the second run erases nothing', async () => {
      await testApp
        .request()
        .post('/api/analytics/track')
        .set('User-Agent', browser)
        .send({ event: 'Newsletter Subscribed', properties: { email: 'twice@example.com' } });
      const first = await testApp.dataSource.transaction((manager) =>
        service.eraseAddress(manager, 'Twice@Example.com'),
      );
      const second = await testApp.dataSource.transaction((manager) =>
        service.eraseAddress(manager, 'twice@example.com'),
      );
      expect(first.analytics_events).toBe(1);
      expect(Object.values(second).every((count) => count === 0)).toBe(true);
      expect(Object.keys(second)).toEqual([
        'analytics_events',
        'staff_notifications',
        'enquiry_notes',
        'enquiry_replies',
        'inbound_messages',
        'enquiry_reading_paths',
        'contact_messages',
        'subscribers',
        'playbook_downloads',
        'email_outbox',
        'webhook_deliveries',
      ]);
    });
  });

  describe('retention', () => {
    it('purges exactly what is past its period', async () => {
      const now = new Date('2026-11-22T02:30:00Z');
      await testApp.dataSource.query(
        `INSERT INTO "analytics_events" ("event", "path", "created_at") VALUES
          ('Page View', '/expired', $1), ('Page View', '/kept', $2), ('Page View', '/recent', $3)`,
        [new Date('2024-11-22T02:29:59Z'), new Date('2024-11-22T02:30:01Z'), now],
      );
      await submit({ email: 'stale@example.com', consent: true });
      await submit({ email: 'young@example.com', consent: true });
      await submitAndVerify('verified-old@example.com');
      await testApp.dataSource.query(
        `UPDATE "deletion_requests" SET "received_at" = $1 WHERE "email" IN ('stale@example.com', 'verified-old@example.com')`,
        [new Date(now.getTime() - 31 * dayMs)],
      );
      await testApp.dataSource.query(
        `UPDATE "deletion_requests" SET "received_at" = $1 WHERE "email" = 'young@example.com'`,
        [new Date(now.getTime() - 29 * dayMs)],
      );

      const run = await scheduler.runRetention(now);
      expect(run.ran).toBe(true);
      expect(run.ran && run.result).toMatchObject({
        'analytics_events older than 2 years': 1,
        'unverified deletion_requests older than 30 days': 1,
      });
      expect(await testApp.dataSource.query('SELECT "path" FROM "analytics_events" ORDER BY "path"')).toEqual([
        { path: '/kept' },
        { path: '/recent' },
      ]);
      const requests = await testApp.dataSource.query('SELECT "email" FROM "deletion_requests" ORDER BY "email"');
      expect(requests).toEqual([{ email: 'verified-old@example.com' }, { email: 'young@example.com' }]);
      const again = await scheduler.runRetention(now);
      expect(again.ran && Object.values(again.result).every((count) => count === 0)).toBe(true);
    });

    it('purges contact messages after 3 years, unconfirmed subscribers after 30 days, sent, cancelled and given-up mails after 90 days and playbook requests after 2 years', async () => {
      const now = new Date('2026-11-22T02:30:00Z');
      const ago = (days: number, extraMs = 0) => new Date(now.getTime() - days * dayMs + extraMs);
      const threeYears = new Date('2023-11-22T02:30:00Z');
      await testApp.dataSource.query(
        `INSERT INTO "contact_messages" ("id", "name", "email", "message", "consent", "created_at") VALUES
          (gen_random_uuid(), 'Old', 'retention-old@example.com', 'An old enquiry text', true, $1),
          (gen_random_uuid(), 'Kept', 'retention-kept@example.com', 'A younger enquiry text', true, $2)`,
        [new Date(threeYears.getTime() - 1000), new Date(threeYears.getTime() + 1000)],
      );
      await testApp.dataSource.query(
        `INSERT INTO "subscribers" ("id", "email", "status", "created_at", "confirmed_at") VALUES
          (gen_random_uuid(), 'retention-pending-old@example.com', 'pending', $1, NULL),
          (gen_random_uuid(), 'retention-pending-young@example.com', 'pending', $2, NULL),
          (gen_random_uuid(), 'retention-confirmed-old@example.com', 'confirmed', $1, $1)`,
        [ago(31), ago(29)],
      );
      await testApp.dataSource.query(
        `INSERT INTO "email_outbox" ("id", "kind", "to_address", "subject", "text_body", "html_body", "status", "created_at", "sent_at") VALUES
          (gen_random_uuid(), 'retention', 'retention-sent-old@example.com', 's', 't', 'h', 'sent', $1, $1),
          (gen_random_uuid(), 'retention', 'retention-sent-young@example.com', 's', 't', 'h', 'sent', $2, $2),
          (gen_random_uuid(), 'retention', 'retention-pending@example.com', 's', 't', 'h', 'pending', $1, NULL),
          (gen_random_uuid(), 'retention', 'retention-cancelled-old@example.com', 's', 't', 'h', 'cancelled', $1, NULL),
          (gen_random_uuid(), 'retention', 'retention-cancelled-young@example.com', 's', 't', 'h', 'cancelled', $2, NULL),
          (gen_random_uuid(), 'retention', 'retention-failed-old@example.com', 's', 't', 'h', 'failed', $1, NULL)`,
        [ago(91), ago(89)],
      );

      const twoYears = new Date('2024-11-22T02:30:00Z');
      await testApp.dataSource.query(
        `INSERT INTO "playbook_downloads" ("id", "email", "page", "created_at") VALUES
          (gen_random_uuid(), 'retention-playbook-old@example.com', '/blog', $1),
          (gen_random_uuid(), 'retention-playbook-kept@example.com', '/blog', $2)`,
        [new Date(twoYears.getTime() - 1000), new Date(twoYears.getTime() + 1000)],
      );

      const run = await scheduler.runRetention(now);
      expect(run.ran).toBe(true);
      expect(run.ran && run.result).toMatchObject({ 'playbook_downloads older than 2 years': 1 });

      const left = async (table: string, column: string) =>
        (
          await testApp.dataSource.query(
            `SELECT "${column}" AS "value" FROM "${table}" WHERE "${column}" LIKE 'retention-%' ORDER BY "${column}"`,
          )
        ).map((row: { value: string }) => row.value);
      expect(await left('contact_messages', 'email')).toEqual(['retention-kept@example.com']);
      expect(await left('subscribers', 'email')).toEqual([
        'retention-confirmed-old@example.com',
        'retention-pending-young@example.com',
      ]);
      // Mails that will never go (cancelled, given up) leave like sent ones; one still due stays.
      expect(await left('email_outbox', 'to_address')).toEqual([
        'retention-cancelled-young@example.com',
        'retention-pending@example.com',
        'retention-sent-young@example.com',
      ]);
      expect(await left('playbook_downloads', 'email')).toEqual(['retention-playbook-kept@example.com']);
    });
  });

  describe('retention of limiter counters', () => {
    it('drops rate-limit counters a day after their window started and sign-in counters idle for a day', async () => {
      const now = new Date('2026-11-22T02:30:00Z');
      const ago = (hours: number) => new Date(now.getTime() - hours * 60 * 60 * 1000);
      const key = (label: string) => limiterKey(`retention-test:${label}`);
      await testApp.dataSource.query(
        `INSERT INTO "rate_limit_counters" ("key", "window_start", "count") VALUES ($1, $2, 3), ($3, $4, 3)`,
        [key('old-window'), ago(25), key('young-window'), ago(23)],
      );
      await testApp.dataSource.query(
        `INSERT INTO "login_attempts" ("key", "failures", "last_failure_at", "blocked_until") VALUES
          ($1, 7, $2, NULL), ($3, 7, $4, NULL), ($5, 30, $2, $6)`,
        [key('idle'), ago(25), key('recent'), ago(23), key('still-waiting'), new Date(now.getTime() + 60_000)],
      );
      const run = await scheduler.runRetention(now);
      expect(run.ran && run.result).toMatchObject({
        'rate_limit_counters whose window started over a day ago': expect.any(Number),
        'login_attempts idle for over a day': expect.any(Number),
      });
      const keys = async (table: string) =>
        (await testApp.dataSource.query<{ key: string }[]>(`SELECT "key" FROM "${table}"`)).map((row) => row.key);
      expect(await keys('rate_limit_counters')).toContain(key('young-window'));
      expect(await keys('rate_limit_counters')).not.toContain(key('old-window'));
      expect(await keys('login_attempts')).toEqual(expect.arrayContaining([key('recent'), key('still-waiting')]));
      expect(await keys('login_attempts')).not.toContain(key('idle'));
    });
  });

  describe('privacy digest', () => {
    it('mails the privacy inbox once a day about requests due within 7 days or overdue', async () => {
      const now = new Date();
      const quiet = await scheduler.sendDigest(now);
      expect(quiet).toEqual({ ran: true, result: 0 });
      expect(mails).toHaveLength(0);

      const due = await submitAndVerify('due@example.com');
      const overdue = await submitAndVerify('overdue@example.com');
      await submitAndVerify('later@example.com');
      await testApp.dataSource.query(
        `UPDATE "deletion_requests" SET "deadline_at" = now() + interval '3 days' WHERE "id" = $1`,
        [due.id],
      );
      await testApp.dataSource.query(
        `UPDATE "deletion_requests" SET "deadline_at" = now() - interval '2 days' WHERE "id" = $1`,
        [overdue.id],
      );
      mails.length = 0;

      expect(await scheduler.sendDigest(now)).toEqual({ ran: true, result: 2 });
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({ kind: 'privacy_digest', to: testApp.application.config.privacyInbox });
      expect(mails[0].text).toContain(due.requestId);
      expect(mails[0].text).toContain(`${overdue.requestId}  verified`);
      expect(mails[0].text).toContain('OVERDUE');
      expect(mails[0].text).not.toContain('@example.com');

      expect(await scheduler.sendDigest(now)).toEqual({ ran: true, result: 0 });
      expect(mails).toHaveLength(1);
    });
  });
});

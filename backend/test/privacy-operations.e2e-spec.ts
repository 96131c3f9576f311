import { strFromU8, unzipSync } from 'fflate';
import { privacyRetentionLines, retentionPeriods, type AccessFindings } from '@northbeam/common';
import { PrivacyScheduler } from '../src/modules/privacy/privacy.scheduler.js';
import { RetentionService } from '../src/modules/privacy/retention.service.js';
import { createStaff, signedInAgent } from './factories/staff.js';
import { downloadTokenFrom, recordMails, tokenFrom, type RecordedMail } from './fixtures/mail-recorder.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const browser = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const dayMs = 24 * 60 * 60 * 1000;

/** Collects a binary response body (supertest buffers only text and JSON by itself). */
function binary(
  response: { on: (event: string, listener: (chunk?: Buffer) => void) => void },
  done: (error: Error | null, body: Buffer) => void,
) {
  const chunks: Buffer[] = [];
  response.on('data', (chunk) => chunks.push(chunk!));
  response.on('end', () => done(null, Buffer.concat(chunks)));
}

describe('Privacy operations: access requests, one clock, consent records, the data map', () => {
  let testApp: TestApp;
  let mails: RecordedMail[];
  let admin: Awaited<ReturnType<typeof signedInAgent>>;
  let scheduler: PrivacyScheduler;

  beforeAll(async () => {
    testApp = await createTestApp();
    await createStaff(testApp, 'admin');
    admin = await signedInAgent(testApp, 'admin@northbeam.example');
    mails = recordMails(testApp);
    scheduler = testApp.app.get(PrivacyScheduler);
  }, 180_000);

  afterAll(async () => {
    await testApp?.close();
  }, 60_000);

  beforeEach(async () => {
    mails.length = 0;
    await testApp.dataSource.query(
      'DELETE FROM "deletion_requests"; DELETE FROM "deletion_audit"; DELETE FROM "privacy_exports"; DELETE FROM "consent_records"; DELETE FROM "rate_limit_counters"; DELETE FROM "scheduled_task_runs"',
    );
  });

  const requestAccess = (email: string, extra: Record<string, unknown> = {}) =>
    testApp
      .request()
      .post('/api/request-data-access')
      .send({ email, consent: true, ...extra });

  async function verifiedAccessRequest(email: string, extra: Record<string, unknown> = {}) {
    const created = await requestAccess(email, extra);
    expect(created.status).toBe(201);
    const mail = mails.filter((entry) => entry.kind === 'deletion_verification').at(-1)!;
    expect(
      (
        await testApp
          .request()
          .post('/api/request-data-access/verify')
          .send({ token: tokenFrom(mail) })
      ).status,
    ).toBe(200);
    const [row] = await testApp.dataSource.query<{ id: string }[]>(
      'SELECT "id" FROM "deletion_requests" WHERE "request_id" = $1',
      [created.body.requestId],
    );
    return { id: row.id, requestId: created.body.requestId as string };
  }

  /** Approves an access request after its review: every flagged record included (or none), nothing else left out. */
  async function approveAccess(id: string, includeFlagged = true) {
    const findings = await admin.get(`/api/admin/deletion-requests/${id}/findings`);
    expect(findings.status).toBe(200);
    const flagged = (findings.body as AccessFindings).kinds
      .flatMap((kind) => kind.records)
      .filter((record) => record.review !== null)
      .map((record) => record.id);
    return admin
      .post(`/api/admin/deletion-requests/${id}/approve`)
      .send({ digest: findings.body.digest, include: includeFlagged ? flagged : [], exclude: [] });
  }

  const download = (token: string) =>
    testApp.request().post('/api/request-data-access/download').send({ token }).buffer(true).parse(binary);

  /** Everything the site can hold about one person, through the public routes and the staff screens. */
  async function seedPerson(email: string, visitorId: string, words: string, address: string) {
    const track = (body: object) =>
      testApp
        .request()
        .post('/api/analytics/track')
        .set('User-Agent', browser)
        .set('X-Forwarded-For', address)
        .send(body);
    await track({ event: 'Newsletter Subscribed', properties: { email, source: words } });
    // Read with analytics consent just before the enquiry: the enquiry keeps this page as its reading path.
    await track({ event: 'Page View', properties: { page_url: `/labs/${words}` }, visitorId, analyticsConsent: true });
    const contact = await testApp
      .request()
      .post('/api/contact')
      .set('User-Agent', browser)
      .set('X-Forwarded-For', address)
      .send({
        name: `Person ${words}`,
        email,
        message: `Please call me about ${words}.`,
        consent: true,
        turnstileToken: 'development-fallback-token',
        website: '',
        startedAt: String(Date.now() - 60_000),
      });
    expect(contact.status).toBe(201);
    const [enquiry] = await testApp.dataSource.query<{ id: string }[]>(
      'SELECT "id" FROM "contact_messages" WHERE "email" = $1',
      [email],
    );
    expect(
      (await admin.post(`/api/admin/enquiries/${enquiry.id}/notes`).send({ body: `Note on ${words}` })).status,
    ).toBe(201);
    expect((await testApp.request().post('/api/subscribe').send({ email, source: 'blog' })).status).toBe(200);
    expect((await testApp.request().post('/api/playbook-download').send({ email })).status).toBe(201);
    expect(
      (
        await testApp
          .request()
          .post('/api/request-data-deletion')
          .send({ email, requestType: 'partial_deletion', reason: `Reason ${words}`, consent: true })
      ).status,
    ).toBe(201);
  }

  describe('right of access', () => {
    it('mails a one-use link to a ZIP holding every record of the address in every store and nothing of another address', async () => {
      const person = 'ada.access@example.com';
      const other = 'bob.other@example.com';
      await seedPerson(person, 'user_adaaccess_1763784000000', 'hovercraft', '198.51.100.21');
      await seedPerson(other, 'user_bobother_1763784000000', 'submarine', '198.51.100.22');

      const { id, requestId } = await verifiedAccessRequest('  Ada.Access@Example.com ', {
        visitorId: 'user_adaaccess_1763784000000',
      });
      expect(requestId).toMatch(/^DAR-[A-Z0-9]{16}$/);
      const approved = await approveAccess(id);
      expect(approved.status).toBe(200);
      expect(approved.body).toMatchObject({ status: 'completed', requestType: 'access', email: person });

      const ready = mails.at(-1)!;
      expect(ready).toMatchObject({ kind: 'access_export_ready', to: person, inTransaction: true });
      expect(ready.text).toContain('/data-access/download?token=');
      const token = downloadTokenFrom(ready);

      const response = await download(token);
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('application/zip');
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="dar-[a-z0-9]{16}-your-data\.zip"$/,
      );
      const files = unzipSync(new Uint8Array(response.body as Buffer));
      expect(Object.keys(files).sort()).toEqual(['your-data.html', 'your-data.json']);
      const json = strFromU8(files['your-data.json']);
      const html = strFromU8(files['your-data.html']);
      const data = JSON.parse(json) as { email: string; stores: Record<string, { rows: Record<string, unknown>[] }> };
      expect(data.email).toBe(person);
      const rows = (store: string) => data.stores[store].rows;
      expect(rows('contact_messages')).toEqual([
        expect.objectContaining({ email: person, message: 'Please call me about hovercraft.' }),
      ]);
      expect(rows('enquiry_notes')).toEqual([expect.objectContaining({ body: 'Note on hovercraft' })]);
      expect(rows('enquiry_reading_paths')).toEqual([
        expect.objectContaining({ enquiryId: rows('contact_messages')[0].id, path: '/labs/hovercraft' }),
      ]);
      expect(rows('subscribers')).toEqual([
        expect.objectContaining({ email: person, status: 'pending', signedUpAt: expect.any(String) }),
      ]);
      expect(rows('playbook_downloads')).toEqual([expect.objectContaining({ email: person })]);
      expect(
        rows('analytics_events')
          .map((event) => event.event)
          .sort(),
      ).toEqual(['Newsletter Subscribed', 'Page View']);
      expect(rows('email_outbox').length).toBeGreaterThanOrEqual(3);
      expect(
        rows('deletion_requests')
          .map((request) => request.type)
          .sort(),
      ).toEqual(['access', 'partial_deletion']);
      // Nothing of the other person, in either file.
      for (const text of [json, html]) {
        expect(text).not.toContain('bob.other');
        expect(text).not.toContain('submarine');
        expect(text).not.toContain('user_bobother');
      }
      expect(html).toContain('Please call me about hovercraft.');
      expect(html).toContain('Note on hovercraft');
      // The readable page is a letter: kinds of record and fields in words, UK dates, none of our
      // table or field names, stored codes in words.
      expect(html).toContain('<h2>Messages you sent us <small>(1)</small></h2>');
      expect(html).toContain('<dt>Message</dt><dd>Please call me about hovercraft.</dd>');
      expect(html).toContain('<h2>Your newsletter subscription <small>(1)</small></h2>');
      expect(html).toContain('<dt>Where it stands</dt><dd>Pending</dd>');
      expect(html).toContain('<dt>Request</dt><dd>Access (copy of data)</dd>');
      const storedNames = Object.entries(data.stores).flatMap(([store, entry]) => [
        store,
        ...entry.rows.flatMap((row) => Object.keys(row)),
      ]);
      // Table names (contact_messages) and field names in code (sentAt, visitorId): none in the letter.
      for (const name of new Set(storedNames.filter((name) => /[A-Z_]/.test(name)))) expect(html).not.toContain(name);
      // Headings and labels are words: no code such as a mail kind or a column name (values, such as
      // a visitor id or a link's random token, may hold underscores).
      const labels = [...html.matchAll(/<(?:dt|h2)>([^<]*)/g)].map((match) => match[1]);
      expect(labels.length).toBeGreaterThan(20);
      for (const label of labels) expect(label).not.toMatch(/[a-z]_[a-z]|[a-z][A-Z]/);
      expect(html).not.toContain('contact_receipt');
      // Visits read as a summary a day (the day, the pages, how many things), not as raw rows.
      expect(html).toMatch(/<h2>What we recorded of your visits <small>\(2 on 1 day\)<\/small><\/h2>/);
      expect(html).toContain('<dt>Pages</dt><dd>/labs/hovercraft</dd>');
      expect(html).toContain('<dt>Things recorded</dt><dd>2</dd>');
      expect(html).not.toContain('<dt>What happened</dt>');
      expect(html).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:/);
      expect(html).toMatch(/<dt>Sent<\/dt><dd>\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}<\/dd>/);

      // The link works once; the copy is gone from the database (the row keeps only when it was taken).
      const again = await testApp.request().post('/api/request-data-access/download').send({ token });
      expect(again.status).toBe(400);
      expect(again.body.error).toBe('This download link has expired or was already used.');
      expect(
        await testApp.dataSource.query('SELECT 1 FROM "privacy_exports" WHERE "archive" IS NOT NULL'),
      ).toHaveLength(0);
      const audit = await testApp.dataSource.query<{ action: string }[]>(
        'SELECT "action" FROM "deletion_audit" WHERE "request_id" = $1 ORDER BY "id"',
        [requestId],
      );
      expect(audit.map((row) => row.action)).toEqual([
        'received',
        'verified',
        'approved',
        'export_reviewed',
        'export_sent',
        'export_ready',
        'export_downloaded',
      ]);
      const activity = await testApp.dataSource.query<{ action: string; target_label: string }[]>(
        `SELECT "action", "target_label" FROM "staff_activity" WHERE "target_label" = $1`,
        [requestId],
      );
      expect(activity).toEqual([{ action: 'privacy.request_approved', target_label: requestId }]);
      const reviewed = await testApp.dataSource.query<{ target_label: string }[]>(
        `SELECT "target_label" FROM "staff_activity" WHERE "action" = 'privacy.export_reviewed'`,
      );
      expect(reviewed).toEqual([
        { target_label: expect.stringMatching(new RegExp(`^${requestId}: \\d+ disclosed, 0 left out$`)) },
      ]);
    });

    it('refuses a link past its 7 days, and the daily purge deletes the waiting copy', async () => {
      const { id } = await verifiedAccessRequest('late.download@example.com');
      expect((await approveAccess(id)).status).toBe(200);
      const token = downloadTokenFrom(mails.at(-1)!);
      const [row] = await testApp.dataSource.query<{ expires_at: Date; created_at: Date }[]>(
        'SELECT "expires_at", "created_at" FROM "privacy_exports"',
      );
      expect(new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()).toBe(7 * dayMs);

      await testApp.dataSource.query(`UPDATE "privacy_exports" SET "expires_at" = now() - interval '1 minute'`);
      const expired = await testApp.request().post('/api/request-data-access/download').send({ token });
      expect(expired.status).toBe(400);
      expect(expired.body.error).toBe('This download link has expired or was already used.');

      expect((await admin.post(`/api/admin/deletion-requests/${id}/reject`).send({ reason: 'x' })).status).toBe(409);
      const other = await verifiedAccessRequest('purged@example.com');
      await approveAccess(other.id);
      const run = await scheduler.runRetention(new Date(Date.now() + 7 * dayMs + 60_000));
      // The expired one (kept, unused, so that its link says it expired) and the waiting one.
      expect(run.ran && run.result['privacy_exports older than 7 days']).toBe(2);
      expect(await testApp.dataSource.query('SELECT 1 FROM "privacy_exports"')).toHaveLength(0);
    });

    it('uses the deletion form’s validation and rate limit', async () => {
      const refused = await testApp.request().post('/api/request-data-access').send({ email: 'nope', consent: false });
      expect(refused.status).toBe(400);
      expect(refused.body.fieldErrors).toEqual({
        email: ['Please enter a valid email address'],
        consent: ['You must confirm this request'],
      });
      const from = (email: string) =>
        testApp
          .request()
          .post('/api/request-data-access')
          .set('X-Forwarded-For', '203.0.113.40')
          .send({ email, consent: true });
      for (let index = 0; index < 5; index += 1) expect((await from(`a${index}@example.com`)).status).toBe(201);
      expect((await from('a5@example.com')).status).toBe(429);
    });
  });

  describe('the actions a request allows', () => {
    it('sends them with the request, follows them through its states and refuses any other with 409', async () => {
      const { id } = await verifiedAccessRequest('actions@example.com');
      const verified = await admin.get(`/api/admin/deletion-requests/${id}`);
      expect(verified.status).toBe(200);
      expect(verified.body.actions).toEqual(['approve', 'reject', 'extend']);

      const complete = await admin.post(`/api/admin/deletion-requests/${id}/complete`).send({ note: 'Deleted all' });
      expect(complete.status).toBe(409);
      expect(complete.body.error).toBe('This request cannot take that action in its current state');

      const extended = await admin
        .post(`/api/admin/deletion-requests/${id}/extend`)
        .send({ months: 1, reason: 'Several systems' });
      expect(extended.body.actions).toEqual(['approve', 'reject']);

      const approved = await approveAccess(id);
      expect(approved.status).toBe(200);
      expect(approved.body.status).toBe('completed');
      expect(approved.body.actions).toEqual([]);
      const again = await admin.post(`/api/admin/deletion-requests/${id}/approve`);
      expect(again.status).toBe(409);
      expect(again.body.error).toBe('This request cannot take that action in its current state');
    });
  });

  describe('one clock', () => {
    it('extends a request once by up to two months with a reason that is mailed to the requester', async () => {
      const { id, requestId } = await verifiedAccessRequest('slow@example.com');
      await testApp.dataSource.query(
        `UPDATE "deletion_requests" SET "received_at" = '2026-01-31T10:00:00Z', "deadline_at" = '2026-02-28T10:00:00Z' WHERE "id" = $1`,
        [id],
      );
      const noReason = await admin.post(`/api/admin/deletion-requests/${id}/extend`).send({ months: 2, reason: ' ' });
      expect(noReason.status).toBe(400);
      expect(noReason.body.fieldErrors.reason).toEqual(['Please give a reason for the extension']);
      const tooLong = await admin
        .post(`/api/admin/deletion-requests/${id}/extend`)
        .send({ months: 3, reason: 'Many records' });
      expect(tooLong.body.fieldErrors.months).toEqual(['Please choose an extension of 1 or 2 months']);

      const extended = await admin
        .post(`/api/admin/deletion-requests/${id}/extend`)
        .send({ months: 2, reason: 'Your records span several systems.' });
      expect(extended.status).toBe(200);
      expect(extended.body).toMatchObject({
        deadlineAt: '2026-04-28T09:00:00.000Z',
        extensionReason: 'Your records span several systems.',
        extendedAt: expect.any(String),
      });
      const mail = mails.at(-1)!;
      expect(mail).toMatchObject({ kind: 'privacy_extension', to: 'slow@example.com', inTransaction: true });
      expect(mail.text).toContain('Your records span several systems.');
      expect(mail.text).toContain('28 April 2026');
      expect(mail.text).toContain(requestId);

      const twice = await admin.post(`/api/admin/deletion-requests/${id}/extend`).send({ months: 1, reason: 'Again' });
      expect(twice.status).toBe(409);
      expect(twice.body.error).toBe('This request has already been extended once');
      const activity = await testApp.dataSource.query(
        'SELECT 1 FROM "staff_activity" WHERE "action" = $1 AND "target_label" = $2',
        ['privacy.request_extended', requestId],
      );
      expect(activity).toHaveLength(1);
    });

    it('lists deletion and access requests together, filtered by type, due state and search, with counts for the dashboard', async () => {
      const access = await verifiedAccessRequest('list.access@example.com');
      const deletion = await testApp
        .request()
        .post('/api/request-data-deletion')
        .send({ email: 'list.delete@example.com', consent: true });
      await testApp.dataSource.query(
        `UPDATE "deletion_requests" SET "deadline_at" = now() - interval '1 day' WHERE "id" = $1`,
        [access.id],
      );
      await testApp.dataSource.query(
        `UPDATE "deletion_requests" SET "deadline_at" = now() + interval '3 days' WHERE "request_id" = $1`,
        [deletion.body.requestId],
      );
      const ids = async (query: string) =>
        ((await admin.get(`/api/admin/deletion-requests${query}`)).body.items as { requestId: string }[]).map(
          (row) => row.requestId,
        );
      const all = await admin.get('/api/admin/deletion-requests');
      expect(all.body).toMatchObject({ total: 2, page: 1, pageSize: 15 });
      expect(await ids('?type=access')).toEqual([access.requestId]);
      expect(await ids('?due=overdue')).toEqual([access.requestId]);
      expect(await ids('?due=soon')).toEqual([deletion.body.requestId]);
      expect(await ids(`?q=${access.requestId.slice(4, 12).toLowerCase()}`)).toEqual([access.requestId]);
      expect(await ids('?q=LIST.DELETE')).toEqual([deletion.body.requestId]);
      expect((await admin.get('/api/admin/deletion-requests?due=later')).status).toBe(400);
      expect((await admin.get('/api/admin/deletion-requests/counts')).body).toEqual({
        open: 2,
        dueSoon: 1,
        overdue: 1,
      });

      const digest = await scheduler.sendDigest(new Date());
      expect(digest).toEqual({ ran: true, result: 2 });
      const sent = mails.at(-1)!;
      expect(sent.kind).toBe('privacy_digest');
      expect(sent.text).toContain(`${access.requestId}  verified`);
      expect(sent.text).toContain('(a copy of your data)');
      expect(sent.text).toContain(deletion.body.requestId);
    });
  });

  describe('the requests list', () => {
    it('filters by status and pages both kinds together by 15', async () => {
      const created: string[] = [];
      for (let index = 0; index < 16; index += 1) {
        const kind = index % 2 === 0 ? 'request-data-access' : 'request-data-deletion';
        const response = await testApp
          .request()
          .post(`/api/${kind}`)
          .set('X-Forwarded-For', `203.0.113.${60 + Math.floor(index / 4)}`)
          .send({ email: `paged-${index}@example.com`, consent: true });
        expect(response.status).toBe(201);
        created.push(response.body.requestId as string);
      }
      const ids = (response: { body: { items: { requestId: string }[] } }) =>
        response.body.items.map((row) => row.requestId);
      const first = await admin.get('/api/admin/deletion-requests');
      expect(first.body).toMatchObject({ total: 16, page: 1, pageSize: 15 });
      expect(ids(first)).toHaveLength(15);
      const second = await admin.get('/api/admin/deletion-requests?page=2');
      expect(second.body).toMatchObject({ total: 16, page: 2, pageSize: 15 });
      expect(ids(second)).toHaveLength(1);
      expect(new Set([...ids(first), ...ids(second)])).toEqual(new Set(created));

      const verified = await verifiedAccessRequest('paged-verified@example.com');
      const byStatus = await admin.get('/api/admin/deletion-requests?status=verified');
      expect(byStatus.body).toMatchObject({ total: 1 });
      expect(ids(byStatus)).toEqual([verified.requestId]);
      expect((await admin.get('/api/admin/deletion-requests?status=received')).body.total).toBe(16);
      expect((await admin.get('/api/admin/deletion-requests?status=lost')).status).toBe(400);
    });
  });

  describe('one source for retention', () => {
    it('a changed retention period changes the purge, the privacy page text and the data map together', async () => {
      const now = new Date('2026-11-22T02:30:00Z');
      await testApp.dataSource.query(
        `INSERT INTO "contact_messages" ("id", "name", "email", "message", "consent", "created_at")
         VALUES (gen_random_uuid(), 'Old', 'three-and-a-half@example.com', 'An old enquiry text', true, '2023-05-22T00:00:00Z')`,
      );
      const saved = retentionPeriods.contactMessages;
      try {
        retentionPeriods.contactMessages = { years: 4 };
        const kept = await testApp.app.get(RetentionService).runRetention(now);
        expect(kept['contact_messages older than 4 years']).toBe(0);
        expect(privacyRetentionLines()).toContain('Contact form data: up to 4 years after our last contact.');
        const map = await admin.get('/api/admin/privacy/data-map');
        expect(map.body).toContainEqual(
          expect.objectContaining({
            store: 'contact_messages',
            retention: 'contact_messages older than 4 years',
            rows: expect.any(Number),
          }),
        );
        expect(
          await testApp.dataSource.query(
            `SELECT 1 FROM "contact_messages" WHERE "email" = 'three-and-a-half@example.com'`,
          ),
        ).toHaveLength(1);
      } finally {
        retentionPeriods.contactMessages = saved;
      }
      const purged = await testApp.app.get(RetentionService).runRetention(now);
      expect(purged['contact_messages older than 3 years']).toBe(1);
      expect(privacyRetentionLines()).toContain('Contact form data: up to 3 years after our last contact.');
      const map = await admin.get('/api/admin/privacy/data-map');
      expect(map.body).toContainEqual(
        expect.objectContaining({ store: 'contact_messages', retention: 'contact_messages older than 3 years' }),
      );
    });

    it('the data map lists every store with what it holds, its retention, its next purge and its row count', async () => {
      await testApp
        .request()
        .post('/api/consent')
        .send({ analytics: true, marketing: false, action: 'save_custom', bannerVersion: '0a1b2c3d' });
      const map = await admin.get('/api/admin/privacy/data-map');
      expect(map.status).toBe(200);
      const byStore = new Map((map.body as { store: string }[]).map((entry) => [entry.store, entry]));
      for (const store of [
        'contact_messages',
        'enquiry_notes',
        'subscribers',
        'playbook_downloads',
        'analytics_events',
        'email_outbox',
        'deletion_requests',
        'privacy_exports',
        'consent_records',
        'enquiry_reading_paths',
        'analytics_visits',
        'analytics_salts',
      ])
        expect(byStore.has(store)).toBe(true);
      expect(byStore.get('enquiry_reading_paths')).toMatchObject({
        retention: null,
        keptWhile: 'as long as their enquiry (deleted with it)',
      });
      expect(byStore.get('analytics_visits')).toMatchObject({ retention: 'analytics_visits older than 2 years' });
      expect(byStore.get('consent_records')).toMatchObject({
        retention: 'consent_records older than 2 years',
        rows: 1,
        nextPurgeAt: expect.stringMatching(/T0[12]:30:00\.000Z$/),
      });
      expect(byStore.get('playbook_downloads')).toMatchObject({
        retention: 'playbook_downloads older than 2 years',
        keptWhile: null,
        nextPurgeAt: expect.stringMatching(/T0[12]:30:00\.000Z$/),
      });
      expect(privacyRetentionLines()).toContain('Playbook download requests: 2 years after the request.');
    });
  });

  describe('consent records', () => {
    it('stores each banner choice under a random id without the IP address, and the team looks it up and exports it', async () => {
      const response = await testApp
        .request()
        .post('/api/consent')
        .set('X-Forwarded-For', '203.0.113.77')
        .send({ analytics: true, marketing: false, action: 'save_custom', bannerVersion: '9f3a0c12' });
      expect(response.status).toBe(201);
      expect(response.body).toEqual({
        consentId: expect.stringMatching(/^CNS-[A-Z0-9]{16}$/),
        analytics: true,
        marketing: false,
        action: 'save_custom',
        bannerVersion: '9f3a0c12',
        recordedAt: expect.any(String),
      });
      const rows = await testApp.dataSource.query<Record<string, unknown>[]>('SELECT * FROM "consent_records"');
      expect(rows).toHaveLength(1);
      expect(Object.keys(rows[0]).sort()).toEqual([
        'action',
        'analytics',
        'banner_version',
        'consent_id',
        'created_at',
        'id',
        'marketing',
      ]);
      const anywhere = await testApp.dataSource.query<{ count: number }[]>(
        `SELECT count(*)::int AS "count" FROM "consent_records" c WHERE c::text LIKE '%203.0.113%'`,
      );
      expect(anywhere[0].count).toBe(0);

      const found = await admin.get(`/api/admin/privacy/consent/${response.body.consentId}`);
      expect(found.body).toEqual(response.body);
      const exported = await admin.get(`/api/admin/privacy/consent/${response.body.consentId}/export`);
      expect(exported.headers['content-disposition']).toBe(
        `attachment; filename="consent-${response.body.consentId}.json"`,
      );
      expect(JSON.parse(exported.text)).toEqual(response.body);
      const logged = await testApp.dataSource.query('SELECT 1 FROM "staff_activity" WHERE "action" = $1', [
        'privacy.consent_exported',
      ]);
      expect(logged).toHaveLength(1);

      const missing = await admin.get('/api/admin/privacy/consent/CNS-AAAAAAAAAAAAAAAA');
      expect(missing.status).toBe(404);
      expect(missing.body.error).toBe('No consent record has that id');
      const bad = await testApp
        .request()
        .post('/api/consent')
        .send({ analytics: 'yes', marketing: false, action: 'accept_all', bannerVersion: 'x' });
      expect(bad.status).toBe(400);
    });
  });
});

import {
  leadMessages,
  mediaUploadHeader,
  messages,
  siteSettingsLimits,
  siteSettingsMessages,
  type SiteSettings,
} from '@northbeam/common';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { createStaff, signedInAgent } from './factories/staff.js';

describe('Playbook', () => {
  let testApp: TestApp;

  // Starting the app with the seeded content takes a while on a busy machine.
  beforeAll(async () => {
    testApp = await createTestApp({ config: { mailDispatchIntervalMs: 0 } });
  }, 180_000);

  afterAll(async () => {
    await testApp?.close();
  });

  describe('POST /api/playbook-download', () => {
    it('asks for an address when none is given and refuses an invalid one', async () => {
      const missing = await testApp.request().post('/api/playbook-download').send({ email: '  ' });
      expect(missing.status).toBe(400);
      expect(missing.body).toEqual({
        statusCode: 400,
        error: messages.emailRequired,
        fieldErrors: { email: [messages.emailRequired] },
      });
      const invalid = await testApp.request().post('/api/playbook-download').send({ email: 'nope@' });
      expect(invalid.status).toBe(400);
      expect(invalid.body.error).toBe(messages.emailInvalid);
    });

    it('stores the request with its page, answers the download address and mails the link', async () => {
      const response = await testApp
        .request()
        .post('/api/playbook-download')
        .send({ email: ' Reader@Example.com', page: '/consulting' });
      expect(response.status).toBe(201);
      const { playbookUrl } = testApp.application.config;
      expect(playbookUrl).toBe('http://localhost:3000/downloads/sme-ai-adoption-playbook.pdf');
      expect(response.body).toEqual({ message: leadMessages.playbookSent, downloadUrl: playbookUrl });
      const rows = await testApp.dataSource.query('SELECT email, page FROM "playbook_downloads"');
      expect(rows).toEqual([{ email: 'reader@example.com', page: '/consulting' }]);
      const mails = await testApp.dataSource.query(`SELECT kind, to_address, text_body, html_body FROM "email_outbox"`);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({ kind: 'playbook_link', to_address: 'reader@example.com' });
      expect(mails[0].text_body).toContain(playbookUrl);
      expect(mails[0].html_body).toContain(`href="${playbookUrl}"`);
    });

    it('records every request, also repeats from one address', async () => {
      await testApp.request().post('/api/playbook-download').send({ email: 'reader@example.com' });
      const rows = await testApp.dataSource.query(
        `SELECT count(*)::int AS n FROM "playbook_downloads" WHERE email = 'reader@example.com'`,
      );
      expect(rows[0].n).toBe(2);
    });
  });

  describe('POST /api/playbook-download limits', () => {
    beforeEach(async () => {
      await testApp.dataSource.query(
        'DELETE FROM "rate_limit_counters"; DELETE FROM "playbook_downloads"; DELETE FROM "email_outbox"',
      );
    });

    const request = (email: string, address: string) =>
      testApp.request().post('/api/playbook-download').set('X-Forwarded-For', address).send({ email });
    const count = async (sql: string) => Number((await testApp.dataSource.query<{ n: number }[]>(sql))[0].n);

    it('limits one client address to 10 requests an hour with 429 and Retry-After, storing and mailing nothing past it', async () => {
      for (let index = 0; index < 10; index += 1)
        expect((await request(`team${index}@example.com`, '10.61.0.1')).status).toBe(201);
      const refused = await request('team10@example.com', '10.61.0.1');
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ statusCode: 429, error: messages.tooManyRequests });
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(3600);
      expect(await count('SELECT count(*)::int AS n FROM "playbook_downloads"')).toBe(10);
      expect(await count(`SELECT count(*)::int AS n FROM "email_outbox" WHERE kind = 'playbook_link'`)).toBe(10);
      expect((await request('team10@example.com', '10.61.0.2')).status).toBe(201);
    });

    it('limits one inbox to 3 requests an hour from any address: 10 requests for one address send 3 mails', async () => {
      const statuses: number[] = [];
      for (let index = 0; index < 10; index += 1)
        statuses.push((await request('victim@example.com', `10.62.0.${index + 1}`)).status);
      expect(statuses).toEqual([201, 201, 201, 429, 429, 429, 429, 429, 429, 429]);
      expect(
        await count(`SELECT count(*)::int AS n FROM "playbook_downloads" WHERE email = 'victim@example.com'`),
      ).toBe(3);
      expect(await count(`SELECT count(*)::int AS n FROM "email_outbox" WHERE to_address = 'victim@example.com'`)).toBe(
        3,
      );
    });
  });

  describe('GET /api/admin/playbook-downloads', () => {
    it('refuses a visitor who is not signed in with 401', async () => {
      const response = await testApp.request().get('/api/admin/playbook-downloads');
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ statusCode: 401, error: messages.notSignedIn });
    });

    it('refuses a consultant with 403 and lists downloads newest first for admins and super admins', async () => {
      for (const email of ['first@example.com', 'second@example.com']) {
        expect((await testApp.request().post('/api/playbook-download').send({ email })).status).toBe(201);
      }
      await createStaff(testApp, 'consultant');
      const consultant = await signedInAgent(testApp, 'consultant@northbeam.example');
      expect((await consultant.get('/api/admin/playbook-downloads')).status).toBe(403);
      for (const role of ['admin', 'super_admin'] as const) {
        await createStaff(testApp, role);
        const agent = await signedInAgent(testApp, `${role.replace('_', '-')}@northbeam.example`);
        const response = await agent.get('/api/admin/playbook-downloads');
        expect(response.status).toBe(200);
        expect(response.headers['cache-control']).toBe('private, no-store');
        const emails = (response.body as { email: string }[]).map((row) => row.email);
        expect(emails.slice(0, 2)).toEqual(['second@example.com', 'first@example.com']);
      }
    });
  });

  describe('the playbook document of the site settings', () => {
    let admin: Awaited<ReturnType<typeof signedInAgent>>;
    let consultant: Awaited<ReturnType<typeof signedInAgent>>;
    const shipped = 'http://localhost:3000/downloads/sme-ai-adoption-playbook.pdf';
    const uploaded = 'http://localhost:3000/api/playbook/document';
    const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`, 'latin1');
    const upload = (agent: typeof admin, body: Buffer, name = 'Our Playbook (2027).pdf') =>
      agent
        .post('/api/admin/settings/playbook')
        .set(mediaUploadHeader.name, mediaUploadHeader.value)
        .attach('file', body, name);
    const storedDocuments = async () =>
      Number(
        (
          await testApp.dataSource.query<{ n: number }[]>(
            `SELECT count(*)::int AS n FROM "media_objects" WHERE "key" LIKE 'documents/playbook/%'`,
          )
        )[0].n,
      );

    beforeAll(async () => {
      await createStaff(testApp, 'admin', 'playbook-admin@northbeam.example');
      await createStaff(testApp, 'consultant', 'playbook-consultant@northbeam.example');
      admin = await signedInAgent(testApp, 'playbook-admin@northbeam.example');
      consultant = await signedInAgent(testApp, 'playbook-consultant@northbeam.example');
    });

    beforeEach(async () => {
      await testApp.dataSource.query('DELETE FROM "rate_limit_counters"; DELETE FROM "email_outbox"');
    });

    it('refuses a missing file, a file that is not a PDF, one over 20 MB and a consultant, each with a sentence', async () => {
      const missing = await admin
        .post('/api/admin/settings/playbook')
        .set(mediaUploadHeader.name, mediaUploadHeader.value)
        .field('note', 'no file');
      expect(missing.status).toBe(400);
      const empty = await upload(admin, Buffer.alloc(0));
      expect(empty.body).toEqual({
        statusCode: 400,
        error: siteSettingsMessages.playbookMissing,
        fieldErrors: { file: [siteSettingsMessages.playbookMissing] },
      });
      // A name ending in .pdf is not enough: the bytes decide.
      const notPdf = await upload(admin, Buffer.from('<html>not a pdf</html>'), 'playbook.pdf');
      expect(notPdf.status).toBe(400);
      expect(notPdf.body.error).toBe(siteSettingsMessages.playbookNotPdf);
      const tooLarge = await upload(
        admin,
        Buffer.concat([pdf('large'), Buffer.alloc(siteSettingsLimits.playbookMaxBytes)]),
      );
      expect(tooLarge.body).toEqual({ statusCode: 413, error: siteSettingsMessages.playbookTooLarge });
      expect((await upload(consultant, pdf('consultant'))).status).toBe(403);
      expect(await storedDocuments()).toBe(0);
      expect((await admin.get('/api/admin/settings').expect(200)).body).toMatchObject({
        playbookUrl: shipped,
        playbookDocument: null,
      });
    });

    it('hands out an uploaded PDF through the gated download, a newer one replaces it, a save keeps it, and a reset goes back to the shipped one', async () => {
      const first = await upload(admin, pdf('first edition'));
      expect(first.status).toBe(201);
      expect(first.body).toMatchObject({
        playbookUrl: uploaded,
        playbookDocument: { fileName: 'Our-Playbook-2027.pdf', bytes: pdf('first edition').length },
      });

      const requested = await testApp.request().post('/api/playbook-download').send({ email: 'pdf@example.com' });
      expect(requested.status).toBe(201);
      expect(requested.body.downloadUrl).toBe(uploaded);
      const [mail] = await testApp.dataSource.query<{ text_body: string }[]>(
        `SELECT "text_body" FROM "email_outbox" WHERE "kind" = 'playbook_link'`,
      );
      expect(mail.text_body).toContain(uploaded);
      const served = await testApp.request().get('/api/playbook/document').buffer(true);
      expect(served.status).toBe(200);
      expect(served.headers['content-type']).toBe('application/pdf');
      expect(served.headers['content-disposition']).toBe('inline; filename="Our-Playbook-2027.pdf"');
      expect(Buffer.from(served.body as Buffer).toString('latin1')).toContain('first edition');

      await upload(admin, pdf('second edition'), 'second.pdf').expect(201);
      const newer = await testApp.request().get('/api/playbook/document').buffer(true);
      expect(Buffer.from(newer.body as Buffer).toString('latin1')).toContain('second edition');
      // The first upload's bytes went with it.
      expect(await storedDocuments()).toBe(1);

      const current = (await admin.get('/api/admin/settings').expect(200)).body as SiteSettings;
      const { updatedAt: _at, updatedByName: _by, playbookUrl: _url, playbookDocument: _document, ...form } = current;
      await admin
        .put('/api/admin/settings')
        .send({ ...form, phone: '+44 20 7946 0555' })
        .expect(200);
      expect(((await admin.get('/api/admin/settings')).body as SiteSettings).playbookDocument).toMatchObject({
        fileName: 'second.pdf',
      });

      const reset = await admin.delete('/api/admin/settings/playbook').expect(200);
      expect(reset.body).toMatchObject({ playbookUrl: shipped, playbookDocument: null, phone: '+44 20 7946 0555' });
      expect(await storedDocuments()).toBe(0);
      const back = await testApp.request().post('/api/playbook-download').send({ email: 'pdf@example.com' });
      expect(back.body.downloadUrl).toBe(shipped);
      // A link mailed while the upload was in use now leads to the shipped playbook.
      const old = await testApp.request().get('/api/playbook/document');
      expect(old.status).toBe(302);
      expect(old.headers.location).toBe(shipped);
    });
  });
});

import { leadMessages, messages } from '@northbeam/common';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { createStaff, signedInAgent } from './factories/staff.js';

describe('Playbook', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({ config: { mailDispatchIntervalMs: 0 } });
  });

  afterAll(async () => {
    await testApp?.close();
  });

  describe('POST /api/playbook-download', () => {
    it('asks for an address when none is given and refuses an invalid one', async () => {
      const missing = await testApp.request().post('/api/playbook-download').send({ email: '  ' });
      expect(missing.status).toBe(400);
      expect(missing.body).toEqual({ statusCode: 400, error: messages.emailRequired, fieldErrors: { email: [messages.emailRequired] } });
      const invalid = await testApp.request().post('/api/playbook-download').send({ email: 'nope@' });
      expect(invalid.status).toBe(400);
      expect(invalid.body.error).toBe(messages.emailInvalid);
    });

    it('stores the request with its page, answers the download address and mails the link', async () => {
      const response = await testApp.request().post('/api/playbook-download').send({ email: ' Reader@Example.com', page: '/consulting' });
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
      const rows = await testApp.dataSource.query(`SELECT count(*)::int AS n FROM "playbook_downloads" WHERE email = 'reader@example.com'`);
      expect(rows[0].n).toBe(2);
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
});

import { turnstileFallbackToken } from '@northbeam/common';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const hookTimeoutMs = 120_000;

/** ENQUIRY_ROUTES: the contact notification goes to the inbox of the enquiry's service interest. */
describe('Routing of the contact notification by service interest (ENQUIRY_ROUTES)', () => {
  let testApp: TestApp;
  let address = 0;

  beforeAll(async () => {
    testApp = await createTestApp({
      env: { ENQUIRY_ROUTES: 'consulting=consulting-team@northbeam.example, labs=labs-team@northbeam.example' },
      config: { mailDispatchIntervalMs: 0, seedContent: false, contactInbox: 'hello@northbeam.example' },
    });
  }, hookTimeoutMs);

  afterAll(async () => {
    await testApp?.close();
  }, hookTimeoutMs);

  /** Sends the contact form with that service interest; answers where its notification was addressed. */
  async function notifiedInbox(service: string): Promise<string[]> {
    address += 1;
    const name = `Routed ${address}`;
    const response = await testApp
      .request()
      .post('/api/contact')
      .set('X-Forwarded-For', `10.7.0.${address}`)
      .send({
        name,
        email: `sender${address}@example.com`,
        service,
        message: 'We would like to talk about a project of ours.',
        consent: true,
        turnstileToken: turnstileFallbackToken,
        startedAt: String(Date.now() - 30_000),
      });
    expect(response.status).toBe(201);
    const rows = await testApp.dataSource.query<{ to_address: string }[]>(
      `SELECT "to_address" FROM "email_outbox" WHERE "kind" = 'contact_notification' AND "subject" LIKE $1`,
      [`%${name}`],
    );
    return rows.map((row) => row.to_address);
  }

  it('sends a routed service interest’s notification to its own inbox, once', async () => {
    expect(await notifiedInbox('consulting')).toEqual(['consulting-team@northbeam.example']);
    expect(await notifiedInbox('labs')).toEqual(['labs-team@northbeam.example']);
  });

  it('sends an unrouted service interest, and an enquiry without one, to the contact inbox', async () => {
    expect(await notifiedInbox('immersive')).toEqual(['hello@northbeam.example']);
    expect(await notifiedInbox('')).toEqual(['hello@northbeam.example']);
  });
});

import { createTestApp, type TestApp } from './helpers/test-app.js';

describe('Deletion request mails', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp();
  });

  afterAll(async () => {
    await testApp?.close();
  });

  it('puts the verification mail in the shared e-mail outbox with the request', async () => {
    const response = await testApp
      .request()
      .post('/api/request-data-deletion')
      .send({ email: 'Reader@Example.com', requestType: 'full_deletion', consent: true });
    expect(response.status).toBe(201);
    const rows = await testApp.dataSource.query(
      `SELECT kind, to_address, subject, text_body FROM email_outbox WHERE kind = 'deletion_verification'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].to_address).toBe('reader@example.com');
    expect(rows[0].subject).toContain(response.body.requestId);
    expect(rows[0].text_body).toMatch(/\/data-deletion\/verify\?token=/);
  });

  it('writes no mail when the request is refused', async () => {
    const before = await testApp.dataSource.query(`SELECT count(*)::int AS n FROM email_outbox`);
    const response = await testApp.request().post('/api/request-data-deletion').send({ email: 'nope', consent: false });
    expect(response.status).toBe(400);
    const after = await testApp.dataSource.query(`SELECT count(*)::int AS n FROM email_outbox`);
    expect(after[0].n).toBe(before[0].n);
  });
});

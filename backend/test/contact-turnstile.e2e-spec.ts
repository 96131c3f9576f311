import { leadMessages, messages } from '@northbeam/common';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { TurnstileStub } from './helpers/turnstile-stub.js';

describe('POST /api/contact with TURNSTILE_SECRET set', () => {
  const stub = new TurnstileStub();
  let testApp: TestApp;
  let counter = 0;

  beforeAll(async () => {
    const verifyUrl = await stub.start();
    testApp = await createTestApp({
      config: {
        mailDispatchIntervalMs: 0,
        turnstileSecret: 'test-secret',
        turnstileVerifyUrl: verifyUrl,
        turnstileTimeoutMs: 400,
      },
    });
  });

  afterAll(async () => {
    await testApp?.close();
    await stub.stop();
  });

  const post = (turnstileToken: string) => {
    counter += 1;
    return testApp
      .request()
      .post('/api/contact')
      .set('X-Forwarded-For', `192.0.2.${counter}`)
      .send({
        name: 'Grace Hopper',
        email: 'grace@example.com',
        message: 'Please call me about a compiler for our logistics data.',
        consent: true,
        turnstileToken,
        startedAt: String(Date.now() - 20_000),
      });
  };
  const countMessages = async () =>
    Number((await testApp.dataSource.query('SELECT count(*)::int AS n FROM "contact_messages"'))[0].n);

  it('verifies the token with the secret and the client address, then stores the message', async () => {
    const response = await post('good');
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ message: leadMessages.contactSent });
    expect(stub.requests.at(-1)).toEqual({ secret: 'test-secret', response: 'good', remoteip: `192.0.2.${counter}` });
    expect(await countMessages()).toBe(1);
  });

  it('refuses a token the provider rejects with 403 Security verification failed', async () => {
    const before = await countMessages();
    const response = await post('rejected');
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ statusCode: 403, error: 'Security verification failed' });
    expect(await countMessages()).toBe(before);
  });

  it('refuses the development fallback token once a secret is set', async () => {
    const response = await post('development-fallback-token');
    expect(response.status).toBe(403);
  });

  it('answers 503 with a clear sentence when the provider does not answer in time', async () => {
    const before = await countMessages();
    const started = Date.now();
    const response = await post('slow');
    expect(response.status).toBe(503);
    expect(response.body).toEqual({ statusCode: 503, error: leadMessages.securityUnavailable });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(await countMessages()).toBe(before);
  });

  it('answers 503 when the provider fails', async () => {
    const response = await post('broken');
    expect(response.status).toBe(503);
    expect(response.body.error).toBe(leadMessages.securityUnavailable);
  });

  it('does not ask the provider about a honeypot submission, and counts it towards the address limit (429 past it)', async () => {
    const asked = stub.requests.length;
    const honeypot = () =>
      testApp.request().post('/api/contact').set('X-Forwarded-For', '198.51.100.7').send({
        name: 'Bot',
        email: 'bot@example.com',
        message: 'Buy cheap things now!!',
        consent: true,
        turnstileToken: 'good',
        website: 'x',
        startedAt: '1',
      });
    const response = await honeypot();
    expect(response.status).toBe(201);
    expect(stub.requests.length).toBe(asked);
    // Four more fill the address's five per ten minutes; the next is refused before anything else.
    for (let sent = 1; sent < 5; sent += 1) expect((await honeypot()).status).toBe(201);
    const refused = await honeypot();
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ statusCode: 429, error: messages.tooManyRequests });
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(stub.requests.length).toBe(asked);
  });
});

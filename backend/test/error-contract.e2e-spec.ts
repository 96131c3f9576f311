import { messages } from '@northbeam/common';
import { EchoModule } from './fixtures/echo.module.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

describe('Error contract', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({ extraModules: [EchoModule] });
  });

  afterAll(async () => {
    await testApp?.close();
  });

  it(`runs on the ${process.env.DATABASE_URL ? 'PostgreSQL server' : 'embedded database'}`, async () => {
    const [{ version }] = await testApp.dataSource.query('SELECT version() AS version');
    expect(version).toMatch(process.env.DATABASE_URL ? /^PostgreSQL (?!.*PGlite)/ : /PGlite/);
  });

  it('answers a validation failure with 400, a sentence and fieldErrors', async () => {
    const response = await testApp.request().post('/api/test-fixture/echo').send({ name: '', email: 'nope' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      statusCode: 400,
      error: messages.nameRequired,
      fieldErrors: { name: [messages.nameRequired], email: [messages.emailInvalid] },
    });
  });

  it('strips unknown fields instead of refusing them', async () => {
    const response = await testApp
      .request()
      .post('/api/test-fixture/echo')
      .send({ name: 'Ada', email: 'ada@example.com', wordCount: 12, isAdmin: true });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ name: 'Ada', email: 'ada@example.com' });
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const response = await testApp.request().get('/api/no/such/thing');
    expect(response.status).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.body).toEqual({ statusCode: 404, error: messages.notFound });
  });

  it('refuses a body over 64 KiB with 413', async () => {
    const response = await testApp
      .request()
      .post('/api/test-fixture/echo')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ name: 'x'.repeat(70 * 1024), email: 'a@example.com' }));
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ statusCode: 413, error: messages.payloadTooLarge });
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const response = await testApp
      .request()
      .post('/api/test-fixture/echo')
      .set('Content-Type', 'application/json')
      .send('{"name": "Ada",');
    expect(response.status).toBe(400);
    expect(response.body.statusCode).toBe(400);
  });

  it('never leaks a stack trace or SQL in a 500', async () => {
    const response = await testApp.request().post('/api/test-fixture/crash').send({});
    expect(response.status).toBe(500);
    expect(response.body).toEqual({ statusCode: 500, error: messages.internalError });
    expect(JSON.stringify(response.body)).not.toMatch(/SELECT|at .*\.ts/);
  });

  it('refuses a plain cross-site form post and a foreign Origin with 403', async () => {
    const formPost = await testApp
      .request()
      .post('/api/test-fixture/echo')
      .set('Content-Type', 'application/x-www-form-urlencoded')
      .send('name=Ada&email=ada%40example.com');
    expect(formPost.status).toBe(403);
    expect(formPost.body.error).toBe(messages.crossSiteRefused);
    const foreign = await testApp
      .request()
      .post('/api/test-fixture/echo')
      .set('Origin', 'https://evil.example')
      .send({ name: 'Ada', email: 'ada@example.com' });
    expect(foreign.status).toBe(403);
  });
});

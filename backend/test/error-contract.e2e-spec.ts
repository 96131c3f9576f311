import { connect } from 'node:net';
import type { Server } from 'node:http';
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

  describe('requests refused by the HTTP parser before the application sees them', () => {
    let server: Server;
    let port: number;

    beforeAll(async () => {
      server = testApp.app.getHttpServer();
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.address() as { port: number }).port;
    });

    afterAll(async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });

    /** Sends raw bytes and reads the whole answer (the server closes the connection). */
    const exchange = (raw: string) =>
      new Promise<{ status: number; headers: Record<string, string>; body: string }>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => socket.write(raw));
        const chunks: Buffer[] = [];
        socket.on('data', (chunk: Buffer) => chunks.push(chunk));
        socket.on('error', reject);
        socket.on('close', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const [head, ...rest] = text.split('\r\n\r\n');
          const [statusLine, ...lines] = head.split('\r\n');
          const headers = Object.fromEntries(
            lines.map((line) => [
              line.slice(0, line.indexOf(':')).toLowerCase(),
              line.slice(line.indexOf(':') + 1).trim(),
            ]),
          );
          resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
        });
      });

    it('answers headers that are too large with 431, the error contract and the security headers', async () => {
      const answer = await exchange(
        `GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Padding: ${'x'.repeat(20 * 1024)}\r\n\r\n`,
      );
      expect(answer.status).toBe(431);
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(JSON.parse(answer.body)).toEqual({ statusCode: 431, error: messages.headersTooLarge });
      expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.body));
      expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
      expect(answer.headers['x-frame-options']).toBe('DENY');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(answer.headers['cache-control']).toBe('no-store');
    });

    it('answers a request line it cannot read with 400 in the error contract', async () => {
      const answer = await exchange('NOT HTTP AT ALL\r\n\r\n');
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body)).toEqual({ statusCode: 400, error: messages.requestUnreadable });
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
    });

    it('still answers ordinary requests on the same server', async () => {
      const answer = await exchange('GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
      expect(answer.status).toBe(200);
    });
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

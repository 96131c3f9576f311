import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type express from 'express';
import { createTestApp, type TestApp } from './helpers/test-app.js';

describe('GET /api/health', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp();
  });

  afterAll(async () => {
    await testApp?.close();
  });

  it('answers 200 {status:"ok"} while the database is reachable', async () => {
    const response = await testApp.request().get('/api/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok' });
  });

  it('sends the security headers', async () => {
    const response = await testApp.request().get('/api/health');
    const csp = response.headers['content-security-policy'];
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  it("receives requests created with Express's prototypes (no per-request prototype change, ADR 0007)", async () => {
    const server: Server = testApp.app.getHttpServer();
    const expressApp: express.Express = testApp.app.getHttpAdapter().getInstance();
    const seen: boolean[] = [];
    const record = (incoming: IncomingMessage, outgoing: ServerResponse) => {
      seen.push(
        Object.getPrototypeOf(incoming) === expressApp.request &&
          Object.getPrototypeOf(outgoing) === expressApp.response,
      );
    };
    server.prependListener('request', record);
    try {
      await testApp.request().get('/api/health').expect(200);
    } finally {
      server.removeListener('request', record);
    }
    expect(seen).toEqual([true]);
  });

  it('has applied every migration once', async () => {
    const rows = await testApp.dataSource.query('SELECT name FROM migrations');
    expect(rows.map((row: { name: string }) => row.name)).toContain('Initial1763780000000');
    expect(new Set(rows.map((row: { name: string }) => row.name)).size).toBe(rows.length);
  });
});

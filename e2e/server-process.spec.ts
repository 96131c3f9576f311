import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from './fixtures';
import { connect } from 'node:net';
import pg from 'pg';
import { freePort, startServer, waitForHealth } from './helpers/server-process';

test.describe('The server process', () => {
  test.describe.configure({ timeout: 120_000 });

  test('refuses to start on a bad setting and says which', async () => {
    const server = startServer({ PORT: 'eighty', PGLITE_DIR: 'memory://' }, 0);
    const code = await server.exited;
    expect(code).toBe(1);
    expect(server.output()).toContain('PORT must be a whole number');
    expect(server.output()).toContain('The site did not start');
  });

  test('refuses to start in production without its secrets', async () => {
    const server = startServer({ NODE_ENV: 'production', PGLITE_DIR: 'memory://' }, await freePort());
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('SESSION_SECRET is required when NODE_ENV=production');
  });

  test('keeps the embedded database across a restart', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'northbeam-restart-'));
    const pgliteDir = path.join(dataDir, 'pglite');
    try {
      const first = startServer({ PGLITE_DIR: pgliteDir }, await freePort());
      await waitForHealth(first);
      const info = JSON.parse(readFileSync(path.join(dataDir, 'pglite-connection.json'), 'utf8')) as { url: string };
      const client = new pg.Client({ connectionString: info.url });
      await client.connect();
      await client.query('CREATE TABLE restart_probe (note text)');
      await client.query("INSERT INTO restart_probe VALUES ('written before the restart')");
      await client.end();
      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);

      const second = startServer({ PGLITE_DIR: pgliteDir }, await freePort());
      await waitForHealth(second);
      const again = JSON.parse(readFileSync(path.join(dataDir, 'pglite-connection.json'), 'utf8')) as { url: string };
      const reader = new pg.Client({ connectionString: again.url });
      await reader.connect();
      const { rows } = await reader.query<{ note: string }>('SELECT note FROM restart_probe');
      await reader.end();
      expect(rows).toEqual([{ note: 'written before the restart' }]);
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('finishes in-flight requests on SIGTERM and exits cleanly within 10 s', async () => {
    const server = startServer({ PGLITE_DIR: 'memory://' }, await freePort());
    await waitForHealth(server);
    // Each page once first, so that the signal comes while requests are being answered, not while the
    // first render of each page warms up (on a slow machine that alone outlasted the drain).
    for (const page of ['/', '/about']) expect((await fetch(`${server.baseUrl}${page}`)).status).toBe(200);
    let firstAnswer: () => void = () => undefined;
    const answering = new Promise<void>((resolve) => (firstAnswer = resolve));
    const requests = Array.from({ length: 24 }, (_, index) =>
      fetch(`${server.baseUrl}/${index % 2 ? 'about' : ''}`).then(
        async (response) => {
          firstAnswer();
          return { status: response.status, complete: (await response.text()).includes('</html>') };
        },
        (error: unknown) => ({ status: 0, complete: false, error: String(error) }),
      ),
    );
    // SIGTERM once the requests are in flight: sent, and being answered by the server.
    await answering;
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    const answers = await Promise.all(requests);
    const code = await server.exited;
    const log = `server output:\n${server.output()}\nanswers: ${JSON.stringify(answers)}`;
    expect(Date.now() - signalledAt, log).toBeLessThan(10_000);
    expect(code, log).toBe(0);
    expect(
      answers.filter((answer) => answer.status === 200 && answer.complete),
      log,
    ).toHaveLength(24);
  });

  test('answers a request that arrives late on a connection opened before SIGTERM, asking a proxy to retry it elsewhere', async () => {
    // Stopping must not drop a connection that has not sent its request yet (a busy process reads
    // late). A GET that comes during the drain is answered 503 with Retry-After, so that nginx sends
    // it to another replica and stops choosing this one before its port closes.
    const server = startServer({ PGLITE_DIR: 'memory://' }, await freePort());
    await waitForHealth(server);
    const socket = connect(server.port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    const closed = new Promise<boolean>((resolve) => {
      socket.once('error', () => resolve(false));
      socket.once('close', (hadError) => resolve(!hadError));
    });
    server.child.kill('SIGTERM');
    // The drain lasts at least 750 ms; the request comes after that.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    expect(await closed).toBe(true);
    expect(received).toMatch(/^HTTP\/1\.1 503 /);
    expect(received).toMatch(/connection: close/i);
    expect(received).toMatch(/retry-after: 1\r\n/i);
    expect(received).toContain('"error":"The service is temporarily unavailable, please try again shortly"');
    expect(await server.exited).toBe(0);
  });
});

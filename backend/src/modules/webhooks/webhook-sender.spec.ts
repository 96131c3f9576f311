import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { webhookLimits, webhookMessages } from '@northbeam/common';
import type { AppConfig } from '../../core/config/config.js';
import { WebhookSender } from './webhook-sender.js';

/** The sender against a real receiver on 127.0.0.1 (private targets allowed, as in the API tests). */
describe('WebhookSender', () => {
  let server: Server;
  let base = '';
  const hits: string[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      hits.push(request.url ?? '');
      request.resume();
      if (request.url === '/redirect') {
        response.writeHead(302, { location: '/elsewhere' });
        response.end();
      } else if (request.url === '/silent') {
        // Never answers: the sender gives up.
      } else if (request.url === '/long') {
        response.end('x'.repeat(50_000));
      } else response.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const sender = (allowPrivate: boolean) => new WebhookSender({ webhookAllowPrivate: allowPrivate } as AppConfig);

  it('answers a 2xx as delivered, with the status, the time and the answer', async () => {
    const outcome = await sender(true).send(`${base}/ok`, { 'content-type': 'application/json' }, '{}');
    expect(outcome).toMatchObject({ ok: true, statusCode: 200, responseExcerpt: 'ok', error: null });
    expect(outcome.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('does not follow a redirect: a 3xx is a failure and the target is never asked', async () => {
    const outcome = await sender(true).send(`${base}/redirect`, {}, '{}');
    expect(outcome).toMatchObject({ ok: false, statusCode: 302, error: webhookMessages.redirectRefused });
    expect(hits).not.toContain('/elsewhere');
  });

  it('keeps at most a kilobyte of the answer', async () => {
    const outcome = await sender(true).send(`${base}/long`, {}, '{}');
    expect(outcome.ok).toBe(true);
    expect(outcome.responseExcerpt).toHaveLength(webhookLimits.responseExcerptBytes);
  });

  it('gives up on a receiver that does not answer in time', async () => {
    const impatient = sender(true);
    impatient.timeoutMs = 300;
    const outcome = await impatient.send(`${base}/silent`, {}, '{}');
    expect(outcome).toMatchObject({ ok: false, statusCode: null, error: webhookMessages.timedOut });
  });

  it('refuses a loopback target without the setting, before any connection', async () => {
    const before = hits.length;
    const outcome = await sender(false).send(`${base}/ok`, {}, '{}');
    expect(outcome).toMatchObject({ ok: false, statusCode: null, error: webhookMessages.refusedAddress('127.0.0.1') });
    expect(hits).toHaveLength(before);
  });
});

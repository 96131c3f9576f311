import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SiteverifyRequest {
  secret: string | null;
  response: string | null;
  remoteip: string | null;
}

/**
 * A stand-in for Cloudflare's siteverify endpoint. Tokens: `good` passes, `slow` never answers
 * (timeout), `broken` gets a 500, anything else fails.
 */
export class TurnstileStub {
  readonly requests: SiteverifyRequest[] = [];
  private server: Server | undefined;

  async start(): Promise<string> {
    const server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        const form = new URLSearchParams(body);
        const token = form.get('response');
        this.requests.push({ secret: form.get('secret'), response: token, remoteip: form.get('remoteip') });
        if (token === 'slow') return;
        if (token === 'broken') {
          response.writeHead(500).end('upstream broken');
          return;
        }
        response.writeHead(200, { 'Content-Type': 'application/json' });
        response.end(
          JSON.stringify(
            token === 'good' ? { success: true } : { success: false, 'error-codes': ['invalid-input-response'] },
          ),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    this.server = server;
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/siteverify`;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

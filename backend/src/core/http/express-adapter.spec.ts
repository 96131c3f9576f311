import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import express from 'express';
import request from 'supertest';
import { PrototypePreservingExpressAdapter } from './express-adapter.js';

function serverFor(app: express.Express, options = {}): Server {
  const adapter = new PrototypePreservingExpressAdapter(app);
  adapter.initHttpServer(options);
  const server: Server = adapter.getHttpServer();
  return server;
}

describe(PrototypePreservingExpressAdapter.name, () => {
  it("creates each request and response with Express's prototypes before Express sees them", async () => {
    const app = express();
    app.get('/hello', (_request, response) => {
      response.status(201).json({ hello: 'world' });
    });
    const server = serverFor(app);
    const seen: { request: boolean; response: boolean }[] = [];
    // Runs before Express's own 'request' listener, which would set the prototypes itself.
    server.prependListener('request', (incoming: IncomingMessage, outgoing: ServerResponse) => {
      seen.push({
        request: Object.getPrototypeOf(incoming) === app.request,
        response: Object.getPrototypeOf(outgoing) === app.response,
      });
    });

    const answer = await request(server).get('/hello').expect(201);

    expect(answer.body).toEqual({ hello: 'world' });
    expect(seen).toEqual([{ request: true, response: true }]);
  });

  it('keeps the request a Node request: body, headers and stream behave as usual', async () => {
    const app = express();
    app.use(express.json());
    app.post('/echo', (incoming, outgoing) => {
      outgoing.json({ body: incoming.body as unknown, agent: incoming.get('user-agent'), ip: typeof incoming.ip });
    });

    const answer = await request(serverFor(app)).post('/echo').set('User-Agent', 'probe').send({ a: 1 }).expect(200);

    expect(answer.body).toEqual({ body: { a: 1 }, agent: 'probe', ip: 'string' });
  });

  it("leaves Nest's own server in place when Nest must track connections", async () => {
    const app = express();
    app.get('/ok', (_request, response) => {
      response.send('ok');
    });
    const server = serverFor(app, { forceCloseConnections: true });
    let bornWithExpressPrototype: boolean | undefined;
    server.prependListener('request', (incoming: IncomingMessage) => {
      bornWithExpressPrototype = Object.getPrototypeOf(incoming) === app.request;
    });

    await request(server).get('/ok').expect(200, 'ok');

    expect(bornWithExpressPrototype).toBe(false);
  });
});

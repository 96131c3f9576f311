import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { loopbackGet } from './server-api.js';

/**
 * A server that answers each connection's first request with keep-alive and then drops the connection
 * when a second request arrives on it, without answering: what a server whose keep-alive timeout
 * closes a socket just as the agent reuses it looks like to the client.
 */
function droppingServer(): Promise<{ port: number; connections: () => number; close: () => Promise<void> }> {
  let connections = 0;
  const server = net.createServer((socket) => {
    connections += 1;
    let requests = 0;
    socket.on('data', (chunk) => {
      if (!chunk.toString('latin1').includes('\r\n\r\n')) return;
      requests += 1;
      if (requests === 1) {
        const body = '{"ok":true}';
        socket.write(
          `HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: keep-alive\r\n\r\n${body}`,
        );
      } else {
        socket.destroy();
      }
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        port: (server.address() as AddressInfo).port,
        connections: () => connections,
        close: () => new Promise<void>((done) => server.close(() => done())),
      }),
    ),
  );
}

describe('loopbackGet', () => {
  it('retries once on a fresh connection when the server drops a reused keep-alive socket', async () => {
    const server = await droppingServer();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const target = { host: '127.0.0.1', port: server.port, path: '/api/posts', headers: {} };
      expect((await loopbackGet(agent, target)).text).toBe('{"ok":true}');
      // The second call goes out on the kept-alive socket, which the server drops: it is answered anyway.
      const second = await loopbackGet(agent, target);
      expect(second).toEqual({ status: 200, text: '{"ok":true}', keys: [] });
      expect(server.connections()).toBe(2);
    } finally {
      agent.destroy();
      await server.close();
    }
  });

  it('does not retry a failure on a fresh connection', async () => {
    const server = net.createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const agent = new http.Agent({ keepAlive: true });
    let connections = 0;
    server.on('connection', () => (connections += 1));
    try {
      const port = (server.address() as AddressInfo).port;
      await expect(loopbackGet(agent, { host: '127.0.0.1', port, path: '/', headers: {} })).rejects.toThrow();
      expect(connections).toBe(1);
    } finally {
      agent.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

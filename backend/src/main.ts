import 'reflect-metadata';
import cluster from 'node:cluster';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { messages } from '@northbeam/common';
import type { Socket } from 'node:net';
import { createApplication } from './app.factory.js';
import { runClusterPrimary } from './cluster-primary.js';
import { ConfigError, loadConfig, readDotEnv } from './core/config/config.js';
import { JsonLogger } from './core/logging/json-logger.js';

/** Longest wait for in-flight requests after SIGTERM before the process exits anyway. */
const shutdownGraceMs = 8000;
/**
 * After SIGTERM the server answers every request (with `Connection: close`) for this long: requests a
 * busy process reads late were sent before the signal. It never stops listening sooner, and after it
 * a proxy is told to go elsewhere (drainTurnsAway).
 */
const drainDelayMs = 750;
/**
 * The drain also lasts while requests are in progress and until no new connection has arrived for
 * this long (at most drainMaxMs). Closing the listening socket resets every connection still
 * waiting in the kernel's accept queue, and a busy process accepts late: only a process with no
 * request in progress has certainly accepted everything that reached it.
 */
const drainQuietMs = 300;
/**
 * A kept-alive connection is not closed by this side while the drain lasts: a proxy may be writing a
 * request on it at that very moment, and a POST that meets a closed connection is not retried (it
 * cannot know whether it was processed). Answers during the drain carry `Connection: close`, nginx
 * stops choosing this replica after its first 503 (see drainTurnsAway) and closes idle upstream
 * connections itself after 4 s (docker/nginx-upstream.conf), so the drain waits for every connection
 * to be closed by the client, up to drainMaxMs.
 *
 * The gap this leaves: a replica that receives only writes while it drains (no GET to turn away)
 * cannot tell open-source nginx, which learns of a stopping replica only from a failed request. At
 * drainMaxMs it closes, and a write nginx sends on an idle connection at that very moment fails with
 * 503. Visitor traffic mixes pages and writes, so the first GET tells nginx; an orchestrator that
 * takes the replica out of DNS before stopping it, or a proxy with active health checks, closes the gap.
 */
const drainMaxMs = 6000;
/**
 * Once this replica has turned a request away, nginx chooses it no more for `fail_timeout` (5 s in
 * docker/nginx-upstream.conf). The drain then ends when nothing has been served for this long: a
 * request nginx sent before it saw the 503 has arrived by then, and idle kept-alive connections may
 * be closed (nginx picks a replica before a connection to it, so it writes nothing more on them).
 * Waiting for nginx to close them itself took up to drainMaxMs, long enough for nginx to try this
 * replica again as the port closed, and a POST sent then was reset and lost.
 */
const drainSettleMs = 500;

/**
 * Once the drain is drainDelayMs old, GET, HEAD and OPTIONS get 503 with `Retry-After: 1` and `Connection: close`.
 * nginx retries such a request on another replica (`proxy_next_upstream http_503`) and counts the
 * failure (`max_fails=1` in docker/nginx-upstream.conf), so it stops sending this replica anything,
 * enquiries included, before its port closes: closing a listening port resets the connections still
 * waiting in the kernel's accept queue, and a POST on such a connection would be lost (a proxy never
 * retries a POST it has sent). Writes are still processed until then, so none is refused.
 */
function drainTurnsAway(request: IncomingMessage, response: ServerResponse): boolean {
  if (!['GET', 'HEAD', 'OPTIONS'].includes(request.method ?? '')) return false;
  const body = JSON.stringify({ statusCode: 503, error: messages.serviceUnavailable });
  response.writeHead(503, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
    'Retry-After': '1',
    Connection: 'close',
  });
  response.end(request.method === 'HEAD' ? undefined : body);
  return true;
}

async function bootstrap() {
  readDotEnv();
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\nThe site did not start. Fix the settings above and try again.\n`);
      process.exit(1);
    }
    throw error;
  }
  const logger = new JsonLogger(config.logLevel);
  // A stray rejected promise is a bug to log, not a reason to drop every visitor's connection.
  process.on('unhandledRejection', (reason) => {
    logger.error(reason instanceof Error ? (reason.stack ?? reason.message) : String(reason), 'UnhandledRejection');
  });
  if (config.workers > 1 && cluster.isPrimary) {
    runClusterPrimary(config.workers, logger);
    return;
  }
  if (cluster.isPrimary)
    for (const fallback of config.fallbacks) logger.warn(`Development fallback in use: ${fallback}`, 'Config');

  const application = await createApplication(config);
  const server: Server = await application.app.listen(config.port);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  logger.log(
    `Serving ${config.publicUrl} on port ${port}${config.devServer ? ' (development, hot reload)' : ''}`,
    'Main',
  );

  let shuttingDown = false;
  let drainStartedAt = 0;
  let turnedAwayAt = 0;
  let lastServedAt = 0;
  let lastConnectionAt = Date.now();
  let openConnections = 0;
  server.on('connection', (socket: Socket) => {
    lastConnectionAt = Date.now();
    openConnections += 1;
    socket.once('close', () => (openConnections -= 1));
  });
  let requestsInProgress = 0;
  let answeredInDrain = 0;
  let turnedAwayInDrain = 0;
  // The application's own handlers run behind this one, which counts requests and, while draining,
  // turns away the requests a proxy may safely send elsewhere.
  const handlers = server.listeners('request') as ((request: IncomingMessage, response: ServerResponse) => void)[];
  server.removeAllListeners('request');
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    requestsInProgress += 1;
    response.once('close', () => (requestsInProgress -= 1));
    // Requests read in the drain's first moments were sent before the signal by a client that cannot
    // know: they are answered. Later ones may be turned away.
    if (shuttingDown && Date.now() - drainStartedAt >= drainDelayMs && drainTurnsAway(request, response)) {
      turnedAwayAt ||= Date.now();
      turnedAwayInDrain += 1;
      return;
    }
    if (shuttingDown) {
      lastServedAt = Date.now();
      answeredInDrain += 1;
      response.once('close', () => (lastServedAt = Date.now()));
      response.setHeader('Connection', 'close');
    }
    for (const handler of handlers) handler.call(server, request, response);
  });
  const shutdown = (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.log(`${signal} received: finishing in-flight requests`, 'Main');
    const force = setTimeout(() => {
      logger.warn('Shutdown grace period over, exiting', 'Main');
      process.exit(1);
    }, shutdownGraceMs);
    force.unref();
    drainStartedAt = Date.now();
    const waitForQuiet = () => {
      const now = Date.now();
      const nothingArriving = openConnections === 0 && now - lastConnectionAt >= drainQuietMs;
      const proxyTold = turnedAwayAt > 0 && now - turnedAwayAt >= drainSettleMs && now - lastServedAt >= drainSettleMs;
      const quiet = requestsInProgress === 0 && now - drainStartedAt >= drainDelayMs && (nothingArriving || proxyTold);
      if (quiet || now - drainStartedAt >= drainMaxMs) {
        (quiet ? logger.log.bind(logger) : logger.warn.bind(logger))(
          `Drain over after ${now - drainStartedAt} ms (${quiet ? (nothingArriving ? 'nothing arriving' : 'proxy told') : 'longest drain'}): ` +
            `${answeredInDrain} requests answered, ${turnedAwayInDrain} turned away, ${openConnections} connections open`,
          'Main',
        );
        closeServer();
      } else setTimeout(waitForQuiet, 50);
    };
    setTimeout(waitForQuiet, 50);
  };
  const closeServer = () => {
    server.close(() => {
      application
        .close()
        .then(() => {
          logger.log('Stopped cleanly', 'Main');
          process.exit(0);
        })
        .catch((error: unknown) => {
          logger.error(error instanceof Error ? error.message : String(error), 'Main');
          process.exit(1);
        });
    });
    // Idle keep-alive connections would hold server.close() open until they time out.
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

bootstrap().catch((error: unknown) => {
  process.stderr.write(
    `The site could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});

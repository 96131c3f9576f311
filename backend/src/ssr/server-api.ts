import http, { type Server } from 'node:http';
import type { Request } from 'express';
import type { AppConfig } from '../core/config/config.js';
import type { JsonLogger } from '../core/logging/json-logger.js';
import { mayCarrySession } from '../modules/auth/session.js';
import type { ContentVersionService } from '../modules/content-version/content-version.service.js';
import { keysOfHeader } from '../core/http/cdn-cache.js';
import { deepFreeze, PublicDataMemo, type MemoisedAnswer } from './public-data-memo.js';

export interface ServerApiResponse {
  status: number;
  body: unknown;
}

/** What the server-side route loaders receive to call the API: HTTP over a keep-alive loopback connection to this same process. */
export interface ServerApi {
  getJson(path: string): Promise<ServerApiResponse>;
}

/** The client of one page render: also what the page shows, for the shared cache. */
export interface PageServerApi extends ServerApi {
  /** The content keys (Surrogate-Key) of every API answer read so far: what the page shows. */
  contentKeys(): string[];
}

export interface RawAnswer {
  status: number;
  text: string;
  /** The answer's content keys, when a shared cache is declared (see cdn-cache.ts). */
  keys: string[];
}

function parsed({ status, text }: Pick<RawAnswer, 'status' | 'text'>): ServerApiResponse {
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  return { status, body };
}

/**
 * The loaders' API client. Loaders reach the API over a keep-alive loopback connection to this very
 * server, so a page's data passes the same guards, validation and error contract as a browser's
 * call, with the visitor's cookie, user agent and address. Public answers for anonymous visitors are
 * memoised per content version (see PublicDataMemo). The content keys of the answers read are the
 * page's own (it shows what they show), for a shared cache in front. A call that fails (no answer, or an answer a
 * page cannot use) is logged with its path, so that a page answering 502 says why in the log.
 */
export function serverApiFactory(
  httpServer: Server,
  config: AppConfig,
  logger: JsonLogger,
  contentVersion: ContentVersionService,
): (request: Request) => PageServerApi {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const memo = new PublicDataMemo();

  const loopback = (request: Request, apiPath: string): Promise<RawAnswer> =>
    loopbackGet(agent, {
      host: '127.0.0.1',
      port: listeningPort(httpServer, config.port),
      path: apiPath,
      headers: {
        cookie: request.headers.cookie ?? '',
        'user-agent': request.headers['user-agent'] ?? '',
        'x-forwarded-for': request.ip ?? '',
        accept: 'application/json',
      },
    });

  const loggedLoopback = async (request: Request, apiPath: string) => {
    try {
      const answer = await loopback(request, apiPath);
      if (answer.status >= 400 && answer.status !== 401 && answer.status !== 404) {
        logger.warn(`Loader API call ${apiPath} answered ${answer.status}: ${answer.text.slice(0, 200)}`, 'SSR');
      }
      return answer;
    } catch (error) {
      logger.warn(
        `Loader API call ${apiPath} failed: ${error instanceof Error ? error.message : String(error)}`,
        'SSR',
      );
      throw error;
    }
  };

  return (request: Request): PageServerApi => {
    const shown = new Set<string>();
    const read = (answer: RawAnswer) => {
      for (const key of answer.keys) shown.add(key);
      return parsed(answer);
    };
    const readMemoised = (answer: MemoisedAnswer): ServerApiResponse => {
      for (const key of answer.keys) shown.add(key);
      return { status: answer.status, body: answer.body };
    };
    return {
      async getJson(apiPath: string) {
        const anonymous = !mayCarrySession(request.headers.cookie, config);
        if (!anonymous || !PublicDataMemo.handles(apiPath)) return read(await loggedLoopback(request, apiPath));
        const version = await contentVersion.current();
        const known = memo.get(apiPath, version);
        if (known) return readMemoised(known);
        const answer = await loggedLoopback(request, apiPath);
        const memoised = { status: answer.status, body: deepFreeze(parsed(answer).body), keys: answer.keys };
        memo.set(apiPath, version, memoised);
        return readMemoised(memoised);
      },
      contentKeys: () => [...shown],
    };
  };
}

function listeningPort(httpServer: Server, fallback: number): number {
  const address = httpServer.address();
  return typeof address === 'object' && address ? address.port : fallback;
}

/** A loopback GET's target: where, and with which of the visitor's headers. */
export interface LoopbackTarget {
  host: string;
  port: number;
  path: string;
  headers: http.OutgoingHttpHeaders;
}

/**
 * One GET over the keep-alive agent. A kept-alive socket can be closed by the server (its keep-alive
 * timeout) just as the agent hands it to a new request: the request then fails with a reset or a hang-up
 * before any answer. Such a failure on a reused socket is retried once on a fresh connection, as Node's
 * documentation advises for idempotent requests (`request.reusedSocket`); any other failure is the
 * caller's (a page answering 502 logs it).
 */
export function loopbackGet(agent: http.Agent, target: LoopbackTarget, retried = false): Promise<RawAnswer> {
  return new Promise<RawAnswer>((resolve, reject) => {
    let answered = false;
    const apiRequest = http.get({ ...target, agent, timeout: 15000 }, (apiResponse) => {
      answered = true;
      const chunks: Buffer[] = [];
      apiResponse.on('data', (chunk: Buffer) => chunks.push(chunk));
      apiResponse.on('end', () =>
        resolve({
          status: apiResponse.statusCode ?? 502,
          text: Buffer.concat(chunks).toString('utf8'),
          keys: keysOfHeader(apiResponse.headers['surrogate-key']),
        }),
      );
      apiResponse.on('error', reject);
    });
    apiRequest.on('timeout', () => apiRequest.destroy(new Error(`API call ${target.path} timed out`)));
    apiRequest.on('error', (error: NodeJS.ErrnoException) => {
      if (!answered && !retried && apiRequest.reusedSocket && closedUnderUs(error)) {
        loopbackGet(agent, target, true).then(resolve, reject);
        return;
      }
      reject(error);
    });
  });
}

function closedUnderUs(error: NodeJS.ErrnoException): boolean {
  return error.code === 'ECONNRESET' || error.code === 'EPIPE' || error.message === 'socket hang up';
}

import http, { type Server } from 'node:http';
import type { Request } from 'express';
import type { AppConfig } from '../core/config/config.js';
import type { JsonLogger } from '../core/logging/json-logger.js';
import { mayCarrySession } from '../modules/auth/session.js';
import type { ContentVersionService } from '../modules/content-version/content-version.service.js';
import { keysOfHeader } from '../core/http/cdn-cache.js';
import { PublicDataMemo } from './public-data-memo.js';

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

interface RawAnswer {
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

  const loopback = (request: Request, apiPath: string) =>
    new Promise<RawAnswer>((resolve, reject) => {
      const address = httpServer.address();
      const port = typeof address === 'object' && address ? address.port : config.port;
      const apiRequest = http.get(
        {
          host: '127.0.0.1',
          port,
          path: apiPath,
          agent,
          headers: {
            cookie: request.headers.cookie ?? '',
            'user-agent': request.headers['user-agent'] ?? '',
            'x-forwarded-for': request.ip ?? '',
            accept: 'application/json',
          },
          timeout: 15000,
        },
        (apiResponse) => {
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
        },
      );
      apiRequest.on('timeout', () => apiRequest.destroy(new Error(`API call ${apiPath} timed out`)));
      apiRequest.on('error', reject);
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
    const read = (answer: Pick<RawAnswer, 'status' | 'text' | 'keys'>) => {
      for (const key of answer.keys) shown.add(key);
      return parsed(answer);
    };
    return {
      async getJson(apiPath: string) {
        const anonymous = !mayCarrySession(request.headers.cookie, config);
        if (!anonymous || !PublicDataMemo.handles(apiPath)) return read(await loggedLoopback(request, apiPath));
        const version = await contentVersion.current();
        const known = memo.get(apiPath, version);
        if (known) return read(known);
        const answer = await loggedLoopback(request, apiPath);
        memo.set(apiPath, version, answer);
        return read(answer);
      },
      contentKeys: () => [...shown],
    };
  };
}

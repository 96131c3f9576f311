import { existsSync, readdirSync } from 'node:fs';
import http, { type Server } from 'node:http';
import { pathToFileURL } from 'node:url';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import type { AppConfig } from '../core/config/config.js';
import type { JsonLogger } from '../core/logging/json-logger.js';
import type { ContentVersionService } from '../modules/content-version/content-version.service.js';
import { etagOf } from '../core/http/etag.js';
import { mayCarrySession } from '../modules/auth/session.js';
import { sendCompressedOnce, sendStoredBody } from '../core/http/stored-body.js';
import { HtmlCache, type CachedPage, type StoredPage } from './html-cache.js';
import { frontendClientDir, frontendRoot, frontendServerEntry } from './frontend-paths.js';
import { PublicDataMemo } from './public-data-memo.js';
import { fingerprintedAssets } from './static-assets.js';

/** Paths that NestJS answers although they are not under /api. */
const serverRenderedElsewhere = new Set(['/sitemap.xml', '/robots.txt', '/rss.xml']);

export interface ServerApiResponse {
  status: number;
  body: unknown;
}

/** What the server-side route loaders receive to call the API: HTTP over a keep-alive loopback connection to this same process. */
export interface ServerApi {
  getJson(path: string): Promise<ServerApiResponse>;
}

interface RenderedPageContext {
  httpResponse: { statusCode: number; body: string; headers: [string, string][] } | null;
  appStatus?: number;
  appRedirect?: string;
  /** The application's HTML as UTF-8 bytes, to go where `appMarker` stands in the document. */
  appHtml?: Buffer;
  appMarker?: string;
}

type RenderPage = (init: Record<string, unknown>) => Promise<RenderedPageContext>;

/** Vike would redirect `/about/` to `/about`; both must render (docs/product.md#frame), so normalise first. */
function withoutTrailingSlash(url: string): string {
  const [pathname, ...query] = url.split('?');
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
  return [trimmed, ...query].join('?');
}

/**
 * The address a page is rendered (and cached) for: the request target's path and query, relative to
 * this origin. An absolute-form target (`GET http://host/path HTTP/1.1`) gives its path and query,
 * never its host; a target of any other form names no page (null).
 */
export function pageAddress(target: string): string | null {
  if (target.startsWith('/')) return withoutTrailingSlash(target);
  if (!/^https?:\/\//i.test(target)) return null;
  try {
    const url = new URL(target);
    return withoutTrailingSlash(url.pathname + url.search);
  } catch {
    return null;
  }
}

/**
 * Vike lists every chunk behind the entry script as `<link rel="modulepreload">` at the end of the
 * body. On a slow connection those 150 KiB would share the bandwidth with the stylesheet and fonts
 * that the first paint needs, so they are left out: the page is readable without JavaScript, and the
 * entry script (async) fetches what it imports, so hydration follows the first paint instead of
 * delaying it. (Vike's injectFilter could drop them too, but warns about it on every process start.)
 */
export function withoutModulePreloads(html: string): string {
  const first = html.indexOf('<link rel="modulepreload"');
  if (first === -1) return html;
  return html.slice(0, first) + html.slice(first).replace(/<link rel="modulepreload"[^>]*>\s*/g, '');
}

/**
 * The page as bytes: Vike's document (a small string, its module preloads left out) with the
 * application's HTML, rendered to bytes by +onRenderHtml, spliced in at its marker.
 */
export function pageBody(document: string, appHtml?: Buffer, marker?: string): Buffer {
  const html = withoutModulePreloads(document);
  const at = marker ? html.indexOf(marker) : -1;
  if (!appHtml || !marker || at === -1) return Buffer.from(html, 'utf8');
  return Buffer.concat([
    Buffer.from(html.slice(0, at), 'utf8'),
    appHtml,
    Buffer.from(html.slice(at + marker.length), 'utf8'),
  ]);
}

/**
 * Pages that may be read from or stored in the HTML cache: not the back office, and not for a
 * request that may carry a staff session (a signed-in member's render may hold drafts).
 */
function cacheablePageRequest(request: Request, config: AppConfig): boolean {
  return !request.path.toLowerCase().startsWith('/admin') && !mayCarrySession(request.headers.cookie, config);
}

function pageHeaders(response: Response, page: { headers: [string, string][] }, cacheState: 'HIT' | 'MISS' | 'BYPASS') {
  for (const [name, value] of page.headers) response.setHeader(name, value);
  response.setHeader('Content-Type', 'text/html; charset=utf-8');
  response.setHeader('Vary', 'Cookie, Accept-Encoding');
  response.setHeader('X-Cache', cacheState);
}

/** A page from the HTML cache (or just stored in it): ETag, 304, and its stored compressed copy. */
function sendStoredPage(request: Request, response: Response, page: StoredPage, cacheState: 'HIT' | 'MISS') {
  pageHeaders(response, page, cacheState);
  response.setHeader('Cache-Control', 'public, max-age=0, must-revalidate');
  sendStoredBody(request, response, page, page.status);
}

/** A page that is not cached (staff, admin, errors, HTML_CACHE=off): private, compressed on the way. */
function sendUncachedPage(request: Request, response: Response, page: Omit<CachedPage, 'version' | 'etag'>) {
  pageHeaders(response, page, 'BYPASS');
  response.setHeader('Cache-Control', 'private, no-store');
  // No send(): it would hash the whole page for an ETag nobody may reuse.
  sendCompressedOnce(request, response, page.body, page.status);
}

function isPageRequest(request: Request): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const requestPath = request.path;
  return (
    requestPath !== '/api' &&
    !requestPath.startsWith('/api/') &&
    // Media library variants (/media/{id}/{width}.{format}) are answered by NestJS.
    !requestPath.startsWith('/media/') &&
    !serverRenderedElsewhere.has(requestPath)
  );
}

/**
 * Mounts the front end on the Express instance that NestJS uses: static assets (fingerprinted,
 * immutable), then Vike's renderPage for every other page GET. In development Vite runs inside
 * this process in middleware mode with hot reload.
 */
export async function mountFrontend(
  app: Express,
  httpServer: Server,
  config: AppConfig,
  logger: JsonLogger,
  contentVersion: ContentVersionService,
): Promise<HtmlCache> {
  const cache = new HtmlCache();
  let renderPage: RenderPage;
  if (config.devServer) {
    const vike = await import('vike/server');
    const { devMiddleware } = await vike.createDevMiddleware({ root: frontendRoot });
    app.use((request: Request, response: Response, next: NextFunction) =>
      isPageRequest(request) || request.path.startsWith('/@') || request.path.startsWith('/node_modules/')
        ? devMiddleware(request, response, next)
        : next(),
    );
    renderPage = vike.renderPage as unknown as RenderPage;
  } else {
    if (!existsSync(frontendServerEntry)) {
      throw new Error(`The front end is not built (${frontendServerEntry} is missing). Run "npm run build" first.`);
    }
    await import(pathToFileURL(frontendServerEntry).href);
    const vike = await import('vike/server');
    renderPage = vike.renderPage as unknown as RenderPage;
    app.use('/assets', fingerprintedAssets(`${frontendClientDir}/assets`));
    // Other public files (images, downloads, favicon): only paths under the build's own top-level
    // entries reach the file system, so a page view costs no stat() call.
    const publicFiles = express.static(frontendClientDir, { index: false, maxAge: '1h' });
    const topLevel = new Set(readdirSync(frontendClientDir).filter((entry) => entry !== 'assets'));
    app.use((request: Request, response: Response, next: NextFunction) =>
      topLevel.has(request.path.split('/')[1] ?? '') ? publicFiles(request, response, next) : next(),
    );
  }

  // Loaders reach the API over a keep-alive loopback connection to this very server, so a page's
  // data passes the same guards, validation and error contract as a browser's call. Public answers
  // for anonymous visitors are memoised per content version (see PublicDataMemo).
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const memo = new PublicDataMemo();
  const loopback = (request: Request, apiPath: string) =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
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
            resolve({ status: apiResponse.statusCode ?? 502, text: Buffer.concat(chunks).toString('utf8') }),
          );
          apiResponse.on('error', reject);
        },
      );
      apiRequest.on('timeout', () => apiRequest.destroy(new Error(`API call ${apiPath} timed out`)));
      apiRequest.on('error', reject);
    });
  const parsed = ({ status, text }: { status: number; text: string }): ServerApiResponse => {
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = text;
    }
    return { status, body };
  };
  // A loader's call that fails (no answer, or an answer a page cannot use) is logged with its path,
  // so that a page answering 502 says why in the server's log.
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
  const serverApi = (request: Request): ServerApi => ({
    async getJson(apiPath: string) {
      const anonymous = !mayCarrySession(request.headers.cookie, config);
      if (!anonymous || !PublicDataMemo.handles(apiPath)) return parsed(await loggedLoopback(request, apiPath));
      const version = await contentVersion.current();
      const known = memo.get(apiPath, version);
      if (known) return parsed(known);
      const answer = await loggedLoopback(request, apiPath);
      memo.set(apiPath, version, answer);
      return parsed(answer);
    },
  });

  app.use(async (request: Request, response: Response, next: NextFunction) => {
    if (!isPageRequest(request)) return next();
    try {
      const url = pageAddress(request.originalUrl);
      if (url === null) return next();
      const cacheable = config.htmlCache && !config.devServer && cacheablePageRequest(request, config);
      // Read the version before rendering: a page rendered while content changes is stored under
      // the older version and so never served after the change.
      const version = cacheable ? await contentVersion.current() : 0;
      if (cacheable) {
        const hit = cache.get(url, version);
        if (hit) return sendStoredPage(request, response, hit, 'HIT');
      }
      const pageContext = await renderPage({
        urlOriginal: url,
        headersOriginal: request.headers,
        serverApi: serverApi(request),
        publicUrl: config.publicUrl,
      });
      if (pageContext.appRedirect) {
        response.setHeader('Cache-Control', 'private, no-store');
        response.redirect(302, pageContext.appRedirect);
        return;
      }
      const httpResponse = pageContext.httpResponse;
      if (!httpResponse) return next();
      const page = {
        status: pageContext.appStatus ?? httpResponse.statusCode,
        headers: httpResponse.headers.filter(([name]) => name.toLowerCase() !== 'cache-control'),
        body: pageBody(httpResponse.body, pageContext.appHtml, pageContext.appMarker),
      };
      const setsCookie =
        page.headers.some(([name]) => name.toLowerCase() === 'set-cookie') || response.hasHeader('set-cookie');
      if (cacheable && page.status === 200 && !setsCookie) {
        const stored = cache.set(url, { ...page, etag: etagOf(page.body), version });
        return sendStoredPage(request, response, stored, 'MISS');
      }
      sendUncachedPage(request, response, page);
    } catch (error) {
      logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error), 'SSR');
      next(error);
    }
  });
  return cache;
}

import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import type { AppConfig } from '../core/config/config.js';
import type { JsonLogger } from '../core/logging/json-logger.js';
import { frontendClientDir, frontendRoot, frontendServerEntry } from './frontend-paths.js';

/** Paths that NestJS answers although they are not under /api. */
const serverRenderedElsewhere = new Set(['/sitemap.xml', '/robots.txt', '/rss.xml']);

export interface ServerApiResponse {
  status: number;
  body: unknown;
}

/** What the server-side route loaders receive to call the API in-process (no network hop). */
export interface ServerApi {
  getJson(path: string): Promise<ServerApiResponse>;
}

interface RenderedPageContext {
  httpResponse: { statusCode: number; body: string; headers: [string, string][] } | null;
  appStatus?: number;
  appRedirect?: string;
}

type RenderPage = (init: Record<string, unknown>) => Promise<RenderedPageContext>;

/** Vike would redirect `/about/` to `/about`; the spec wants both to render, so normalise first. */
function withoutTrailingSlash(url: string): string {
  const [pathname, ...query] = url.split('?');
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
  return [trimmed, ...query].join('?');
}

function isPageRequest(request: Request): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const requestPath = request.path;
  return requestPath !== '/api' && !requestPath.startsWith('/api/') && !serverRenderedElsewhere.has(requestPath);
}

/**
 * Mounts the front end on the Express instance that NestJS uses: static assets (fingerprinted,
 * immutable), then Vike's renderPage for every other page GET. In development Vite runs inside
 * this process in middleware mode with hot reload.
 */
export async function mountFrontend(app: Express, config: AppConfig, logger: JsonLogger): Promise<void> {
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
    app.use(
      '/assets',
      express.static(`${frontendClientDir}/assets`, { immutable: true, maxAge: '1y', index: false, fallthrough: false }),
    );
    app.use(express.static(frontendClientDir, { index: false, maxAge: '1h' }));
  }

  // Loaders call the API over loopback on the port this request arrived on. Injecting into the
  // Express app in-process (light-my-request) broke Express 5: it re-prototypes the injected
  // request and response, and every page request after the first loader call answered 500.
  const serverApi = (request: Request): ServerApi => ({
    async getJson(apiPath: string) {
      const answer = await fetch(`http://127.0.0.1:${request.socket.localPort}${apiPath}`, {
        headers: {
          cookie: request.headers.cookie ?? '',
          'accept-encoding': 'identity',
          'user-agent': request.headers['user-agent'] ?? '',
          'x-forwarded-for': request.ip ?? '',
        },
        redirect: 'manual',
      });
      const text = await answer.text();
      let body: unknown = null;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        body = text;
      }
      return { status: answer.status, body };
    },
  });

  app.use(async (request: Request, response: Response, next: NextFunction) => {
    if (!isPageRequest(request)) return next();
    try {
      const pageContext = await renderPage({
        urlOriginal: withoutTrailingSlash(request.originalUrl),
        headersOriginal: request.headers,
        serverApi: serverApi(request),
        publicUrl: config.publicUrl,
      });
      if (pageContext.appRedirect) {
        response.redirect(302, pageContext.appRedirect);
        return;
      }
      const httpResponse = pageContext.httpResponse;
      if (!httpResponse) return next();
      const status = pageContext.appStatus ?? httpResponse.statusCode;
      for (const [name, value] of httpResponse.headers) response.setHeader(name, value);
      response.setHeader('Cache-Control', 'no-cache');
      response.status(status).send(httpResponse.body);
    } catch (error) {
      logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error), 'SSR');
      next(error);
    }
  });
}

import type { Server } from 'node:http';
import type { Express, NextFunction, Request, Response } from 'express';
import type { AppConfig } from '../core/config/config.js';
import { pageKeys } from '../core/http/cdn-cache.js';
import { etagOf } from '../core/http/etag.js';
import type { JsonLogger } from '../core/logging/json-logger.js';
import type { ContentVersionService } from '../modules/content-version/content-version.service.js';
import { mayCarrySession } from '../modules/auth/session.js';
import { HtmlCache } from './html-cache.js';
import { assemblePage, pageAddress } from './page-body.js';
import { isPageRequest, pageFrames } from './page-renderer.js';
import { cacheablePageRequest, sendStoredPage, sendUncachedPage } from './page-responses.js';
import { serverApiFactory } from './server-api.js';

/**
 * Mounts the front end on the Express instance that NestJS uses: the front end's files, then one
 * handler for every page GET: the HTML cache for anonymous visitors (per content version), else
 * the page rendered into the document frame with the loaders' API client, then the answer (stored, or
 * private when uncached).
 */
export async function mountFrontend(
  app: Express,
  httpServer: Server,
  config: AppConfig,
  logger: JsonLogger,
  contentVersion: ContentVersionService,
): Promise<HtmlCache> {
  const cache = new HtmlCache();
  const frames = await pageFrames(app, config);
  const serverApi = serverApiFactory(httpServer, config, logger, contentVersion);

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
        if (hit) return sendStoredPage(request, response, hit, 'HIT', config);
      }
      const api = serverApi(request);
      const frame = await frames();
      const rendered = await frame.render({
        url,
        serverApi: api,
        publicUrl: config.publicUrl,
        staff: mayCarrySession(request.headers.cookie, config),
      });
      if (rendered.kind === 'redirect') {
        response.setHeader('Cache-Control', 'private, no-store');
        response.redirect(302, rendered.location);
        return;
      }
      const page = { status: rendered.status, headers: [] as [string, string][], body: assemblePage(frame, rendered) };
      const setsCookie = response.hasHeader('set-cookie');
      if (cacheable && page.status === 200 && !setsCookie) {
        const stored = cache.set(url, {
          ...page,
          etag: etagOf(page.body),
          version,
          keys: pageKeys(request.path, api.contentKeys()),
        });
        return sendStoredPage(request, response, stored, 'MISS', config);
      }
      sendUncachedPage(request, response, page);
    } catch (error) {
      logger.error(error instanceof Error ? (error.stack ?? error.message) : String(error), 'SSR');
      next(error);
    }
  });
  return cache;
}

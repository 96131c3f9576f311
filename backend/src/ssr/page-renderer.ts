import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import type { AppConfig } from '../core/config/config.js';
import { isApiPath, RouteSet } from '../core/http/api-path.js';
import { frontendClientDir, frontendRoot, frontendServerEntry } from './frontend-paths.js';
import { fingerprintedAssets } from './static-assets.js';

/** Paths that NestJS answers although they are not API calls (matched as the router does: any case). */
const serverRenderedElsewhere = new RouteSet(['/sitemap.xml', '/robots.txt', '/rss.xml']);

export interface RenderedPageContext {
  httpResponse: { statusCode: number; body: string; headers: [string, string][] } | null;
  appStatus?: number;
  appRedirect?: string;
  /** The application's HTML as UTF-8 bytes, to go where `appMarker` stands in the document. */
  appHtml?: Buffer;
  appMarker?: string;
}

export type RenderPage = (init: Record<string, unknown>) => Promise<RenderedPageContext>;

/** A GET or HEAD for a page: not an API call (in any case spelling) and not a document NestJS renders itself. */
export function isPageRequest(request: Request): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const requestPath = request.path;
  return (
    !isApiPath(requestPath) &&
    // Media library variants (/media/{id}/{width}.{format}) are answered by NestJS, in any case too.
    !requestPath.toLowerCase().startsWith('/media/') &&
    !serverRenderedElsewhere.has(requestPath)
  );
}

/**
 * Vike's renderPage, with what serves the front end's files mounted first. In production: the
 * built server entry, fingerprinted assets (immutable) and the other public files of the build. In
 * development: Vite inside this process in middleware mode, with hot reload.
 */
export async function pageRenderer(app: Express, config: AppConfig): Promise<RenderPage> {
  if (config.devServer) {
    const vike = await import('vike/server');
    const { devMiddleware } = await vike.createDevMiddleware({ root: frontendRoot });
    app.use((request: Request, response: Response, next: NextFunction) =>
      isPageRequest(request) || request.path.startsWith('/@') || request.path.startsWith('/node_modules/')
        ? devMiddleware(request, response, next)
        : next(),
    );
    return vike.renderPage as unknown as RenderPage;
  }
  if (!existsSync(frontendServerEntry)) {
    throw new Error(`The front end is not built (${frontendServerEntry} is missing). Run "npm run build" first.`);
  }
  await import(pathToFileURL(frontendServerEntry).href);
  const vike = await import('vike/server');
  app.use('/assets', fingerprintedAssets(`${frontendClientDir}/assets`));
  // Other public files (images, downloads, favicon): only paths under the build's own top-level
  // entries reach the file system, so a page view costs no stat() call.
  const publicFiles = express.static(frontendClientDir, {
    index: false,
    maxAge: '1h',
    // The logo is shown by newsletter mails and feeds, which load it from other origins.
    setHeaders: (response, file) => {
      if (path.basename(file) === 'logo.png') response.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    },
  });
  const topLevel = new Set(readdirSync(frontendClientDir).filter((entry) => entry !== 'assets'));
  app.use((request: Request, response: Response, next: NextFunction) =>
    topLevel.has(request.path.split('/')[1] ?? '') ? publicFiles(request, response, next) : next(),
  );
  return vike.renderPage as unknown as RenderPage;
}

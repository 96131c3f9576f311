import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PageRenderer } from '@northbeam/common';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import type { AppConfig } from '../core/config/config.js';
import { isApiPath, RouteSet } from '../core/http/api-path.js';
import { frontendClientDir, frontendRoot, frontendServerEntry } from './frontend-paths.js';
import { fingerprintedAssets } from './static-assets.js';
import { documentFrame, type DocumentFrame } from './page-body.js';

/** Paths that NestJS answers although they are not API calls (matched as the router does: any case). */
const serverRenderedElsewhere = new RouteSet(['/sitemap.xml', '/robots.txt', '/rss.xml']);

/** Vike's renderPage, as far as the bridge uses it: the document frame and the page renderer it hands back. */
interface VikeFrameContext {
  httpResponse: { statusCode: number; body: string } | null;
  renderPageParts?: PageRenderer;
}
type VikeRenderPage = (init: { urlOriginal: string }) => Promise<VikeFrameContext>;

/** The document frame to render a page into (docs/adr/0012-uncached-render.md). */
export type FrameSource = () => Promise<DocumentFrame>;

/** Asks Vike for the document frame: the same for every page, so any address will do. */
async function frameFromVike(renderPage: VikeRenderPage): Promise<DocumentFrame> {
  const pageContext = await renderPage({ urlOriginal: '/' });
  if (!pageContext.httpResponse || !pageContext.renderPageParts) {
    throw new Error('The front end did not render its document frame: rebuild the front end.');
  }
  return documentFrame(pageContext.httpResponse.body, pageContext.renderPageParts);
}

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
 * Where pages get their document frame, with what serves the front end's files mounted first. In
 * production: the built server entry, whose frame Vike renders once (at start) for every request
 * after, fingerprinted assets (immutable) and the other public files of the build. In development:
 * Vite inside this process in middleware mode, with hot reload, and a fresh frame per request so
 * that an edit shows at once.
 */
export async function pageFrames(app: Express, config: AppConfig): Promise<FrameSource> {
  if (config.devServer) {
    const vike = await import('vike/server');
    const { devMiddleware } = await vike.createDevMiddleware({ root: frontendRoot });
    app.use((request: Request, response: Response, next: NextFunction) =>
      isPageRequest(request) || request.path.startsWith('/@') || request.path.startsWith('/node_modules/')
        ? devMiddleware(request, response, next)
        : next(),
    );
    const renderPage = vike.renderPage as unknown as VikeRenderPage;
    return () => frameFromVike(renderPage);
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
  const frame = await frameFromVike(vike.renderPage);
  return () => Promise.resolve(frame);
}

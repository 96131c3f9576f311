import type { Request, Response } from 'express';
import type { AppConfig } from '../core/config/config.js';
import { allowSharedCache } from '../core/http/cdn-cache.js';
import { sendCompressedOnce, sendStoredBody } from '../core/http/stored-body.js';
import { mayCarrySession } from '../modules/auth/session.js';
import type { CachedPage, StoredPage } from './html-cache.js';

/**
 * Public pages rendered from a one-use link's state, which changes without the content changing: the
 * access export's download page says whether its link was used or expired (docs/product.md#privacy-requests).
 */
const linkStatePages = ['/data-access/download'];

/**
 * Pages that may be read from or stored in the HTML cache: not the back office, not a page that shows
 * a one-use link's state, and not for a request that may carry a staff session (a signed-in member's
 * render may hold drafts).
 */
export function cacheablePageRequest(request: Request, config: AppConfig): boolean {
  const path = request.path.toLowerCase().replace(/\/+$/, '');
  return (
    !path.startsWith('/admin') && !linkStatePages.includes(path) && !mayCarrySession(request.headers.cookie, config)
  );
}

function pageHeaders(response: Response, page: { headers: [string, string][] }, cacheState: 'HIT' | 'MISS' | 'BYPASS') {
  for (const [name, value] of page.headers) response.setHeader(name, value);
  response.setHeader('Content-Type', 'text/html; charset=utf-8');
  response.setHeader('Vary', 'Cookie, Accept-Encoding');
  response.setHeader('X-Cache', cacheState);
}

/**
 * A page from the HTML cache (or just stored in it): ETag, 304, and its stored compressed copy. Only
 * such pages (anonymous, public, no cookie set) may also be kept by a shared cache in front.
 */
export function sendStoredPage(
  request: Request,
  response: Response,
  page: StoredPage,
  cacheState: 'HIT' | 'MISS',
  config: Pick<AppConfig, 'cdnMaxAgeSeconds' | 'cdnStaleWhileRevalidateSeconds'>,
) {
  pageHeaders(response, page, cacheState);
  response.setHeader('Cache-Control', 'public, max-age=0, must-revalidate');
  allowSharedCache(response, config, page.keys);
  sendStoredBody(request, response, page, page.status);
}

/** A page that is not cached (staff, admin, errors, HTML_CACHE=off): private, compressed on the way. */
export function sendUncachedPage(
  request: Request,
  response: Response,
  page: Omit<CachedPage, 'version' | 'etag' | 'keys'>,
) {
  pageHeaders(response, page, 'BYPASS');
  response.setHeader('Cache-Control', 'private, no-store');
  // No send(): it would hash the whole page for an ETag nobody may reuse.
  sendCompressedOnce(request, response, page.body, page.status);
}

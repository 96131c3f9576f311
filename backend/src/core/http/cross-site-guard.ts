import type { NextFunction, Request, Response } from 'express';
import { mediaUploadHeader, messages } from '@northbeam/common';
import type { AppConfig } from '../config/config.js';
import { isApiPath, RouteSet } from './api-path.js';

const simpleContentTypes = ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'];
const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Routes that third parties legitimately post to as forms from their own origin: RFC 8058 one-click
 * unsubscribe, posted by mail providers with their Origin. Its signed token decides, not this guard.
 */
const crossSitePostAllowed = new RouteSet(['/api/unsubscribe/one-click']);

/**
 * Uploads (multipart) are taken only where the call carries the upload header: a cross-site form
 * cannot set a header, and a cross-site fetch that sets one needs a CORS preflight, never granted.
 */
const uploadPaths = new RouteSet(['/api/admin/media', '/api/admin/settings/playbook', '/api/admin/imports']);

/**
 * Refuses state-changing API calls that a plain cross-site form could make: a foreign Origin, or a
 * form content type. Browsers cannot send JSON cross-site without a CORS preflight, which we never
 * grant, so JSON plus same-origin checks is enough. An API call is any path the router sends to the
 * API, in any case spelling (`/API/admin/login` included: see api-path.ts).
 */
export function crossSiteGuard(config: AppConfig) {
  const allowedOrigins = new Set([new URL(config.publicUrl).origin]);
  return (request: Request, response: Response, next: NextFunction) => {
    if (safeMethods.has(request.method) || !isApiPath(request.path)) return next();
    if (crossSitePostAllowed.has(request.path)) return next();
    const origin = request.headers.origin;
    const sameHostOrigin = origin !== undefined && origin === `${request.protocol}://${request.headers.host ?? ''}`;
    const originAllowed = origin === undefined || allowedOrigins.has(origin) || sameHostOrigin;
    const contentType = (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    const formLike = simpleContentTypes.includes(contentType);
    const upload =
      contentType === 'multipart/form-data' &&
      uploadPaths.has(request.path) &&
      request.headers[mediaUploadHeader.name] === mediaUploadHeader.value;
    if (!originAllowed || (formLike && !upload)) {
      response.status(403).json({ statusCode: 403, error: messages.crossSiteRefused });
      return;
    }
    next();
  };
}

import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { apiTokenMessages } from '@northbeam/common';
import type { AppConfig } from '../../core/config/config.js';
import { mayCarrySession } from '../auth/session.js';

/**
 * The token of `Authorization: Bearer <token>` (the scheme in any case), `''` for a Bearer header
 * without one, undefined when the request names no bearer token (no header, or another scheme).
 */
export function bearerToken(request: Pick<Request, 'headers'>): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^\s*bearer(?:\s+(.*))?$/i.exec(header);
  return match ? (match[1] ?? '').trim() : undefined;
}

/**
 * The session middleware for requests without a bearer token only. A request with a token is
 * authenticated by the token alone and never reads, refreshes or creates a session (no cookie is
 * set on its answer); one that also carries a session cookie is refused (400), so that which of the
 * two acts is never a guess.
 */
export function sessionsUnlessBearer(sessions: RequestHandler, config: Pick<AppConfig, 'production'>): RequestHandler {
  return (request: Request, response: Response, next: NextFunction) => {
    if (bearerToken(request) === undefined) return sessions(request, response, next);
    if (mayCarrySession(request.headers.cookie, config)) {
      response.status(400).json({ statusCode: 400, error: apiTokenMessages.cookieAndToken });
      return;
    }
    next();
  };
}

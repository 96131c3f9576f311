import type { NextFunction, Request, Response } from 'express';
import type { TeamService } from './team.service.js';

/** A profile's address: `/team/{slug}`, any case, with or without a trailing slash. */
const profilePath = /^\/team\/([^/]+)\/*$/i;

/** Short, so that a slug given to someone else later is found again. */
const redirectMaxAgeSeconds = 300;

/**
 * Express middleware mounted before the server-side render: the address a team member had before a
 * change of slug answers 301 to their current one (query string kept). The redirects are read with
 * the public team, once per content version.
 */
export function teamRedirectMiddleware(team: TeamService) {
  return (request: Request, response: Response, next: NextFunction): void => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return next();
    const match = profilePath.exec(request.path);
    if (!match) return next();
    let requested: string;
    try {
      requested = decodeURIComponent(match[1]).toLowerCase();
    } catch {
      // Not a slug anyone had (malformed percent-encoding): the page itself answers its 404.
      return next();
    }
    team.redirectFor(requested).then(
      (slug) => {
        if (!slug) return next();
        const query = request.originalUrl.indexOf('?');
        const target = `/team/${slug}`;
        response.setHeader('Cache-Control', `public, max-age=${redirectMaxAgeSeconds}`);
        response.redirect(301, query === -1 ? target : target + request.originalUrl.slice(query));
      },
      (error: unknown) => next(error),
    );
  };
}

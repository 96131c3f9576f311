/**
 * Which requests are API calls, decided once for every middleware that treats them differently
 * (the cross-site guard and its allow-lists, the page renderer, the body parsers and the sessions).
 *
 * Express routes without regard to case and with an optional trailing slash (its `case sensitive
 * routing` and `strict routing` settings are off): `/API/admin/login/` reaches the same NestJS
 * handler, body parsers and session as `/api/admin/login`. A check that compares the path as
 * written (`path.startsWith('/api/')`) would let such a spelling past a guard that the route itself
 * still answers, so every such check goes through the functions here, which match as the router
 * does (the unit test compares them with Express itself).
 */

/** The path prefix of every API route: NestJS's global prefix and the mount path of the API middleware. */
export const apiPrefix = '/api';

/** NestJS's global prefix (`setGlobalPrefix` takes it without the leading slash). */
export const apiGlobalPrefix = apiPrefix.slice(1);

/**
 * A path as the router compares it with a fixed route: lower case, without one trailing slash
 * (`/API/Unsubscribe/One-Click/` is the route `/api/unsubscribe/one-click`).
 */
export function routeKey(path: string): string {
  const lower = path.toLowerCase();
  return lower.length > 1 && lower.endsWith('/') ? lower.slice(0, -1) : lower;
}

/** Whether the router sends this path to the API (`/api`, `/API/…`, `/Api/…`: any case). */
export function isApiPath(path: string): boolean {
  const lower = path.toLowerCase();
  return lower === apiPrefix || lower.startsWith(`${apiPrefix}/`);
}

/** A set of fixed routes that a request path is looked up in as the router would match it. */
export class RouteSet {
  private readonly keys: Set<string>;

  constructor(routes: readonly string[]) {
    this.keys = new Set(routes.map(routeKey));
  }

  has(path: string): boolean {
    return this.keys.has(routeKey(path));
  }
}

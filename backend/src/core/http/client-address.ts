import { isIP } from 'node:net';
import type { NextFunction, Request, Response } from 'express';

/**
 * Express's `trust proxy` rule for this site: the connection itself (position 0) and the entries
 * of X-Forwarded-For read from the right, one per proxy hop that the configuration declares.
 *
 * A connection from this machine's loopback is one trusted hop more: the server-side render asks
 * the API over 127.0.0.1 and names the visitor (an address it resolved itself) in X-Forwarded-For,
 * so that per-address limits see the visitor rather than the server. A client elsewhere cannot
 * open a loopback connection, so it cannot use that to name an address of its choice.
 */
export function trustedProxies(hops: number): (address: string, position: number) => boolean {
  return (address, position) => position < hops || (position === 0 && isLoopback(address));
}

function isLoopback(address: string): boolean {
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}

/**
 * Cuts X-Forwarded-For after its rightmost entry that is not an IP address, so that the address
 * Express picks is always a real one: without this, a trusted position holding `junk` would make
 * `junk` the client, and each new junk value a fresh rate-limit bucket. What remains are the
 * entries appended after the junk, by the proxies themselves. Runs before anything reads `ip`.
 */
export function forwardedForGuard() {
  return (request: Request, _response: Response, next: NextFunction): void => {
    const header = request.headers['x-forwarded-for'];
    if (header !== undefined) {
      const entries = (Array.isArray(header) ? header.join(',') : header).split(',');
      let firstKept = entries.length;
      while (firstKept > 0 && isIP(entries[firstKept - 1].trim()) !== 0) firstKept -= 1;
      if (firstKept > 0 || Array.isArray(header)) {
        const kept = entries.slice(firstKept);
        if (kept.length > 0) request.headers['x-forwarded-for'] = kept.join(',');
        else delete request.headers['x-forwarded-for'];
      }
    }
    next();
  };
}

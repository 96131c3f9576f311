import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';

/** Strong ETag of a body: a page, a JSON list or an asset. */
export function etagOf(body: string | Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** The content codings a stored body is kept in besides its own bytes. */
export type ContentCoding = 'br' | 'gzip';

/**
 * The ETag of a body sent with a content coding. A compressed body is another representation with
 * other bytes, so a strong tag must differ from the identity body's (and between codings): a cache
 * that stored the brotli bytes must never be told they equal the gzip ones.
 */
export function encodedEtag(etag: string, coding: ContentCoding): string {
  return `${etag.slice(0, -1)}-${coding === 'br' ? 'br' : 'gz'}"`;
}

/** Each entity-tag of a list, with or without its weakness prefix (`W/"x"`, `"a", "b"`). */
const entityTag = /(?:W\/)?("[^"]*")/g;

/**
 * Whether an If-None-Match header holds `etag`, as RFC 9110 §13.1.2 compares: weakly (`W/"x"`
 * matches `"x"`), any member of a list, and `*` for any current representation.
 */
export function ifNoneMatchHolds(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header === etag) return true;
  if (header.trim() === '*') return true;
  const opaque = etag.startsWith('W/') ? etag.slice(2) : etag;
  for (const [, tag] of header.matchAll(entityTag)) if (tag === opaque) return true;
  return false;
}

/**
 * Sends `etag` and, when the request already holds it, a bodiless 304: true when answered. The one
 * conditional check of everything served with an ETag of ours (pages, lists, assets, images).
 */
export function answerNotModified(request: Request, response: Response, etag: string): boolean {
  response.setHeader('ETag', etag);
  if (!ifNoneMatchHolds(request.headers['if-none-match'], etag)) return false;
  response.status(304).end();
  return true;
}

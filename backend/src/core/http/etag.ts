import { createHash } from 'node:crypto';

/** Strong ETag of a body: a page, a JSON list or an asset. */
export function etagOf(body: string | Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

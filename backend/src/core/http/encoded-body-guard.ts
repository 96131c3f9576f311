import type { NextFunction, Request, Response } from 'express';
import { messages } from '@northbeam/common';
import { ApiError } from './api-error.js';

/**
 * Refuses, with 415, a request body sent with a Content-Encoding other than `identity`. No client
 * of the site compresses what it sends (fetch and sendBeacon never do), and inflating would let a
 * few hundred bytes grow past every body-size cap and make truncated or garbage streams reach the
 * parsers. Runs before the body parsers, for every route and every content type.
 */
export function encodedBodyGuard() {
  return (request: Request, _response: Response, next: NextFunction) => {
    const encoding = request.headers['content-encoding'];
    if (encoding === undefined || encoding.trim().toLowerCase() === 'identity') return next();
    const hasBody =
      request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) !== 0;
    if (!hasBody) return next();
    // The unread body is left on the socket: Node discards it once the answer is sent.
    next(new ApiError(415, messages.encodedBodyRefused));
  };
}

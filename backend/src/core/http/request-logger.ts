import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { JsonLogger } from '../logging/json-logger.js';

/** Logs one line per finished request: method, path (no query string), status and duration. */
export function requestLogger(logger: JsonLogger) {
  return (request: Request, response: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    const requestId = randomUUID();
    response.setHeader('X-Request-Id', requestId);
    response.on('finish', () => {
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      const status = response.statusCode;
      logger.event(status >= 500 ? 'error' : 'debug', {
        msg: 'request',
        requestId,
        method: request.method,
        path: request.path,
        status,
        durationMs: Math.round(durationMs * 10) / 10,
      });
    });
    next();
  };
}

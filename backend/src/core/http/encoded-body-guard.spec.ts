import type { NextFunction, Request, Response } from 'express';
import { messages } from '@northbeam/common';
import { ApiError } from './api-error.js';
import { encodedBodyGuard } from './encoded-body-guard.js';

function outcome(headers: Record<string, string>): unknown {
  let passed: unknown = 'not called';
  const next: NextFunction = (error?: unknown) => (passed = error);
  encodedBodyGuard()({ headers } as unknown as Request, {} as Response, next);
  return passed;
}

describe(encodedBodyGuard.name, () => {
  it('refuses a body with any Content-Encoding but identity with 415', () => {
    for (const encoding of ['gzip', 'deflate', 'br', 'GZIP', 'gzip, br', 'x-unknown']) {
      const error = outcome({ 'content-encoding': encoding, 'content-length': '20' });
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).getStatus()).toBe(415);
      expect((error as ApiError).getResponse()).toEqual({ statusCode: 415, error: messages.encodedBodyRefused });
    }
    expect(outcome({ 'content-encoding': 'gzip', 'transfer-encoding': 'chunked' })).toBeInstanceOf(ApiError);
  });

  it('lets through identity, no encoding, and an encoding header on a request without a body', () => {
    expect(outcome({ 'content-encoding': ' Identity ', 'content-length': '20' })).toBeUndefined();
    expect(outcome({ 'content-length': '20' })).toBeUndefined();
    expect(outcome({ 'content-encoding': 'gzip' })).toBeUndefined();
    expect(outcome({ 'content-encoding': 'gzip', 'content-length': '0' })).toBeUndefined();
  });
});

import type { NextFunction, Request, Response } from 'express';
import { textProblem } from '@northbeam/common';
import { ApiError } from './api-error.js';

/** Deeper than any body the site's clients send; deeper bodies overflow class-transformer's recursion. */
export const maxBodyDepth = 16;

export const hostileInputMessages = {
  bodyNotObject: 'The request body must be a JSON object',
  bodyTooDeep: 'The request body is nested too deeply',
  nulCharacter: 'The request contains a NUL character, which is not allowed',
  reservedKey: 'The request contains a reserved key (__proto__, constructor or prototype)',
} as const;

/** Keys that only prototype-pollution attempts send; class-transformer and class-validator trip over them. */
const reservedKeys = new Set(['__proto__', 'constructor', 'prototype']);

/** The first problem of one string (NUL has its own sentence: PostgreSQL text cannot hold it). */
function stringProblem(value: string, lineBreaks: boolean): string | undefined {
  if (value.includes('\u0000')) return hostileInputMessages.nulCharacter;
  return textProblem(value, { lineBreaks });
}

/**
 * Walks a parsed value; answers the first problem found, or undefined. Tab, CR and LF are allowed
 * in body values (multi-line fields need them; the validation pipe refuses them in every field not
 * marked multi-line), never in keys nor anywhere in a query string.
 */
function inspect(value: unknown, depth: number, lineBreaksInValues: boolean): string | undefined {
  if (typeof value === 'string') return stringProblem(value, lineBreaksInValues);
  if (value === null || typeof value !== 'object') return undefined;
  if (depth > maxBodyDepth) return hostileInputMessages.bodyTooDeep;
  for (const [key, item] of Object.entries(value)) {
    const keyProblem = stringProblem(key, false);
    if (keyProblem) return keyProblem;
    if (reservedKeys.has(key)) return hostileInputMessages.reservedKey;
    const problem = inspect(item, depth + 1, lineBreaksInValues);
    if (problem) return problem;
  }
  return undefined;
}

/**
 * Refuses, with 400, input that no client of the site sends and that would otherwise reach the
 * validators or PostgreSQL as a 500: JSON bodies that are not objects, bodies nested more than
 * {@link maxBodyDepth} levels, `__proto__`/`constructor`/`prototype` keys, and text that breaks
 * the rules of `text-rules.ts` (lone surrogates, control characters, non-characters) anywhere in
 * the path, the query string or the body's keys and values. Runs after the body parsers.
 */
export function hostileInputGuard() {
  return (request: Request, _response: Response, next: NextFunction) => {
    let path = request.path;
    try {
      path = decodeURIComponent(request.path);
    } catch {
      // Undecodable escapes are left to the router (a 404).
    }
    const pathProblem = stringProblem(path, false);
    if (pathProblem) return next(new ApiError(400, pathProblem));
    const queryProblem = inspect(request.query, 0, false);
    if (queryProblem) return next(new ApiError(400, queryProblem));
    const body: unknown = request.body;
    if (request.is('application/json') || request.is('application/*+json')) {
      if (body !== undefined && (body === null || typeof body !== 'object' || Array.isArray(body))) {
        return next(new ApiError(400, hostileInputMessages.bodyNotObject));
      }
    }
    const bodyProblem = inspect(body, 0, true);
    if (bodyProblem) return next(new ApiError(400, bodyProblem));
    next();
  };
}

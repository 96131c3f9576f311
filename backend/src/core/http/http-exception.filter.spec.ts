import { BadRequestException, HttpStatus, NotFoundException } from '@nestjs/common';
import { messages } from '@northbeam/common';
import { QueryFailedError, QueryRunnerAlreadyReleasedError } from 'typeorm';
import { ApiError } from './api-error.js';
import { toErrorBody } from './http-exception.filter.js';

describe('toErrorBody', () => {
  it('keeps an ApiError body as it is', () => {
    const error = new ApiError(HttpStatus.BAD_REQUEST, 'Title is required', { title: ['Title is required'] });
    expect(toErrorBody(error)).toEqual({
      statusCode: 400,
      error: 'Title is required',
      fieldErrors: { title: ['Title is required'] },
    });
  });

  it("replaces Nest's route-not-found text with the contract's sentence", () => {
    expect(toErrorBody(new NotFoundException('Cannot GET /api/x'))).toEqual({
      statusCode: 404,
      error: messages.notFound,
    });
  });

  it('keeps the sentence of a client error thrown with one', () => {
    expect(toErrorBody(new BadRequestException('Unknown section'))).toEqual({
      statusCode: 400,
      error: 'Unknown section',
    });
  });

  it('maps body-parser errors to 413 and 400', () => {
    expect(toErrorBody({ type: 'entity.too.large', status: 413 })).toEqual({
      statusCode: 413,
      error: messages.payloadTooLarge,
    });
    expect(toErrorBody({ type: 'entity.parse.failed', status: 400 }).statusCode).toBe(400);
  });

  it('answers 503 when the database cannot be reached', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(toErrorBody(refused)).toEqual({ statusCode: 503, error: messages.serviceUnavailable });
    expect(toErrorBody(new Error('Connection terminated unexpectedly')).statusCode).toBe(503);
    // The database went away in the middle of a transaction: TypeORM released its connection.
    expect(toErrorBody(new QueryRunnerAlreadyReleasedError()).statusCode).toBe(503);
  });

  it("answers 503 when the database stops answering (the pool's query timeout), bare or wrapped by TypeORM", () => {
    const stalled = new Error('Query read timeout');
    expect(toErrorBody(stalled)).toEqual({ statusCode: 503, error: messages.serviceUnavailable });
    expect(toErrorBody(new QueryFailedError('SELECT 1', [], stalled)).statusCode).toBe(503);
  });

  it('hides everything about an unexpected error', () => {
    expect(toErrorBody(new Error('duplicate key value violates "users_pkey"'))).toEqual({
      statusCode: 500,
      error: messages.internalError,
    });
  });
});

import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { QueryFailedError, QueryRunnerAlreadyReleasedError } from 'typeorm';
import { messages, type ApiErrorBody } from '@northbeam/common';

const defaultSentences: Partial<Record<number, string>> = {
  400: messages.validationFailed,
  401: messages.notSignedIn,
  403: messages.forbidden,
  404: messages.notFound,
  413: messages.payloadTooLarge,
  429: messages.tooManyRequests,
  503: messages.serviceUnavailable,
};

/** PostgreSQL error classes that mean the database, not the request, is at fault. */
function isDatabaseUnavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const candidate = error as { code?: unknown; message?: unknown; name?: unknown };
  const code = typeof candidate.code === 'string' ? candidate.code : '';
  if (
    ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', '57P01', '57P02', '57P03', '53300'].includes(code)
  ) {
    return true;
  }
  if (code.startsWith('08')) return true;
  // The connection of a transaction died (the database stopped) and TypeORM released it.
  if (error instanceof QueryRunnerAlreadyReleasedError) return true;
  const message = typeof candidate.message === 'string' ? candidate.message : '';
  // "Query read timeout": the database did not answer within the pool's query_timeout
  // (database/data-source-options.ts), set exactly to tell a database that stopped answering.
  return /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Connection ended|the database system is (starting up|shutting down)|Client has encountered a connection error/i.test(
    message,
  );
}

/** Turns any error into the JSON error contract. No stack trace or SQL ever reaches a client. */
export function toErrorBody(exception: unknown): ApiErrorBody {
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const response = exception.getResponse();
    // Our own ApiError bodies already follow the contract (Nest's default bodies carry `message`).
    if (typeof response === 'object' && response !== null && 'error' in response && !('message' in response)) {
      return response as ApiErrorBody;
    }
    const message =
      typeof response === 'string'
        ? response
        : typeof (response as { message?: unknown }).message === 'string'
          ? (response as { message: string }).message
          : undefined;
    const sentence =
      status < 500 && message && !/^Cannot (GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) /.test(message)
        ? message
        : (defaultSentences[status] ?? (status >= 500 ? messages.internalError : (message ?? 'Request failed')));
    return { statusCode: status, error: sentence };
  }
  const bodyParserError = exception as { type?: unknown; status?: unknown };
  if (bodyParserError && typeof bodyParserError === 'object') {
    if (bodyParserError.type === 'entity.too.large') return { statusCode: 413, error: messages.payloadTooLarge };
    if (bodyParserError.type === 'entity.parse.failed') return { statusCode: 400, error: 'Malformed JSON body' };
    if (
      typeof bodyParserError.type === 'string' &&
      typeof bodyParserError.status === 'number' &&
      bodyParserError.status < 500
    ) {
      return { statusCode: bodyParserError.status, error: 'The request body could not be read' };
    }
  }
  if (
    isDatabaseUnavailable(exception) ||
    (exception instanceof QueryFailedError && isDatabaseUnavailable(exception.driverError))
  ) {
    return { statusCode: HttpStatus.SERVICE_UNAVAILABLE, error: messages.serviceUnavailable };
  }
  return { statusCode: HttpStatus.INTERNAL_SERVER_ERROR, error: messages.internalError };
}

@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpError');

  catch(exception: unknown, host: ArgumentsHost): void {
    const context = host.switchToHttp();
    const response = context.getResponse<Response>();
    const request = context.getRequest<Request>();
    sendError(exception, request, response, this.logger);
  }
}

export function sendError(exception: unknown, request: Request, response: Response, logger: Logger): void {
  const body = toErrorBody(exception);
  if (body.statusCode === 500) {
    const detail = exception instanceof Error ? (exception.stack ?? exception.message) : String(exception);
    logger.error(`${request.method} ${request.path} -> ${body.statusCode}: ${detail}`);
  } else if (body.statusCode > 500) {
    // A dependency is down or slow (502, 503): expected, so one line without a stack.
    logger.warn(`${request.method} ${request.path} -> ${body.statusCode}: ${body.error}`);
  }
  if (response.headersSent) {
    response.end();
    return;
  }
  if (body.statusCode === 503) response.setHeader('Retry-After', '10');
  // Throttling errors say how long to wait (any exception with a `retryAfterSeconds` number).
  const retryAfter = (exception as { retryAfterSeconds?: unknown } | null)?.retryAfterSeconds;
  if (typeof retryAfter === 'number' && retryAfter > 0)
    response.setHeader('Retry-After', String(Math.ceil(retryAfter)));
  // A handler may have declared another type (a CSV download, say) before it failed: the error is JSON.
  response.setHeader('Content-Type', 'application/json; charset=utf-8');
  response.removeHeader('Content-Disposition');
  response.status(body.statusCode).json(body);
}

import {
  HttpStatus,
  mixin,
  PayloadTooLargeException,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
  type Type,
} from '@nestjs/common';
import { catchError, type Observable } from 'rxjs';
import { messages } from '@northbeam/common';
import { ApiError } from './api-error.js';

/**
 * The multipart parser's refusals in the upload's own sentences (the parser runs inside this
 * interceptor): a file over the limit is 413 with `tooLarge`, an unreadable body 400.
 */
export function UploadRefusals(tooLarge: string): Type<NestInterceptor> {
  class Refusals implements NestInterceptor {
    intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
      return next.handle().pipe(
        catchError((error: unknown) => {
          if (error instanceof PayloadTooLargeException) throw new ApiError(HttpStatus.PAYLOAD_TOO_LARGE, tooLarge);
          if (error instanceof ApiError) throw error;
          if (error && typeof error === 'object' && 'getStatus' in error) {
            const status = (error as { getStatus(): number }).getStatus();
            if (status === 400) throw new ApiError(HttpStatus.BAD_REQUEST, messages.requestUnreadable);
          }
          throw error;
        }),
      );
    }
  }
  return mixin(Refusals);
}

import {
  Inject,
  Injectable,
  UseInterceptors,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { tap, type Observable } from 'rxjs';
import { mayCarrySession } from '../../modules/auth/session.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';

/** A public API answer kept by browsers and shared caches for a minute: a publish shows within it. */
export const publicApiCacheControl = 'public, max-age=60';

/**
 * The Cache-Control of a public answer: shared for anonymous readers; private and never stored when
 * the request may carry a staff session (its answer may hold drafts, and staff see their changes at once).
 */
export function publicAnswerCacheControl(request: Request, config: Pick<AppConfig, 'production'>): string {
  return mayCarrySession(request.headers.cookie, config) ? 'private, no-store' : publicApiCacheControl;
}

/** Sets the public Cache-Control on a successful answer whose handler did not set its own (errors get none). */
@Injectable()
export class PublicCacheInterceptor implements NestInterceptor {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    return next.handle().pipe(
      tap(() => {
        const response = http.getResponse<Response>();
        if (response.headersSent || response.hasHeader('Cache-Control')) return;
        response.setHeader('Cache-Control', publicAnswerCacheControl(http.getRequest<Request>(), this.config));
      }),
    );
  }
}

/** A public GET whose JSON answer is the same for every anonymous reader (posts, case studies, feeds). */
export const CachedPublicly = () => UseInterceptors(PublicCacheInterceptor);

import {
  applyDecorators,
  Inject,
  Injectable,
  SetMetadata,
  UseInterceptors,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { Reflector } from '@nestjs/core';
import { tap, type Observable } from 'rxjs';
import { mayCarrySession } from '../../modules/auth/session.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { allowSharedCache, showsContent } from './cdn-cache.js';

/** The content keys of a public answer, from its body (see cdn-cache.ts). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each handler's own body type
export type ShownContent = (body: any, request: Request) => string[];

const shownContentKey = 'publicCache:shownContent';

/** A public API answer kept by browsers and shared caches for a minute: a publish shows within it. */
export const publicApiCacheControl = 'public, max-age=60';

/**
 * The Cache-Control of a public answer: shared for anonymous readers; private and never stored when
 * the request may carry a staff session (its answer may hold drafts, and staff see their changes at once).
 */
export function publicAnswerCacheControl(request: Request, config: Pick<AppConfig, 'production'>): string {
  return mayCarrySession(request.headers.cookie, config) ? 'private, no-store' : publicApiCacheControl;
}

/**
 * Sets the public Cache-Control on a successful answer whose handler did not set its own (errors get
 * none), and lets a shared cache in front keep it under the keys of what it shows (when a CDN is declared).
 */
@Injectable()
export class PublicCacheInterceptor implements NestInterceptor {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly reflector: Reflector,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const shown = this.reflector.get<ShownContent | undefined>(shownContentKey, context.getHandler());
    return next.handle().pipe(
      tap((body) => {
        const response = http.getResponse<Response>();
        const request = http.getRequest<Request>();
        if (response.headersSent) return;
        if (!response.hasHeader('Cache-Control'))
          response.setHeader('Cache-Control', publicAnswerCacheControl(request, this.config));
        if (shown) showsContent(response, shown(body, request));
        allowSharedCache(response, this.config);
      }),
    );
  }
}

/**
 * A public GET whose JSON answer is the same for every anonymous reader (posts, case studies,
 * settings); `shows` names what the answer shows, for the shared cache's purges.
 */
export const CachedPublicly = (shows?: ShownContent) =>
  applyDecorators(SetMetadata(shownContentKey, shows), UseInterceptors(PublicCacheInterceptor));

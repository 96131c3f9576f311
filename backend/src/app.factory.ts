import 'reflect-metadata';
import type { Server } from 'node:http';
import { Logger, type INestApplication, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import compression from 'compression';
import express, { type NextFunction, type Request, type Response } from 'express';
import { limits } from '@northbeam/common';
import { AppModule } from './app.module.js';
import type { AppConfig } from './core/config/config.js';
import { forwardedForGuard, trustedProxies } from './core/http/client-address.js';
import { apiGlobalPrefix, apiPrefix } from './core/http/api-path.js';
import { answerClientErrors } from './core/http/client-error.js';
import { crossSiteGuard } from './core/http/cross-site-guard.js';
import { encodedBodyGuard } from './core/http/encoded-body-guard.js';
import { PrototypePreservingExpressAdapter } from './core/http/express-adapter.js';
import { hostileInputGuard } from './core/http/hostile-input-guard.js';
import { HttpExceptionFilter, sendError } from './core/http/http-exception.filter.js';
import { requestLogger } from './core/http/request-logger.js';
import { securityHeaders } from './core/http/security-headers.js';
import { createValidationPipe } from './core/http/validation.js';
import { JsonLogger } from './core/logging/json-logger.js';
import { startEmbeddedDatabase, type EmbeddedDatabase } from './database/embedded-database.js';
import { applicationPool } from './database/typeorm-pool.js';
import { ContentVersionService } from './modules/content-version/content-version.service.js';
import { ApiDocsService } from './modules/api-docs/api-docs.service.js';
import { sessionsUnlessBearer } from './modules/api-tokens/bearer.js';
import { createSessionMiddleware, type SessionMiddleware } from './modules/auth/session.js';
import { PostRedirectsService, postRedirectMiddleware } from './modules/posts/post-redirects.js';
import { TeamService } from './modules/team/team.service.js';
import { teamRedirectMiddleware } from './modules/team/team-redirects.js';
import { RedirectsService, redirectMiddleware } from './modules/site-settings/redirects.service.js';
import { NewsletterIssuesService } from './modules/newsletter-issues/newsletter-issues.service.js';
import { newsletterLinkMiddleware } from './modules/newsletter-issues/newsletter-links.js';
import { newsletterWebVersionMiddleware } from './modules/newsletter-issues/newsletter-web.js';
import { mountFrontend } from './ssr/ssr.js';

export interface Application {
  app: NestExpressApplication;
  config: AppConfig;
  logger: JsonLogger;
  /** Closes the application, then the embedded database if one was started. */
  close(): Promise<void>;
}

export interface CreateApplicationOptions {
  /** Serve the front end (production build or Vite dev server). API-only tests leave it off. */
  frontend?: boolean;
  /** Further modules to mount (test fixtures). */
  extraModules?: Type[];
}

/** Builds the whole application: database, NestJS, Express middleware and the front end. */
export async function createApplication(
  config: AppConfig,
  options: CreateApplicationOptions = {},
): Promise<Application> {
  const logger = new JsonLogger(config.logLevel);
  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    embedded = await startEmbeddedDatabase(config.pgliteDir);
    databaseUrl = embedded.url;
  }

  let app: NestExpressApplication | undefined;
  let sessions: SessionMiddleware | undefined;
  try {
    app = await NestFactory.create<NestExpressApplication>(
      AppModule.register(config, { url: databaseUrl, embedded: embedded !== undefined }, options.extraModules),
      new PrototypePreservingExpressAdapter(),
      { logger, bodyParser: false, abortOnError: false },
    );
    sessions = createSessionMiddleware(config, applicationPool(app));
    configureHttp(app, config, logger, sessions);
    // Old article addresses answer 301 before the front end renders (docs/product.md#publishing).
    app
      .getHttpAdapter()
      .getInstance()
      .use(postRedirectMiddleware(app.get(PostRedirectsService)))
      // A team member's former address answers 301 to their current one (docs/product.md#team).
      .use(teamRedirectMiddleware(app.get(TeamService)))
      // Hand-made redirects (docs/product.md#redirects), after the posts' own.
      .use(redirectMiddleware(app.get(RedirectsService)));
    // A sent newsletter issue's web version, /newsletter/{slug} (docs/product.md#newsletter-issues).
    app
      .getHttpAdapter()
      .getInstance()
      .use(newsletterWebVersionMiddleware(app.get(NewsletterIssuesService)))
      // A sent issue's link, /n/{issue}/{link}: counted, then 302 to its address (docs/product.md#newsletter-figures).
      .use(newsletterLinkMiddleware(app.get(NewsletterIssuesService)));
    if (options.frontend !== false) {
      await mountFrontend(
        app.getHttpAdapter().getInstance(),
        app.getHttpServer(),
        config,
        logger,
        app.get(ContentVersionService),
      );
    }
    app.setGlobalPrefix(apiGlobalPrefix, {
      exclude: ['sitemap.xml', 'robots.txt', 'rss.xml', 'media/:id/:file'],
    });
    app.useGlobalPipes(createValidationPipe());
    app.useGlobalFilters(new HttpExceptionFilter());
    await app.init();
    // The described API (docs/api.md) documents the routes just mounted, built on first request.
    app.get(ApiDocsService).attach(app);
  } catch (error) {
    await sessions?.close().catch(() => undefined);
    await app?.close().catch(() => undefined);
    await embedded?.stop();
    throw error;
  }

  const nestApp = app;
  const sessionStore = sessions;
  let closed = false;
  return {
    app: nestApp,
    config,
    logger,
    async close() {
      if (closed) return;
      closed = true;
      await sessionStore.close();
      await nestApp.close();
      await embedded?.stop();
    },
  };
}

function configureHttp(
  app: INestApplication,
  config: AppConfig,
  logger: JsonLogger,
  sessions: SessionMiddleware,
): void {
  const http = app.getHttpAdapter().getInstance() as express.Express;
  http.disable('x-powered-by');
  // The client's address: X-Forwarded-For is believed only as far as TRUST_PROXY proxies reach,
  // and only its IP addresses (see client-address.ts).
  http.set('trust proxy', trustedProxies(config.trustProxyHops));
  http.use(forwardedForGuard());
  http.use(requestLogger(logger));
  const headers = securityHeaders(config);
  http.use(headers);
  answerClientErrors(app.getHttpServer() as Server, headers);
  http.use(compression());
  http.use(crossSiteGuard(config));
  http.use(apiPrefix, encodedBodyGuard());
  // inflate: false as well, so that the parsers themselves never decompress.
  http.use(
    apiPrefix,
    express.json({
      limit: limits.requestBodyMaxBytes,
      strict: true,
      inflate: false,
      type: ['application/json', 'application/*+json'],
    }),
  );
  http.use(apiPrefix, express.urlencoded({ extended: false, inflate: false, limit: limits.requestBodyMaxBytes }));
  // Staff sessions: only /api needs them (the server-side render asks /api/admin/user over its loopback connection).
  // A request with an API token has none (docs/product.md#api-tokens).
  http.use(apiPrefix, sessionsUnlessBearer(sessions.handler, config));
  http.use(apiPrefix, hostileInputGuard());
  const httpLogger = new Logger('HttpError');
  // Errors thrown by the body parsers above, before NestJS sees the request.
  http.use(apiPrefix, (error: unknown, request: Request, response: Response, next: NextFunction) => {
    if (!error) return next();
    sendError(error, request, response, httpLogger);
  });
}

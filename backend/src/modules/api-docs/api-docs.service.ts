import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { HttpStatus, Inject, Injectable, type INestApplication } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';
import { messages } from '@northbeam/common';
import { APP_CONFIG, type AppConfig } from '../../core/config/config.js';
import { ApiError } from '../../core/http/api-error.js';

/** Swagger UI's files, from the copy @nestjs/swagger depends on (served from here: no CDN). */
const swaggerUiFolder = (() => {
  const fromSwagger = createRequire(createRequire(import.meta.url).resolve('@nestjs/swagger'));
  return path.dirname(fromSwagger.resolve('swagger-ui-dist/package.json'));
})();

/** The files of the page, by the name it asks for them under /api/docs/. */
export const docsAssets = {
  'swagger-ui.css': { file: 'swagger-ui.css', type: 'text/css; charset=utf-8' },
  'swagger-ui-bundle.js': { file: 'swagger-ui-bundle.js', type: 'text/javascript; charset=utf-8' },
} as const;
export type DocsAsset = keyof typeof docsAssets;

/** Starts Swagger UI on the document (a file of its own: the site's policy allows no inline script). */
export const docsInitScript = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({ url: '/api/docs/openapi.json', dom_id: '#swagger-ui', deepLinking: true });
});
`;

export const docsPage = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="robots" content="noindex">
    <title>API reference</title>
    <link rel="icon" href="/favicon.svg" type="image/svg+xml">
    <link rel="stylesheet" href="/api/docs/swagger-ui.css">
  </head>
  <body>
    <noscript><p>This page needs JavaScript. The document itself is at <a href="/api/docs/openapi.json">/api/docs/openapi.json</a>.</p></noscript>
    <div id="swagger-ui"></div>
    <script src="/api/docs/swagger-ui-bundle.js"></script>
    <script src="/api/docs/init.js"></script>
  </body>
</html>
`;

/**
 * The described API (docs/api.md): the OpenAPI document, built once on first request from the
 * running application, and the page that shows it. Off (404) unless API_DOCS allows it.
 */
@Injectable()
export class ApiDocsService {
  private app: INestApplication | undefined;
  private document: OpenAPIObject | undefined;
  private readonly assets = new Map<DocsAsset, Promise<Buffer>>();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** The application whose routes the document describes (set once it is built). */
  attach(app: INestApplication): void {
    this.app = app;
  }

  /**
   * The document, built at its first request: `@nestjs/swagger` and the DTO descriptions load only
   * then (about 25 MB of heap a process would otherwise hold from its start).
   */
  async openApiDocument(): Promise<OpenAPIObject> {
    this.assertOn();
    if (!this.app) throw new ApiError(HttpStatus.SERVICE_UNAVAILABLE, messages.serviceUnavailable);
    if (!this.document) {
      const { buildOpenApiDocument } = await import('./openapi-document.js');
      this.document ??= buildOpenApiDocument(this.app);
    }
    return this.document;
  }

  asset(name: string): { body: Promise<Buffer>; type: string } {
    this.assertOn();
    if (!Object.hasOwn(docsAssets, name)) throw new ApiError(HttpStatus.NOT_FOUND, messages.notFound);
    const asset = docsAssets[name as DocsAsset];
    let body = this.assets.get(name as DocsAsset);
    if (!body) {
      body = readFile(path.join(swaggerUiFolder, asset.file));
      this.assets.set(name as DocsAsset, body);
    }
    return { body, type: asset.type };
  }

  assertOn(): void {
    if (!this.config.apiDocs) throw new ApiError(HttpStatus.NOT_FOUND, messages.notFound);
  }
}

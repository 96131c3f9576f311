import { Controller, Get, Header, Param, Res } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../auth/decorators/access.decorator.js';
import { ApiDocsService, docsInitScript, docsPage } from './api-docs.service.js';

/** `/api/docs`: the API reference page and `/api/docs/openapi.json`, public while API_DOCS is on. */
@Controller('docs')
export class ApiDocsController {
  constructor(private readonly docs: ApiDocsService) {}

  @Get()
  @Public()
  @Header('Content-Type', 'text/html; charset=utf-8')
  page(): string {
    this.docs.assertOn();
    return docsPage;
  }

  @Get('openapi.json')
  @Public()
  document(): Promise<OpenAPIObject> {
    return this.docs.openApiDocument();
  }

  @Get('init.js')
  @Public()
  @Header('Content-Type', 'text/javascript; charset=utf-8')
  init(): string {
    this.docs.assertOn();
    return docsInitScript;
  }

  @Get(':asset')
  @Public()
  async asset(@Param('asset') name: string, @Res() response: Response): Promise<void> {
    const asset = this.docs.asset(name);
    const body = await asset.body;
    response.setHeader('Content-Type', asset.type);
    response.setHeader('Cache-Control', 'public, max-age=3600');
    response.send(body);
  }
}

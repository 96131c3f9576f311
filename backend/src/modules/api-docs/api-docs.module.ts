import { Module } from '@nestjs/common';
import { ApiDocsController } from './api-docs.controller.js';
import { ApiDocsService } from './api-docs.service.js';

/** The described API: the OpenAPI document and its page (docs/api.md). */
@Module({ controllers: [ApiDocsController], providers: [ApiDocsService] })
export class ApiDocsModule {}

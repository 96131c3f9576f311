import { Body, Controller, Get, Headers, HttpCode, HttpStatus, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import type { AnalyticsSummary } from '@northbeam/common';
import { Access, Public } from '../auth/decorators/access.decorator.js';
import { AnalyticsService, type PublicAnalyticsConfig } from './analytics.service.js';
import { TrackEventDto } from './dto/track-event.dto.js';

@Controller()
export class AnalyticsController {
  constructor(private readonly analyticsService: AnalyticsService) {}

  @Post('analytics/track')
  @Public()
  @HttpCode(HttpStatus.NO_CONTENT)
  async track(
    @Body() body: TrackEventDto,
    @Req() request: Request,
    @Headers('user-agent') userAgent?: string,
  ): Promise<void> {
    await this.analyticsService.track(body, { clientIp: request.ip, userAgent, bodyBytes: bodySize(request) });
  }

  @Get('analytics/config')
  @Public()
  publicConfig(): PublicAnalyticsConfig {
    return this.analyticsService.publicConfig();
  }

  @Get('admin/analytics/summary')
  @Access('analytics', 'read')
  summary(): Promise<AnalyticsSummary> {
    return this.analyticsService.summary();
  }
}

/** The declared length, or the parsed body re-serialised when the client streamed it. */
function bodySize(request: Request): number {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > 0) return declared;
  return Buffer.byteLength(JSON.stringify(request.body ?? {}));
}

import { Body, Controller, Get, Headers, HttpCode, HttpStatus, Post, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { AnalyticsRealTime, AnalyticsReport, AnalyticsSummary } from '@northbeam/common';
import { Access, Public } from '../auth/decorators/access.decorator.js';
import { CachedPublicly } from '../../core/http/public-cache.js';
import { contentKeys } from '../../core/http/cdn-cache.js';
import { AnalyticsService, type PublicAnalyticsConfig } from './analytics.service.js';
import { AnalyticsReportService } from './analytics-report.service.js';
import { AnalyticsReportQueryDto } from './dto/analytics-report-query.dto.js';
import { TrackEventDto } from './dto/track-event.dto.js';

@Controller()
export class AnalyticsController {
  constructor(
    private readonly analyticsService: AnalyticsService,
    private readonly reports: AnalyticsReportService,
  ) {}

  @Post('analytics/track')
  @Public()
  @HttpCode(HttpStatus.NO_CONTENT)
  async track(
    @Body() body: TrackEventDto,
    @Req() request: Request,
    @Headers('user-agent') userAgent?: string,
  ): Promise<void> {
    await this.analyticsService.track(body, {
      clientIp: request.ip,
      userAgent,
      bodyBytes: bodySize(request),
      host: request.headers.host,
    });
  }

  @Get('analytics/config')
  @Public()
  @CachedPublicly(() => [contentKeys.settings])
  publicConfig(): PublicAnalyticsConfig {
    return this.analyticsService.publicConfig();
  }

  @Get('admin/analytics/summary')
  @Access('analytics', 'read')
  summary(): Promise<AnalyticsSummary> {
    return this.analyticsService.summary();
  }

  /** The dashboard: every figure of a range of UK days and of the period before it. */
  @Get('admin/analytics/report')
  @Access('analytics', 'read')
  report(@Query() query: AnalyticsReportQueryDto): Promise<AnalyticsReport> {
    return this.reports.report(query);
  }

  @Get('admin/analytics/realtime')
  @Access('analytics', 'read')
  realTime(): Promise<AnalyticsRealTime> {
    return this.reports.realTime();
  }

  @Get('admin/analytics/report.csv')
  @Access('analytics', 'read')
  async exportCsv(
    @Query() query: AnalyticsReportQueryDto,
    @Res({ passthrough: true }) response: Response,
  ): Promise<string> {
    const csv = await this.reports.csv(query);
    response.setHeader('Content-Type', 'text/csv; charset=utf-8');
    response.setHeader('Content-Disposition', `attachment; filename="${csv.filename}"`);
    response.setHeader('Cache-Control', 'no-store');
    return csv.body;
  }
}

/** The declared length, or the parsed body re-serialised when the client streamed it. */
function bodySize(request: Request): number {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > 0) return declared;
  return Buffer.byteLength(JSON.stringify(request.body ?? {}));
}

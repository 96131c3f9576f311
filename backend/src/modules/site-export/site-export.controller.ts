import { Controller, Get, Header, Res, StreamableFile } from '@nestjs/common';
import type { Response } from 'express';
import type { SiteExportSummary, StaffUser } from '@northbeam/common';
import { Access } from '../auth/decorators/access.decorator.js';
import { CurrentUser } from '../auth/decorators/current-user.decorator.js';
import { SiteExportService } from './site-export.service.js';

/** The whole site as one download (docs/export-format.md): admins and super admins (settings: all). */
@Controller('admin/exports')
export class SiteExportController {
  constructor(private readonly siteExportService: SiteExportService) {}

  /** What the download holds and about how big it is, for the Export button of /admin/import. */
  @Get('site/summary')
  @Access('settings', 'all')
  @Header('Cache-Control', 'no-store')
  summary(): Promise<SiteExportSummary> {
    return this.siteExportService.summary();
  }

  @Get('site')
  @Access('settings', 'all')
  @Header('Content-Type', 'application/zip')
  @Header('Cache-Control', 'no-store')
  async site(@CurrentUser() user: StaffUser, @Res({ passthrough: true }) response: Response): Promise<StreamableFile> {
    const file = await this.siteExportService.export(user);
    response.setHeader('Content-Disposition', `attachment; filename="${file.filename}"`);
    return new StreamableFile(file.bytes);
  }
}

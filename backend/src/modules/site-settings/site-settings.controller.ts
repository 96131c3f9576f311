import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  HttpStatus,
  Param,
  Post,
  Put,
  Query,
  Req,
  Res,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { Request, Response } from 'express';
import {
  siteSettingsLimits,
  siteSettingsMessages,
  type ListPage,
  type PostRedirectItem,
  type PublicSiteSettings,
  type RedirectItem,
  type SiteSettings,
  type StaffUser,
} from '@northbeam/common';
import { contentKeys } from '../../core/http/cdn-cache.js';
import { answerNotModified } from '../../core/http/etag.js';
import { CachedPublicly } from '../../core/http/public-cache.js';
import { UploadRefusals } from '../../core/http/upload-refusals.js';
import { Access, Public } from '../auth/decorators/access.decorator.js';
import { CurrentUser } from '../auth/decorators/current-user.decorator.js';
import { CreateRedirectDto, SaveSiteSettingsDto } from './dto/site-settings.dto.js';
import { PageQueryDto } from '../../core/validation/list-query.decorators.js';
import { RedirectsService } from './redirects.service.js';
import { SiteSettingsService, type UploadedPlaybook } from './site-settings.service.js';

/** One PDF and nothing else; a larger file is refused while it streams in. */
const playbookUploadLimits = {
  fileSize: siteSettingsLimits.playbookMaxBytes,
  files: 1,
  fields: 0,
  parts: 1,
};

/** Browsers and proxies keep the playbook briefly: a new upload reaches them soon. */
const playbookMaxAgeSeconds = 300;

@Controller()
export class SiteSettingsController {
  constructor(
    private readonly settings: SiteSettingsService,
    private readonly redirects: RedirectsService,
  ) {}

  /** What every public page shows: contact details, links, logos (read by the pages' memoised loader). */
  @Get('site-settings')
  @Public()
  @CachedPublicly(() => [contentKeys.settings])
  publicSettings(): Promise<PublicSiteSettings> {
    return this.settings.publicSettings();
  }

  @Get('admin/settings')
  @Access('settings', 'all')
  adminSettings(): Promise<SiteSettings> {
    return this.settings.settings();
  }

  @Put('admin/settings')
  @Access('settings', 'all')
  save(@Body() body: SaveSiteSettingsDto, @CurrentUser() user: StaffUser): Promise<SiteSettings> {
    return this.settings.update(body, user);
  }

  /** Multipart: the PDF in `file` (at most `playbookMaxBytes`). */
  @Post('admin/settings/playbook')
  @Access('settings', 'all')
  @UseInterceptors(
    UploadRefusals(siteSettingsMessages.playbookTooLarge),
    FileInterceptor('file', { limits: playbookUploadLimits }),
  )
  uploadPlaybook(
    @UploadedFile() file: UploadedPlaybook | undefined,
    @CurrentUser() user: StaffUser,
  ): Promise<SiteSettings> {
    return this.settings.uploadPlaybook(file, user);
  }

  @Delete('admin/settings/playbook')
  @Access('settings', 'all')
  resetPlaybook(@CurrentUser() user: StaffUser): Promise<SiteSettings> {
    return this.settings.resetPlaybook(user);
  }

  /**
   * The uploaded playbook, at one address for every upload (a link mailed before a new upload gets the
   * new one); without an upload, a redirect to the shipped playbook.
   */
  @Get('playbook/document')
  @Public()
  async playbookDocument(@Req() request: Request, @Res() response: Response): Promise<void> {
    const uploaded = await this.settings.playbookDocument();
    response.setHeader('Cache-Control', `public, max-age=${playbookMaxAgeSeconds}`);
    if (!uploaded) return response.redirect(302, this.settings.shippedPlaybookUrl());
    response.setHeader('Content-Type', 'application/pdf');
    response.setHeader('Content-Disposition', `inline; filename="${uploaded.document.fileName}"`);
    if (answerNotModified(request, response, uploaded.file.etag)) return;
    response.setHeader('Content-Length', uploaded.file.body.length);
    response.status(200).end(request.method === 'HEAD' ? undefined : uploaded.file.body);
  }

  @Get('admin/redirects')
  @Access('settings', 'all')
  listRedirects(@Query() query: PageQueryDto, @CurrentUser() user: StaffUser): Promise<ListPage<RedirectItem>> {
    return this.redirects.list(query.page ?? 1, user);
  }

  @Get('admin/redirects/slug-changes')
  @Access('settings', 'all')
  listSlugChanges(@Query() query: PageQueryDto): Promise<ListPage<PostRedirectItem>> {
    return this.redirects.listPostRedirects(query.page ?? 1);
  }

  @Post('admin/redirects')
  @Access('settings', 'all')
  create(@Body() body: CreateRedirectDto, @CurrentUser() user: StaffUser): Promise<RedirectItem> {
    return this.redirects.create(body.fromPath, body.toPath, user);
  }

  @Delete('admin/redirects/:id')
  @Access('settings', 'all')
  @HttpCode(HttpStatus.NO_CONTENT)
  async remove(@Param('id') id: string, @CurrentUser() user: StaffUser): Promise<void> {
    await this.redirects.delete(id, user);
  }
}

import {
  Body,
  Controller,
  Delete,
  Get,
  Header,
  HttpCode,
  HttpStatus,
  Param,
  Post,
  Put,
  Query,
  Req,
  Res,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import type {
  AdminCaseStudy,
  AdminCaseStudySummary,
  CaseStudyCardItem,
  CaseStudyPreview,
  ListPage,
  StaffUser,
} from '@northbeam/common';
import { AuthService } from '../auth/auth.service.js';
import { Access, Public } from '../auth/decorators/access.decorator.js';
import { CachedPublicly } from '../../core/http/public-cache.js';
import { contentKeys } from '../../core/http/cdn-cache.js';
import { CurrentUser } from '../auth/decorators/current-user.decorator.js';
import { CaseStudiesService } from './case-studies.service.js';
import { SaveCaseStudyDto, ListCaseStudiesQueryDto } from './dto/save-case-study.dto.js';

/** The answer headers of the two status routes that the save's `status` replaced (docs/product.md#case-studies). */
export const caseStudyStatusRoutesDeprecation = {
  /** RFC 9745: deprecated since 28 November 2026 (a Unix time). */
  deprecation: '@1795824000',
  /** RFC 8594: gone after this. */
  sunset: 'Mon, 01 Mar 2027 00:00:00 GMT',
  link: '</api/admin/case-studies/{id}>; rel="successor-version"; title="PUT with a status"',
};

@Public()
@Controller('case-studies')
export class CaseStudiesController {
  constructor(
    private readonly caseStudiesService: CaseStudiesService,
    private readonly authService: AuthService,
  ) {}

  @Get()
  @CachedPublicly((cards: CaseStudyCardItem[]) => [
    contentKeys.caseStudies,
    ...cards.map((card) => contentKeys.caseStudy(card.slug)),
  ])
  list(): Promise<CaseStudyCardItem[]> {
    return this.caseStudiesService.list();
  }

  /** A published case study; for signed-in staff who edit case studies, a draft too (the preview). */
  @Get(':slug')
  @CachedPublicly((caseStudy: CaseStudyPreview) => [contentKeys.caseStudy(caseStudy.slug)])
  async get(
    @Param('slug') slug: string,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<CaseStudyPreview> {
    const staff = request.session?.userId ? await this.authService.currentUser(request) : null;
    const caseStudy = await this.caseStudiesService.get(slug, staff);
    // A draft preview must never land in a shared cache.
    if (caseStudy.draft) response.setHeader('Cache-Control', 'private, no-store');
    return caseStudy;
  }
}

/** Case studies in the admin (docs/product.md#case-studies): super admins and admins; consultants are refused. */
@Controller('admin/case-studies')
export class AdminCaseStudiesController {
  constructor(private readonly caseStudiesService: CaseStudiesService) {}

  @Get()
  @Access('case-studies', 'read')
  list(
    @Query() query: ListCaseStudiesQueryDto,
    @CurrentUser() user: StaffUser,
  ): Promise<ListPage<AdminCaseStudySummary>> {
    return this.caseStudiesService.listForStaff(query, user);
  }

  @Get(':id')
  @Access('case-studies', 'read')
  findOne(@Param('id') id: string, @CurrentUser() user: StaffUser): Promise<AdminCaseStudy> {
    return this.caseStudiesService.findForStaff(id, user);
  }

  @Post()
  @Access('case-studies', 'all')
  create(@Body() dto: SaveCaseStudyDto, @CurrentUser() user: StaffUser): Promise<AdminCaseStudy> {
    return this.caseStudiesService.create(dto, user);
  }

  @Put(':id')
  @Access('case-studies', 'all')
  update(
    @Param('id') id: string,
    @Body() dto: SaveCaseStudyDto,
    @CurrentUser() user: StaffUser,
  ): Promise<AdminCaseStudy> {
    return this.caseStudiesService.update(id, dto, user);
  }

  /**
   * Deprecated: the status is chosen with the save (`PUT /:id` with `status`), as for posts. These
   * two answer for one more release with RFC 9745's `Deprecation` and RFC 8594's `Sunset`, then go.
   */
  @Post(':id/publish')
  @Access('case-studies', 'all')
  @HttpCode(HttpStatus.OK)
  @Header('Deprecation', caseStudyStatusRoutesDeprecation.deprecation)
  @Header('Sunset', caseStudyStatusRoutesDeprecation.sunset)
  @Header('Link', caseStudyStatusRoutesDeprecation.link)
  publish(@Param('id') id: string, @CurrentUser() user: StaffUser): Promise<AdminCaseStudy> {
    return this.caseStudiesService.setStatus(id, 'published', user);
  }

  @Post(':id/unpublish')
  @Access('case-studies', 'all')
  @HttpCode(HttpStatus.OK)
  @Header('Deprecation', caseStudyStatusRoutesDeprecation.deprecation)
  @Header('Sunset', caseStudyStatusRoutesDeprecation.sunset)
  @Header('Link', caseStudyStatusRoutesDeprecation.link)
  unpublish(@Param('id') id: string, @CurrentUser() user: StaffUser): Promise<AdminCaseStudy> {
    return this.caseStudiesService.setStatus(id, 'draft', user);
  }

  @Delete(':id')
  @Access('case-studies', 'all')
  @HttpCode(HttpStatus.NO_CONTENT)
  async delete(@Param('id') id: string, @CurrentUser() user: StaffUser): Promise<void> {
    await this.caseStudiesService.delete(id, user);
  }
}

import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import type {
  AdminCaseStudy,
  AdminCaseStudySummary,
  CaseStudyCardItem,
  CaseStudyPreview,
  ListPage,
  StaffIdentity,
} from '@northbeam/common';
import { AuthService } from '../auth/auth.service.js';
import { Access, Public } from '../auth/decorators/access.decorator.js';
import { CachedPublicly } from '../../core/http/public-cache.js';
import { contentKeys } from '../../core/http/cdn-cache.js';
import { CurrentUser } from '../auth/decorators/current-user.decorator.js';
import { CaseStudiesService } from './case-studies.service.js';
import { CaseStudyFieldsDto, CreateCaseStudyDto, ListCaseStudiesQueryDto } from './dto/save-case-study.dto.js';

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
    @CurrentUser() user: StaffIdentity,
  ): Promise<ListPage<AdminCaseStudySummary>> {
    return this.caseStudiesService.listForStaff(query, user);
  }

  @Get(':id')
  @Access('case-studies', 'read')
  findOne(@Param('id') id: string, @CurrentUser() user: StaffIdentity): Promise<AdminCaseStudy> {
    return this.caseStudiesService.findForStaff(id, user);
  }

  @Post()
  @Access('case-studies', 'all')
  create(@Body() dto: CreateCaseStudyDto, @CurrentUser() user: StaffIdentity): Promise<AdminCaseStudy> {
    return this.caseStudiesService.create(dto, user);
  }

  @Put(':id')
  @Access('case-studies', 'all')
  update(
    @Param('id') id: string,
    @Body() dto: CaseStudyFieldsDto,
    @CurrentUser() user: StaffIdentity,
  ): Promise<AdminCaseStudy> {
    return this.caseStudiesService.update(id, dto, user);
  }

  @Post(':id/publish')
  @Access('case-studies', 'all')
  @HttpCode(HttpStatus.OK)
  publish(@Param('id') id: string, @CurrentUser() user: StaffIdentity): Promise<AdminCaseStudy> {
    return this.caseStudiesService.setStatus(id, 'published', user);
  }

  @Post(':id/unpublish')
  @Access('case-studies', 'all')
  @HttpCode(HttpStatus.OK)
  unpublish(@Param('id') id: string, @CurrentUser() user: StaffIdentity): Promise<AdminCaseStudy> {
    return this.caseStudiesService.setStatus(id, 'draft', user);
  }

  @Delete(':id')
  @Access('case-studies', 'all')
  @HttpCode(HttpStatus.NO_CONTENT)
  async delete(@Param('id') id: string, @CurrentUser() user: StaffIdentity): Promise<void> {
    await this.caseStudiesService.delete(id, user);
  }
}

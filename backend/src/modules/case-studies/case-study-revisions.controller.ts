import { Controller, Get, HttpCode, HttpStatus, Injectable, Param, Post, Query } from '@nestjs/common';
import {
  revisionMessages,
  type AdminCaseStudy,
  type CaseStudyRevision,
  type ListPage,
  type RevisionSummary,
  type StaffUser,
} from '@northbeam/common';
import { ApiError } from '../../core/http/api-error.js';
import { Access } from '../auth/decorators/access.decorator.js';
import { CurrentUser } from '../auth/decorators/current-user.decorator.js';
import { ListRevisionsQueryDto } from '../posts/dto/post-revisions.dto.js';
import type { ContentRevision } from '../revisions/entities/content-revision.entity.js';
import { RevisionsService } from '../revisions/revisions.service.js';
import { CaseStudiesService, revisionFields } from './case-studies.service.js';
import type { CaseStudyFieldsDto } from './dto/save-case-study.dto.js';
import { isUuid } from '../../core/validation/uuid.js';

/**
 * A case study's revisions (docs/product.md#revisions): whoever may change case studies lists them,
 * opens one and restores it. A restore saves the case study with the revision's fields (a new save:
 * a new revision, logged `case_study.restored`); its status stays as it is.
 */
@Injectable()
export class CaseStudyRevisionsService {
  constructor(
    private readonly caseStudies: CaseStudiesService,
    private readonly revisions: RevisionsService,
  ) {}

  async list(id: string, page: number | undefined): Promise<ListPage<RevisionSummary>> {
    const row = await this.caseStudies.requireRow(id);
    return this.revisions.page('case-study', row.id, page);
  }

  async findOne(id: string, revisionId: string): Promise<CaseStudyRevision> {
    const row = await this.caseStudies.requireRow(id);
    const revision = await this.requireRevision(row.id, revisionId);
    return { ...(await this.revisions.summaryOf(revision)), fields: revision.fields };
  }

  async restore(id: string, revisionId: string, user: StaffUser): Promise<AdminCaseStudy> {
    const row = await this.caseStudies.requireRow(id);
    const revision = await this.requireRevision(row.id, revisionId);
    const current = revisionFields(row);
    const restored = Object.fromEntries(Object.entries(revision.fields).filter(([field]) => field in current));
    // The slug and the images are checked again as on any save: another case study may have taken the slug since.
    const dto = { ...current, ...restored } as unknown as CaseStudyFieldsDto;
    return this.caseStudies.update(row.id, dto, user, { restoredFromId: revision.id });
  }

  private async requireRevision(id: string, revisionId: string): Promise<ContentRevision> {
    const revision = isUuid(revisionId) ? await this.revisions.find('case-study', id, revisionId) : null;
    if (!revision) throw new ApiError(HttpStatus.NOT_FOUND, revisionMessages.revisionNotFound);
    return revision;
  }
}

/** A case study's revisions: staff who may change case studies (common/src/staff.ts). */
@Controller('admin/case-studies/:id/revisions')
export class CaseStudyRevisionsController {
  constructor(private readonly caseStudyRevisions: CaseStudyRevisionsService) {}

  @Get()
  @Access('case-studies', 'all')
  list(@Param('id') id: string, @Query() query: ListRevisionsQueryDto): Promise<ListPage<RevisionSummary>> {
    return this.caseStudyRevisions.list(id, query.page);
  }

  @Get(':revisionId')
  @Access('case-studies', 'all')
  findOne(@Param('id') id: string, @Param('revisionId') revisionId: string): Promise<CaseStudyRevision> {
    return this.caseStudyRevisions.findOne(id, revisionId);
  }

  @Post(':revisionId/restore')
  @Access('case-studies', 'all')
  @HttpCode(HttpStatus.OK)
  restore(
    @Param('id') id: string,
    @Param('revisionId') revisionId: string,
    @CurrentUser() user: StaffUser,
  ): Promise<AdminCaseStudy> {
    return this.caseStudyRevisions.restore(id, revisionId, user);
  }
}

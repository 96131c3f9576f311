import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Put, Query } from '@nestjs/common';
import type {
  AdminPost,
  ListPage,
  PostAutosaveResponse,
  PostRevision,
  RevisionSummary,
  StaffUser,
} from '@northbeam/common';
import { Access } from '../auth/decorators/access.decorator.js';
import { CurrentUser } from '../auth/decorators/current-user.decorator.js';
import { AutosavePostDto, ListRevisionsQueryDto } from './dto/post-revisions.dto.js';
import { PostRevisionsService } from './post-revisions.service.js';

/** A post's revisions and autosave: whoever may change the post (the service applies the consultant limits). */
@Controller('admin/posts/:id')
export class PostRevisionsController {
  constructor(private readonly postRevisions: PostRevisionsService) {}

  @Get('revisions')
  @Access('posts', 'own')
  list(
    @Param('id') id: string,
    @Query() query: ListRevisionsQueryDto,
    @CurrentUser() user: StaffUser,
  ): Promise<ListPage<RevisionSummary>> {
    return this.postRevisions.list(id, query.page, user);
  }

  @Get('revisions/:revisionId')
  @Access('posts', 'own')
  findOne(
    @Param('id') id: string,
    @Param('revisionId') revisionId: string,
    @CurrentUser() user: StaffUser,
  ): Promise<PostRevision> {
    return this.postRevisions.findOne(id, revisionId, user);
  }

  @Post('revisions/:revisionId/restore')
  @Access('posts', 'own')
  @HttpCode(HttpStatus.OK)
  restore(
    @Param('id') id: string,
    @Param('revisionId') revisionId: string,
    @CurrentUser() user: StaffUser,
  ): Promise<AdminPost> {
    return this.postRevisions.restore(id, revisionId, user);
  }

  @Get('autosave')
  @Access('posts', 'own')
  findAutosave(@Param('id') id: string, @CurrentUser() user: StaffUser): Promise<PostAutosaveResponse> {
    return this.postRevisions.findAutosave(id, user);
  }

  @Put('autosave')
  @Access('posts', 'own')
  autosave(
    @Param('id') id: string,
    @Body() dto: AutosavePostDto,
    @CurrentUser() user: StaffUser,
  ): Promise<{ savedAt: string }> {
    return this.postRevisions.autosave(id, dto, user);
  }

  @Delete('autosave')
  @Access('posts', 'own')
  @HttpCode(HttpStatus.NO_CONTENT)
  async discardAutosave(@Param('id') id: string, @CurrentUser() user: StaffUser): Promise<void> {
    await this.postRevisions.discardAutosave(id, user);
  }
}

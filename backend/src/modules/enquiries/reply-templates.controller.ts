import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Put, Query } from '@nestjs/common';
import type { ListPage, ReplyTemplate, StaffUser } from '@northbeam/common';
import { Access } from '../auth/decorators/access.decorator.js';
import { CurrentUser } from '../auth/decorators/current-user.decorator.js';
import { ListReplyTemplatesQueryDto, SaveReplyTemplateDto } from './dto/reply-templates.dto.js';
import { ReplyTemplatesService } from './reply-templates.service.js';

/** Saved replies: everyone in the inbox reads them (to start a reply); admins manage them. */
@Controller('admin/reply-templates')
export class ReplyTemplatesController {
  constructor(private readonly templates: ReplyTemplatesService) {}

  @Get()
  @Access('enquiries', 'read')
  list(@Query() query: ListReplyTemplatesQueryDto, @CurrentUser() user: StaffUser): Promise<ListPage<ReplyTemplate>> {
    return this.templates.list(user, query.page ?? 1, query.q);
  }

  @Get(':id')
  @Access('enquiries', 'read')
  detail(@Param('id') id: string, @CurrentUser() user: StaffUser): Promise<ReplyTemplate> {
    return this.templates.detail(id, user);
  }

  @Post()
  @Access('enquiries', 'all')
  create(@Body() body: SaveReplyTemplateDto, @CurrentUser() user: StaffUser): Promise<ReplyTemplate> {
    return this.templates.create(body, user);
  }

  @Put(':id')
  @Access('enquiries', 'all')
  update(
    @Param('id') id: string,
    @Body() body: SaveReplyTemplateDto,
    @CurrentUser() user: StaffUser,
  ): Promise<ReplyTemplate> {
    return this.templates.update(id, body, user);
  }

  @Delete(':id')
  @Access('enquiries', 'all')
  @HttpCode(HttpStatus.NO_CONTENT)
  async delete(@Param('id') id: string, @CurrentUser() user: StaffUser): Promise<void> {
    await this.templates.delete(id, user);
  }
}

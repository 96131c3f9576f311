import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Put, Query } from '@nestjs/common';
import type {
  ListPage,
  NewsletterAudience,
  NewsletterIssueDetail,
  NewsletterIssueSummary,
  NewsletterPreview,
  StaffUser,
} from '@northbeam/common';
import { Access } from '../auth/decorators/access.decorator.js';
import { CurrentUser } from '../auth/decorators/current-user.decorator.js';
import {
  ListNewsletterIssuesQueryDto,
  NewsletterIssueFromPostDto,
  SaveNewsletterIssueDto,
} from './dto/newsletter-issues.dto.js';
import { NewsletterIssuesService } from './newsletter-issues.service.js';

/** Newsletter issues: admins only (consultants have no newsletter access). */
@Controller('admin/newsletter')
export class NewsletterIssuesController {
  constructor(private readonly issuesService: NewsletterIssuesService) {}

  @Get('issues')
  @Access('newsletter', 'all')
  list(@Query() query: ListNewsletterIssuesQueryDto): Promise<ListPage<NewsletterIssueSummary>> {
    return this.issuesService.list(query.page);
  }

  @Get('audience')
  @Access('newsletter', 'all')
  audience(): Promise<NewsletterAudience> {
    return this.issuesService.audience();
  }

  @Post('issues')
  @Access('newsletter', 'all')
  create(@Body() body: SaveNewsletterIssueDto, @CurrentUser() user: StaffUser): Promise<NewsletterIssueDetail> {
    return this.issuesService.create(user, body);
  }

  @Post('issues/from-post')
  @Access('newsletter', 'all')
  createFromPost(
    @Body() body: NewsletterIssueFromPostDto,
    @CurrentUser() user: StaffUser,
  ): Promise<NewsletterIssueDetail> {
    return this.issuesService.createFromPost(user, body.postId);
  }

  @Post('preview')
  @HttpCode(HttpStatus.OK)
  @Access('newsletter', 'all')
  preview(@Body() body: SaveNewsletterIssueDto, @CurrentUser() user: StaffUser): NewsletterPreview {
    return this.issuesService.preview(user, body);
  }

  @Get('issues/:id')
  @Access('newsletter', 'all')
  detail(@Param('id') id: string): Promise<NewsletterIssueDetail> {
    return this.issuesService.detail(id);
  }

  @Put('issues/:id')
  @Access('newsletter', 'all')
  update(
    @Param('id') id: string,
    @Body() body: SaveNewsletterIssueDto,
    @CurrentUser() user: StaffUser,
  ): Promise<NewsletterIssueDetail> {
    return this.issuesService.update(user, id, body);
  }

  @Delete('issues/:id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @Access('newsletter', 'all')
  remove(@Param('id') id: string, @CurrentUser() user: StaffUser): Promise<void> {
    return this.issuesService.remove(user, id);
  }

  @Post('issues/:id/test')
  @HttpCode(HttpStatus.OK)
  @Access('newsletter', 'all')
  sendTest(@Param('id') id: string, @CurrentUser() user: StaffUser): Promise<{ message: string }> {
    return this.issuesService.sendTest(user, id);
  }

  /** 409 when the issue was sent already (or is going out). */
  @Post('issues/:id/send')
  @HttpCode(HttpStatus.OK)
  @Access('newsletter', 'all')
  send(@Param('id') id: string, @CurrentUser() user: StaffUser): Promise<NewsletterIssueDetail> {
    return this.issuesService.send(user, id);
  }
}

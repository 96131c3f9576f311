import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Put, Query } from '@nestjs/common';
import type {
  ListPage,
  NewsletterAudience,
  NewsletterIssueDetail,
  NewsletterIssueFromPostValues,
  NewsletterIssueSummary,
  NewsletterPreview,
  StaffUser,
} from '@northbeam/common';
import { Access } from '../auth/decorators/access.decorator.js';
import { CurrentUser } from '../auth/decorators/current-user.decorator.js';
import {
  ListNewsletterIssuesQueryDto,
  NewsletterIssueFromPostDto,
  PreviewNewsletterIssueDto,
  SaveNewsletterIssueDto,
  ScheduleNewsletterIssueDto,
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
    return this.issuesService.create(body, user);
  }

  @Post('issues/from-post')
  @Access('newsletter', 'all')
  createFromPost(
    @Body() body: NewsletterIssueFromPostDto,
    @CurrentUser() user: StaffUser,
  ): Promise<NewsletterIssueDetail> {
    return this.issuesService.createFromPost(body.postId, user, body.mode);
  }

  /** What "Use this post" puts into a new issue's form; nothing is saved. */
  @Post('issues/from-post/values')
  @HttpCode(HttpStatus.OK)
  @Access('newsletter', 'all')
  fromPostValues(@Body() body: NewsletterIssueFromPostDto): Promise<NewsletterIssueFromPostValues> {
    return this.issuesService.fromPostValues(body.postId, body.mode);
  }

  @Post('preview')
  @HttpCode(HttpStatus.OK)
  @Access('newsletter', 'all')
  preview(@Body() body: PreviewNewsletterIssueDto, @CurrentUser() user: StaffUser): Promise<NewsletterPreview> {
    return this.issuesService.preview(body, user);
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
    return this.issuesService.update(id, body, user);
  }

  @Delete('issues/:id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @Access('newsletter', 'all')
  remove(@Param('id') id: string, @CurrentUser() user: StaffUser): Promise<void> {
    return this.issuesService.remove(id, user);
  }

  @Post('issues/:id/test')
  @HttpCode(HttpStatus.OK)
  @Access('newsletter', 'all')
  sendTest(@Param('id') id: string, @CurrentUser() user: StaffUser): Promise<{ message: string }> {
    return this.issuesService.sendTest(id, user);
  }

  /** 409 when the issue was sent already (or is going out). */
  @Post('issues/:id/send')
  @HttpCode(HttpStatus.OK)
  @Access('newsletter', 'all')
  send(@Param('id') id: string, @CurrentUser() user: StaffUser): Promise<NewsletterIssueDetail> {
    return this.issuesService.send(id, user);
  }

  /** Draft → scheduled: goes out at `sendAt` to the confirmed subscribers of its audience then. */
  @Post('issues/:id/schedule')
  @HttpCode(HttpStatus.OK)
  @Access('newsletter', 'all')
  schedule(
    @Param('id') id: string,
    @Body() body: ScheduleNewsletterIssueDto,
    @CurrentUser() user: StaffUser,
  ): Promise<NewsletterIssueDetail> {
    return this.issuesService.schedule(id, body.sendAt, user);
  }

  /** Scheduled → draft. */
  @Post('issues/:id/unschedule')
  @HttpCode(HttpStatus.OK)
  @Access('newsletter', 'all')
  unschedule(@Param('id') id: string, @CurrentUser() user: StaffUser): Promise<NewsletterIssueDetail> {
    return this.issuesService.unschedule(id, user);
  }
}

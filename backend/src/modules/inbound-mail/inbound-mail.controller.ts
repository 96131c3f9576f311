import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { InboundMail, InboundMailboxStatus, ListPage, StaffUser } from '@northbeam/common';
import { Access } from '../auth/decorators/access.decorator.js';
import { CurrentUser } from '../auth/decorators/current-user.decorator.js';
import { AttachInboundMailDto, UnmatchedQueryDto } from './dto/inbound-mail.dto.js';
import { InboundMailPoller } from './inbound-mail.poller.js';
import { InboundMailService } from './inbound-mail.service.js';

/** The connected mailbox for admins: its state, the mails that matched no enquiry, and stored attachments. */
@Controller('admin/inbound-mail')
export class InboundMailController {
  constructor(
    private readonly service: InboundMailService,
    private readonly poller: InboundMailPoller,
  ) {}

  @Get('status')
  @Access('enquiries', 'all')
  status(): Promise<InboundMailboxStatus> {
    return this.service.status();
  }

  /** Polls now (the "Check now" button); the answer is the mailbox's state afterwards. */
  @Post('poll')
  @Access('enquiries', 'all')
  @HttpCode(HttpStatus.OK)
  async poll(): Promise<InboundMailboxStatus> {
    await this.poller.poll().catch(() => undefined);
    return this.service.status();
  }

  @Get('unmatched')
  @Access('enquiries', 'all')
  unmatched(@Query() query: UnmatchedQueryDto): Promise<ListPage<InboundMail>> {
    return this.service.unmatched(query.page ?? 1);
  }

  @Post('unmatched/:id/attach')
  @Access('enquiries', 'all')
  @HttpCode(HttpStatus.OK)
  attach(
    @Param('id') id: string,
    @Body() body: AttachInboundMailDto,
    @CurrentUser() user: StaffUser,
  ): Promise<InboundMail> {
    return this.service.attach(id, body.enquiryId, user);
  }

  @Post('unmatched/:id/dismiss')
  @Access('enquiries', 'all')
  @HttpCode(HttpStatus.NO_CONTENT)
  async dismiss(@Param('id') id: string, @CurrentUser() user: StaffUser): Promise<void> {
    await this.service.dismiss(id, user);
  }

  /** A stored attachment, always as a download (never rendered by the browser). */
  @Get(':messageId/attachments/:attachmentId')
  @Access('enquiries', 'all')
  async attachment(
    @Param('messageId') messageId: string,
    @Param('attachmentId') attachmentId: string,
    @Res() response: Response,
  ): Promise<void> {
    const { filename, content } = await this.service.attachment(messageId, attachmentId);
    response.setHeader('Content-Type', 'application/octet-stream');
    response.setHeader('X-Content-Type-Options', 'nosniff');
    response.setHeader('Cache-Control', 'no-store');
    response.setHeader(
      'Content-Disposition',
      `attachment; filename="${filename.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
    );
    response.end(content);
  }
}

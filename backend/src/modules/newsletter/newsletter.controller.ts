import { Body, Controller, Get, HttpCode, HttpStatus, Post, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { leadMessages, type UnsubscribeResult } from '@northbeam/common';
import { ApiError } from '../../core/http/api-error.js';
import {
  ConfirmSubscriptionDto,
  OneClickUnsubscribeQueryDto,
  SubscribeDto,
  UnsubscribeQueryDto,
  type NewsletterMessageDto,
} from './dto/email.dto.js';
import { NewsletterService } from './newsletter.service.js';
import { Public } from '../auth/decorators/access.decorator.js';

@Public()
@Controller()
export class NewsletterController {
  constructor(private readonly newsletterService: NewsletterService) {}

  /** 200 with the same words for a new, pending, confirmed or unsubscribed address: the answer never tells them apart. */
  @Post('subscribe')
  @HttpCode(HttpStatus.OK)
  subscribe(@Body() body: SubscribeDto, @Req() request: Request): Promise<NewsletterMessageDto> {
    return this.newsletterService.subscribe(body, request.ip);
  }

  /** The confirm button of /newsletter/confirm: the only call that confirms a subscription (400 for a token not valid). */
  @Post('newsletter/confirm')
  @HttpCode(HttpStatus.OK)
  async confirm(@Body() body: ConfirmSubscriptionDto): Promise<NewsletterMessageDto> {
    if (!(await this.newsletterService.confirm(body.token)))
      throw new ApiError(HttpStatus.BAD_REQUEST, leadMessages.confirmLinkInvalid);
    return { message: leadMessages.subscriptionConfirmed };
  }

  /**
   * Links mailed before confirmation moved behind a confirm button pointed here. Opening one only
   * leads to the confirm page: a GET never confirms (mail scanners open links).
   */
  @Get('newsletter/confirm')
  legacyConfirmLink(@Query('token') token: unknown, @Res() response: Response): void {
    response.setHeader('Cache-Control', 'no-store');
    const valid = typeof token === 'string' && token.length > 0 && token.length <= 200;
    response.redirect(
      HttpStatus.FOUND,
      valid ? `/newsletter/confirm?token=${encodeURIComponent(token)}` : '/newsletter/confirm?status=invalid',
    );
  }

  /** /unsubscribe: with a mailed link's token, unsubscribes; without one, mails such a link to the address. */
  @Get('unsubscribe')
  async unsubscribe(
    @Query() query: UnsubscribeQueryDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<UnsubscribeResult> {
    response.setHeader('Cache-Control', 'no-store');
    return this.newsletterService.unsubscribe(query.email, query.token, request.ip, query.issue);
  }

  /** RFC 8058: mail providers POST here (as a form) when the reader presses their Unsubscribe button. */
  @Post('unsubscribe/one-click')
  @HttpCode(HttpStatus.OK)
  async unsubscribeOneClick(@Query() query: OneClickUnsubscribeQueryDto): Promise<NewsletterMessageDto> {
    const { message } = await this.newsletterService.unsubscribeSigned(query.email, query.token, query.issue);
    return { message };
  }
}

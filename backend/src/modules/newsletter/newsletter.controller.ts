import { Body, Controller, Get, HttpCode, HttpStatus, Post, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { UnsubscribeResult } from '@northbeam/common';
import {
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

  /** The link in the confirmation mail: confirms, then shows the confirmation page. */
  @Get('newsletter/confirm')
  async confirm(@Query('token') token: unknown, @Res() response: Response): Promise<void> {
    const confirmed = await this.newsletterService.confirm(typeof token === 'string' ? token : undefined);
    response.setHeader('Cache-Control', 'no-store');
    response.redirect(HttpStatus.FOUND, `/newsletter/confirm?status=${confirmed ? 'ok' : 'invalid'}`);
  }

  /** /unsubscribe: with a mailed link's token, unsubscribes; without one, mails such a link to the address. */
  @Get('unsubscribe')
  async unsubscribe(
    @Query() query: UnsubscribeQueryDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<UnsubscribeResult> {
    response.setHeader('Cache-Control', 'no-store');
    return this.newsletterService.unsubscribe(query.email, query.token, request.ip);
  }

  /** RFC 8058: mail providers POST here (as a form) when the reader presses their Unsubscribe button. */
  @Post('unsubscribe/one-click')
  @HttpCode(HttpStatus.OK)
  async unsubscribeOneClick(@Query() query: OneClickUnsubscribeQueryDto): Promise<NewsletterMessageDto> {
    const { message } = await this.newsletterService.unsubscribeSigned(query.email, query.token);
    return { message };
  }
}

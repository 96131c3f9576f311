import { Body, Controller, Get, HttpCode, HttpStatus, Post, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { messages } from '@northbeam/common';
import { ApiError } from '../../core/http/api-error.js';
import { CreateDeletionRequestDto } from './dto/create-deletion-request.dto.js';
import { VerifyDeletionRequestDto } from './dto/verify-deletion-request.dto.js';
import { PrivacyService } from './privacy.service.js';
import { Public } from '../auth/decorators/access.decorator.js';

@Public()
@Controller('request-data-deletion')
export class PrivacyController {
  constructor(private readonly privacyService: PrivacyService) {}

  @Post()
  @HttpCode(HttpStatus.CREATED)
  create(
    @Body() body: CreateDeletionRequestDto,
    @Req() request: Request,
  ): Promise<{ requestId: string; message: string }> {
    return this.privacyService.createRequest(body, request.ip);
  }

  /** The confirm button of /data-deletion/verify: the only call that verifies a request. */
  @Post('verify')
  @HttpCode(HttpStatus.OK)
  async verify(@Body() body: VerifyDeletionRequestDto): Promise<{ message: string }> {
    const outcome = await this.privacyService.verify(body.token);
    if (outcome !== 'ok') throw new ApiError(HttpStatus.BAD_REQUEST, messages.deletionLinkInvalid);
    return { message: messages.deletionVerified };
  }

  /**
   * Links mailed before verification moved behind a confirm button pointed here. Opening one only
   * leads to the confirm page: a GET never changes a request (mail scanners open links).
   */
  @Get('verify')
  legacyLink(@Query('token') token: string | undefined, @Res() response: Response): void {
    const query = typeof token === 'string' && token.length <= 100 ? `?token=${encodeURIComponent(token)}` : '';
    response.setHeader('Cache-Control', 'no-store');
    response.redirect(302, `/data-deletion/verify${query}`);
  }
}

import { Body, Controller, Get, HttpCode, HttpStatus, Post, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { CreateDeletionRequestDto } from './dto/create-deletion-request.dto.js';
import { PrivacyService } from './privacy.service.js';

@Controller('request-data-deletion')
export class PrivacyController {
  constructor(private readonly privacyService: PrivacyService) {}

  @Post()
  @HttpCode(HttpStatus.CREATED)
  create(@Body() body: CreateDeletionRequestDto): Promise<{ requestId: string; message: string }> {
    return this.privacyService.createRequest(body);
  }

  /** The link in the verification mail: a redirect to the page that tells the outcome. */
  @Get('verify')
  async verify(@Query('token') token: string | undefined, @Res() response: Response): Promise<void> {
    const status = await this.privacyService.verify(typeof token === 'string' ? token : undefined);
    response.setHeader('Cache-Control', 'no-store');
    response.redirect(302, `/data-deletion/verified?status=${status}`);
  }
}

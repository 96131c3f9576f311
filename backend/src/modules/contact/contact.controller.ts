import { Body, Controller, Get, HttpCode, HttpStatus, Inject, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { APP_CONFIG, type AppConfig } from '../../core/config/config.js';
import { ContactService } from './contact.service.js';
import { CreateContactMessageDto, type ContactAcceptedDto } from './dto/create-contact-message.dto.js';
import { Public } from '../auth/decorators/access.decorator.js';

@Public()
@Controller()
export class ContactController {
  constructor(
    private readonly contactService: ContactService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('contact')
  @HttpCode(HttpStatus.CREATED)
  create(@Body() body: CreateContactMessageDto, @Req() request: Request): Promise<ContactAcceptedDto> {
    // Over the limit, the service throws a 429 that the error filter sends with Retry-After.
    return this.contactService.submit(body, {
      ip: request.ip,
      now: Date.now(),
      userAgent: request.headers['user-agent'],
    });
  }

  /** What the browser needs to know to load the bot check: the public site key, when one is set. */
  @Get('config/public')
  publicConfig(@Res({ passthrough: true }) response: Response): { turnstileSiteKey: string | null } {
    response.setHeader('Cache-Control', 'public, max-age=300');
    return { turnstileSiteKey: this.config.turnstileSiteKey ?? null };
  }
}

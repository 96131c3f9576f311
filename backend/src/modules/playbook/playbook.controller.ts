import { Body, Controller, Get, HttpCode, HttpStatus, Post, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';
import { PlaybookAdminGuard } from './admin-role.guard.js';
import {
  CreatePlaybookDownloadDto,
  type PlaybookDownloadCreatedDto,
  type PlaybookDownloadDto,
} from './dto/playbook-download.dto.js';
import { PlaybookService } from './playbook.service.js';

@Controller()
export class PlaybookController {
  constructor(private readonly playbookService: PlaybookService) {}

  @Post('playbook-download')
  @HttpCode(HttpStatus.CREATED)
  create(@Body() body: CreatePlaybookDownloadDto): Promise<PlaybookDownloadCreatedDto> {
    return this.playbookService.request(body);
  }

  @Get('admin/playbook-downloads')
  @UseGuards(PlaybookAdminGuard)
  list(@Res({ passthrough: true }) response: Response): Promise<PlaybookDownloadDto[]> {
    response.setHeader('Cache-Control', 'no-store');
    return this.playbookService.list();
  }
}

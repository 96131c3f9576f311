import { Body, Controller, Get, HttpCode, HttpStatus, Post, Req, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import { Roles } from '../auth/decorators/roles.decorator.js';
import { StaffGuard } from '../auth/guards/staff.guard.js';
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
  create(@Body() body: CreatePlaybookDownloadDto, @Req() request: Request): Promise<PlaybookDownloadCreatedDto> {
    return this.playbookService.request(body, request.ip);
  }

  @Get('admin/playbook-downloads')
  @UseGuards(StaffGuard)
  @Roles('admin', 'super_admin')
  list(): Promise<PlaybookDownloadDto[]> {
    return this.playbookService.list();
  }
}

import { Body, Controller, Get, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { Access, Public } from '../auth/decorators/access.decorator.js';
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
  @Public()
  @HttpCode(HttpStatus.CREATED)
  create(@Body() body: CreatePlaybookDownloadDto): Promise<PlaybookDownloadCreatedDto> {
    return this.playbookService.request(body);
  }

  @Get('admin/playbook-downloads')
  @Access('playbook', 'read')
  list(): Promise<PlaybookDownloadDto[]> {
    return this.playbookService.list();
  }
}

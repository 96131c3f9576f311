import { Controller, Get, Header } from '@nestjs/common';
import type { FeedItem } from '@northbeam/common';
import { FeedsService } from './feeds.service.js';

@Controller('rss')
export class FeedsController {
  constructor(private readonly feedsService: FeedsService) {}

  @Get('simulation-creation')
  @Header('Cache-Control', 'public, max-age=300')
  simulationCreation(): Promise<FeedItem[]> {
    return this.feedsService.simulationCreation();
  }
}

import { Controller, Get, Header } from '@nestjs/common';
import type { FeedItem } from '@northbeam/common';
import { FeedsService } from './feeds.service.js';
import { Public } from '../auth/decorators/access.decorator.js';

@Public()
@Controller('rss')
export class FeedsController {
  constructor(private readonly feedsService: FeedsService) {}

  @Get('simulation-creation')
  @Header('Cache-Control', 'public, max-age=300')
  simulationCreation(): Promise<FeedItem[]> {
    return this.feedsService.simulationCreation();
  }
}

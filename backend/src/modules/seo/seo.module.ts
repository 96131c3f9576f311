import { Module } from '@nestjs/common';
import { OgImageService } from './og-image.service.js';
import { OgImageController, SeoController } from './seo.controller.js';
import { SeoRepository } from './seo.repository.js';
import { SeoService } from './seo.service.js';
import { TeamModule } from '../team/team.module.js';

@Module({
  imports: [TeamModule],
  controllers: [SeoController, OgImageController],
  providers: [SeoRepository, SeoService, OgImageService],
})
export class SeoModule {}

import { Module } from '@nestjs/common';
import { ActivityModule } from '../activity/activity.module.js';
import { AuthModule } from '../auth/auth.module.js';
import { SiteExportController } from './site-export.controller.js';
import { SiteExportRepository } from './site-export.repository.js';
import { SiteExportService } from './site-export.service.js';

@Module({
  imports: [AuthModule, ActivityModule],
  controllers: [SiteExportController],
  providers: [SiteExportRepository, SiteExportService],
})
export class SiteExportModule {}

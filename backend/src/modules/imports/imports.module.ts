import { Module } from '@nestjs/common';
import { ActivityModule } from '../activity/activity.module.js';
import { AuthModule } from '../auth/auth.module.js';
import { MediaModule } from '../media/media.module.js';
import { PostsModule } from '../posts/posts.module.js';
import { SiteSettingsModule } from '../site-settings/site-settings.module.js';
import { ImportRunner } from './import-runner.js';
import { ImportsController } from './imports.controller.js';
import { ImportsRepository } from './imports.repository.js';
import { ImportsService } from './imports.service.js';
import { NorthbeamImport } from './northbeam-import.js';

/** Imports of a WordPress or Ghost site, or of this site's own export (docs/import.md). */
@Module({
  imports: [AuthModule, ActivityModule, MediaModule, PostsModule, SiteSettingsModule],
  controllers: [ImportsController],
  providers: [ImportsRepository, ImportsService, ImportRunner, NorthbeamImport],
})
export class ImportsModule {}

import { Global, Module } from '@nestjs/common';
import { ActivityModule } from '../activity/activity.module.js';
import { AuthModule } from '../auth/auth.module.js';
import { MailModule } from '../mail/mail.module.js';
import { MediaModule } from '../media/media.module.js';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { RedirectsService } from './redirects.service.js';
import { SiteSettingsController } from './site-settings.controller.js';
import { SiteSettingsRepository } from './site-settings.repository.js';
import { SiteSettingsService } from './site-settings.service.js';

/** Global: the mailers of enquiries, privacy and the playbook read their mailboxes from it. */
@Global()
@Module({
  imports: [AuthModule, ActivityModule, MediaModule, MailModule, NotificationsModule],
  controllers: [SiteSettingsController],
  providers: [SiteSettingsRepository, SiteSettingsService, RedirectsService],
  exports: [SiteSettingsService, RedirectsService],
})
export class SiteSettingsModule {}

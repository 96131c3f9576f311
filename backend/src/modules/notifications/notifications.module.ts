import { Module } from '@nestjs/common';
import { ActivityModule } from '../activity/activity.module.js';
import { MailModule } from '../mail/mail.module.js';
import { NotificationsController } from './notifications.controller.js';
import { NotificationsRepository } from './notifications.repository.js';
import { NotificationsService } from './notifications.service.js';

/** Staff notifications (mail and the admin bar's bell) that other modules send through `NotificationsService`. */
@Module({
  imports: [ActivityModule, MailModule],
  controllers: [NotificationsController],
  providers: [NotificationsRepository, NotificationsService],
  exports: [NotificationsService],
})
export class NotificationsModule {}

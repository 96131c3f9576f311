import { Module } from '@nestjs/common';
import { ActivityModule } from '../activity/activity.module.js';
import { AnalyticsModule } from '../analytics/analytics.module.js';
import { InboundMailModule } from '../inbound-mail/inbound-mail.module.js';
import { MailModule } from '../mail/mail.module.js';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { UsersModule } from '../users/users.module.js';
import { WebhookEventsModule } from '../webhooks/webhook-events.js';
import { EnquiriesController } from './enquiries.controller.js';
import { EnquiriesRepository } from './enquiries.repository.js';
import { EnquiriesService } from './enquiries.service.js';
import { EnquiryReminders } from './enquiry-reminders.js';
import { ReplyTemplatesController } from './reply-templates.controller.js';
import { ReplyTemplatesRepository } from './reply-templates.repository.js';
import { ReplyTemplatesService } from './reply-templates.service.js';

/** The admin's enquiries inbox over the messages the contact module stores. */
@Module({
  imports: [
    ActivityModule,
    MailModule,
    AnalyticsModule,
    UsersModule,
    NotificationsModule,
    WebhookEventsModule,
    InboundMailModule,
  ],
  controllers: [EnquiriesController, ReplyTemplatesController],
  providers: [EnquiriesRepository, EnquiriesService, ReplyTemplatesRepository, ReplyTemplatesService, EnquiryReminders],
})
export class EnquiriesModule {}

import { Module } from '@nestjs/common';
import { ActivityModule } from '../activity/activity.module.js';
import { MailModule } from '../mail/mail.module.js';
import { NewsletterBounces } from './newsletter-bounces.js';
import { NewsletterController } from './newsletter.controller.js';
import { NewsletterRepository } from './newsletter.repository.js';
import { NewsletterService } from './newsletter.service.js';
import { SubscribersAdminController } from './subscribers-admin.controller.js';
import { SubscribersAdminRepository } from './subscribers-admin.repository.js';
import { SubscribersAdminService } from './subscribers-admin.service.js';
import { WebhookEventsModule } from '../webhooks/webhook-events.js';

@Module({
  imports: [MailModule, ActivityModule, WebhookEventsModule],
  controllers: [NewsletterController, SubscribersAdminController],
  providers: [
    NewsletterService,
    NewsletterRepository,
    NewsletterBounces,
    SubscribersAdminService,
    SubscribersAdminRepository,
  ],
  exports: [NewsletterService],
})
export class NewsletterModule {}

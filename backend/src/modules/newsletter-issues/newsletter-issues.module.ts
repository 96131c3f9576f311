import { Module } from '@nestjs/common';
import { ActivityModule } from '../activity/activity.module.js';
import { MailModule } from '../mail/mail.module.js';
import { NewsletterModule } from '../newsletter/newsletter.module.js';
import { NewsletterIssuesController } from './newsletter-issues.controller.js';
import { NewsletterIssuesRepository } from './newsletter-issues.repository.js';
import { NewsletterIssuesService } from './newsletter-issues.service.js';
import { NewsletterScheduler } from './newsletter-scheduler.js';
import { WebhookEventsModule } from '../webhooks/webhook-events.js';

/**
 * Newsletter issues written in the admin and sent to confirmed subscribers through the mail outbox,
 * now or when scheduled, and their public web versions.
 */
@Module({
  imports: [ActivityModule, MailModule, NewsletterModule, WebhookEventsModule],
  controllers: [NewsletterIssuesController],
  providers: [NewsletterIssuesRepository, NewsletterIssuesService, NewsletterScheduler],
  exports: [NewsletterIssuesService],
})
export class NewsletterIssuesModule {}

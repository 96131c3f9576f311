import { Module } from '@nestjs/common';
import { ActivityModule } from '../activity/activity.module.js';
import { MailModule } from '../mail/mail.module.js';
import { NewsletterModule } from '../newsletter/newsletter.module.js';
import { NewsletterIssuesController } from './newsletter-issues.controller.js';
import { NewsletterIssuesRepository } from './newsletter-issues.repository.js';
import { NewsletterIssuesService } from './newsletter-issues.service.js';

/** Newsletter issues written in the admin and sent to confirmed subscribers through the mail outbox. */
@Module({
  imports: [ActivityModule, MailModule, NewsletterModule],
  controllers: [NewsletterIssuesController],
  providers: [NewsletterIssuesRepository, NewsletterIssuesService],
})
export class NewsletterIssuesModule {}

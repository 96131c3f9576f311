import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module.js';
import { NewsletterController } from './newsletter.controller.js';
import { NewsletterRepository } from './newsletter.repository.js';
import { NewsletterService } from './newsletter.service.js';

@Module({
  imports: [MailModule],
  controllers: [NewsletterController],
  providers: [NewsletterService, NewsletterRepository],
  exports: [NewsletterService],
})
export class NewsletterModule {}

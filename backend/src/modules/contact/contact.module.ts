import { Module } from '@nestjs/common';
import { AnalyticsModule } from '../analytics/analytics.module.js';
import { MailModule } from '../mail/mail.module.js';
import { ContactController } from './contact.controller.js';
import { ContactRepository } from './contact.repository.js';
import { ContactService } from './contact.service.js';
import { TurnstileVerifier } from './turnstile-verifier.js';
import { WebhookEventsModule } from '../webhooks/webhook-events.js';

@Module({
  imports: [MailModule, AnalyticsModule, WebhookEventsModule],
  controllers: [ContactController],
  providers: [ContactService, ContactRepository, TurnstileVerifier],
})
export class ContactModule {}

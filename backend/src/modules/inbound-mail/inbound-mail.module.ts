import { Module } from '@nestjs/common';
import { ActivityModule } from '../activity/activity.module.js';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { WebhookEventsModule } from '../webhooks/webhook-events.js';
import { InboundMailController } from './inbound-mail.controller.js';
import { InboundMailPoller } from './inbound-mail.poller.js';
import { InboundMailRepository } from './inbound-mail.repository.js';
import { InboundMailService } from './inbound-mail.service.js';

/** The connected mailbox (docs/inbound-mail.md): the poller, the enquiry threading and the Unmatched list. */
@Module({
  imports: [ActivityModule, NotificationsModule, WebhookEventsModule],
  controllers: [InboundMailController],
  providers: [InboundMailRepository, InboundMailService, InboundMailPoller],
  exports: [InboundMailService, InboundMailPoller],
})
export class InboundMailModule {}

import { Module } from '@nestjs/common';
import { ActivityModule } from '../activity/activity.module.js';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { WebhookDispatcher } from './webhook-dispatcher.js';
import { WebhookEventsModule } from './webhook-events.js';
import { WebhookSender } from './webhook-sender.js';
import { WebhooksController } from './webhooks.controller.js';
import { WebhooksService } from './webhooks.service.js';

/** Webhooks (docs/webhooks.md): the admin's endpoints, and the dispatcher that delivers the outbox. */
@Module({
  imports: [ActivityModule, NotificationsModule, WebhookEventsModule],
  controllers: [WebhooksController],
  providers: [WebhooksService, WebhookSender, WebhookDispatcher],
  exports: [WebhookDispatcher, WebhookSender],
})
export class WebhooksModule {}

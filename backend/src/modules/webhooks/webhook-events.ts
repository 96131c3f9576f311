import { Injectable, Module } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { WebhookEventType } from '@northbeam/common';
import { newMessageId, webhookPayload, type WebhookEventData } from './webhook-payloads.js';
import { WebhooksRepository } from './webhooks.repository.js';

/**
 * What other modules call to announce an event (docs/webhooks.md): inside the transaction of the
 * change that causes it, one delivery row per active endpoint that wants the event, all with one
 * `webhook-id`. Nothing is sent here: the dispatcher delivers after the transaction commits, so a
 * rolled-back change announces nothing and a committed one is never lost.
 */
@Injectable()
export class WebhookEvents {
  /** The clock of the event's `timestamp` (tests give their own). */
  now = (): Date => new Date();

  constructor(private readonly repository: WebhooksRepository) {}

  async emit<T extends WebhookEventType>(manager: EntityManager, type: T, data: WebhookEventData[T]): Promise<number> {
    const endpointIds = await this.repository.subscribedEndpointIds(manager, type);
    if (endpointIds.length === 0) return 0;
    const now = this.now();
    const payload = webhookPayload(type, data, now);
    const messageId = newMessageId();
    await this.repository.insertDeliveries(
      manager,
      endpointIds.map((endpointId) => ({ endpointId, messageId, payload })),
      now,
    );
    return endpointIds.length;
  }
}

/** `WebhookEvents` for the modules whose changes are events (contact, enquiries, posts, newsletter, privacy). */
@Module({
  providers: [WebhooksRepository, WebhookEvents],
  exports: [WebhookEvents, WebhooksRepository],
})
export class WebhookEventsModule {}

import type { PersonalDataStore } from '../../core/personal-data/personal-data-store.js';
import { webhookDeliveriesPersonalData } from './webhooks.repository.js';

/**
 * Webhook deliveries (docs/webhooks.md): the events sent to the endpoints staff configured, whose
 * payloads may name an enquirer or a subscriber (name, address, message). Kept as the delivery log
 * for a period; an erasure removes every delivery whose payload mentions the address.
 */
export const webhookDeliveriesStore: PersonalDataStore = {
  name: 'webhook_deliveries',
  holds:
    'Events sent to the webhook endpoints staff configured: the payload (an enquiry, a subscriber address), and each attempt’s result',
  retention: { key: 'webhookDeliveries', rule: (period) => `webhook_deliveries older than ${period}` },
  ...webhookDeliveriesPersonalData,
};

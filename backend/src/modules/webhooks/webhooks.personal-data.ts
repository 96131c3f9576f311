import { countRows, deleteRows, type PersonalDataStore } from '../../core/personal-data/personal-data-store.js';

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
  erase(manager, email) {
    const pattern = `%${email.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    return deleteRows(manager, `DELETE FROM "webhook_deliveries" WHERE lower("payload"::text) LIKE $1 RETURNING 1`, [
      pattern,
    ]);
  },
  // A delivery still being tried is kept until it is delivered or given up (at most a day past the period).
  purge: (manager, cutoff) =>
    deleteRows(
      manager,
      `DELETE FROM "webhook_deliveries" WHERE "created_at" < $1 AND "status" <> 'pending' RETURNING 1`,
      [cutoff],
    ),
  count: (manager) => countRows(manager, 'webhook_deliveries'),
};

import { webhookLimits } from '@northbeam/common';
import type { OutgoingMail } from '../mail/mail.repository.js';
import { notificationMail } from '../notifications/notifications.mails.js';
import type { Recipient } from '../notifications/notifications.repository.js';

/** To every admin: an endpoint failed every delivery for a day and was paused. */
export function webhookPausedMail(
  recipient: Recipient,
  accountUrl: string,
  url: string,
  screenUrl: string,
): OutgoingMail {
  return notificationMail('webhook_paused', recipient, accountUrl, {
    subject: `Webhook endpoint paused: ${url}`,
    heading: 'A webhook endpoint was paused',
    paragraphs: [
      `Every delivery to ${url} failed for ${webhookLimits.pauseAfterHours} hours, so the site stopped sending events to it.`,
      'Look at its delivery log for what the receiver answered, fix the receiver, then resume the endpoint: waiting deliveries are then tried again, and "Redeliver" sends any that failed.',
    ],
    action: { label: 'Open the webhooks', url: screenUrl },
  });
}

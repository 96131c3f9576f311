import type { PersonalDataStore } from '../../core/personal-data/personal-data-store.js';
import { emailOutboxPersonalData } from './mail.repository.js';
import type { OutboxStatus } from './entities/email-outbox.entity.js';

const mailStatusWords: Record<string, string> = {
  pending: 'Waiting to be sent',
  sent: 'Sent',
  failed: 'Could not be delivered',
  cancelled: 'Not sent (cancelled)',
} satisfies Record<OutboxStatus, string>;

/** Outbox mails: to the address, and about it (the company's notification of their enquiry). */
export const emailOutboxStore: PersonalDataStore = {
  name: 'email_outbox',
  letter: {
    title: 'E-mails we sent you',
    fields: {
      queuedAt: 'Written',
      sentAt: 'Sent',
      subject: 'Subject',
      text: 'Text',
      status: 'Delivery',
      kind: null,
    },
    words: { status: (status) => mailStatusWords[status] ?? status },
  },
  holds: 'Mails the site sends: recipient, subject, body, and when it was sent',
  retention: {
    key: 'sentMails',
    rule: (period) => `sent, cancelled or given-up email_outbox rows older than ${period}`,
  },
  identity: ['kind', 'subject', 'queuedAt'],
  ...emailOutboxPersonalData,
};

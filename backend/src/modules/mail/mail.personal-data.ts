import {
  countRows,
  deleteRows,
  selectRows,
  type PersonalDataStore,
} from '../../core/personal-data/personal-data-store.js';
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
  erase(manager, email) {
    const pattern = `%${email.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    return deleteRows(
      manager,
      // The headers too: the staff copy of an enquiry names its sender only there (X-Northbeam-Enquirer).
      `DELETE FROM "email_outbox" WHERE lower(trim("to_address")) = $1 OR lower("text_body") LIKE $2 OR lower("html_body") LIKE $2
          OR lower("headers"::text) LIKE $2 RETURNING 1`,
      [email, pattern],
    );
  },
  identity: ['kind', 'subject', 'queuedAt'],
  collect: (manager, email) =>
    selectRows(
      manager,
      `SELECT "kind", "subject", "text_body" AS "text", "status", "created_at" AS "queuedAt", "sent_at" AS "sentAt"
         FROM "email_outbox" WHERE lower(trim("to_address")) = $1 ORDER BY "created_at"`,
      [email],
    ),
  // A mail that will never go (cancelled by an unsubscribe, or given up after its retries) is kept
  // as long as a sent one, counted from when it was queued.
  purge: (manager, cutoff) =>
    deleteRows(
      manager,
      `DELETE FROM "email_outbox"
        WHERE ("sent_at" IS NOT NULL AND "sent_at" < $1)
           OR ("sent_at" IS NULL AND "status" IN ('cancelled', 'failed') AND "created_at" < $1)
       RETURNING 1`,
      [cutoff],
    ),
  count: (manager) => countRows(manager, 'email_outbox'),
};

import { subscribeSourceLabel, subscriberStatusLabels, type SubscriberStatus } from '@northbeam/common';
import {
  countRows,
  deleteRows,
  selectRows,
  type PersonalDataStore,
} from '../../core/personal-data/personal-data-store.js';

/** Newsletter subscribers (docs/product.md#retention): confirmed ones until they unsubscribe, unconfirmed ones for a period. */
export const subscribersStore: PersonalDataStore = {
  name: 'subscribers',
  letter: {
    title: 'Your newsletter subscription',
    fields: {
      email: 'E-mail',
      status: 'Where it stands',
      signedUpAt: 'Signed up',
      source: 'Signed up from',
      page: 'On the page',
      confirmationSentAt: 'Confirmation e-mail sent',
      consentConfirmedAt: 'Confirmed by you',
      unsubscribedAt: 'Unsubscribed',
      hardBounces: 'Mails to you that could not be delivered',
      softBounces: 'Mails to you delayed or refused for a while',
      complaints: 'Mails you reported as spam',
      blockedReason: 'Why we no longer send to you',
      blockedAt: 'No longer sent to since',
    },
    words: {
      status: (status) => subscriberStatusLabels[status as SubscriberStatus] ?? status,
      blockedReason: (reason) =>
        reason === 'complaint' ? 'You reported a mail as spam' : 'Your mailbox refused our mail',
      source: subscribeSourceLabel,
    },
  },
  holds:
    'Newsletter subscribers: e-mail, state, where they signed up, when they asked, confirmed and unsubscribed, and counts of bounces and complaints',
  keptWhile: 'confirmed subscribers: until they unsubscribe',
  retention: { key: 'unconfirmedSubscribers', rule: (period) => `unconfirmed subscribers older than ${period}` },
  erase: (manager, email) =>
    deleteRows(manager, `DELETE FROM "subscribers" WHERE lower(trim("email")) = $1 RETURNING 1`, [email]),
  identity: ['email', 'signedUpAt'],
  collect: (manager, email) =>
    selectRows(
      manager,
      `SELECT "email", "status", "source", "page", "created_at" AS "signedUpAt", "confirmation_sent_at" AS "confirmationSentAt",
              "confirmed_at" AS "consentConfirmedAt", "unsubscribed_at" AS "unsubscribedAt",
              "hard_bounces" AS "hardBounces", "soft_bounces" AS "softBounces", "complaints",
              "blocked_reason" AS "blockedReason", "blocked_at" AS "blockedAt"
         FROM "subscribers" WHERE lower(trim("email")) = $1`,
      [email],
    ),
  purge: (manager, cutoff) =>
    deleteRows(
      manager,
      `DELETE FROM "subscribers" WHERE "confirmed_at" IS NULL AND "unsubscribed_at" IS NULL AND "created_at" < $1 RETURNING 1`,
      [cutoff],
    ),
  count: (manager) => countRows(manager, 'subscribers'),
};

/** Hashes of erased or unsubscribed addresses, so that they are never mailed again. No address in clear. */
export const suppressionsStore: PersonalDataStore = {
  name: 'email_suppressions',
  holds: 'Keyed hashes of addresses that must never be mailed again (no address in clear)',
  keptWhile: 'for good: it is what keeps an erased address from being mailed',
  count: (manager) => countRows(manager, 'email_suppressions'),
};

import { subscribeSourceLabel, subscriberStatusLabels, type SubscriberStatus } from '@northbeam/common';
import type { PersonalDataStore } from '../../core/personal-data/personal-data-store.js';
import { subscribersPersonalData } from './newsletter.repository.js';
import { suppressionsPersonalData } from './suppression-list.repository.js';

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
  identity: ['email', 'signedUpAt'],
  ...subscribersPersonalData,
};

/** Hashes of erased or unsubscribed addresses, so that they are never mailed again. No address in clear. */
export const suppressionsStore: PersonalDataStore = {
  name: 'email_suppressions',
  holds: 'Keyed hashes of addresses that must never be mailed again (no address in clear)',
  keptWhile: 'for good: it is what keeps an erased address from being mailed',
  ...suppressionsPersonalData,
};

import type { PersonalDataStore } from '../personal-data/personal-data-store.js';
import { rateLimitCountersPersonalData } from './rate-limit.repository.js';

/**
 * Counters hold a digest of a client address or e-mail; a window lasts an hour at most, so a
 * day-old counter is finished and keeping it would only keep the digest.
 */
export const rateLimitCountersStore: PersonalDataStore = {
  name: 'rate_limit_counters',
  holds: 'Request counters keyed by a digest of a client address or e-mail',
  retention: {
    key: 'rateLimitCounters',
    rule: (period) => `rate_limit_counters whose window started over ${period} ago`,
  },
  ...rateLimitCountersPersonalData,
};

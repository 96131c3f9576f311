import type { PersonalDataStore } from '../../core/personal-data/personal-data-store.js';
import { loginAttemptsPersonalData } from './login-throttle.repository.js';

/** Failed sign-in counters. One idle for a day starts again from one anyway (and no wait outlasts an hour). */
export const loginAttemptsStore: PersonalDataStore = {
  name: 'login_attempts',
  holds: 'Failed sign-in counters keyed by a digest of the address and client',
  retention: { key: 'loginAttempts', rule: (period) => `login_attempts idle for over ${period}` },
  ...loginAttemptsPersonalData,
};

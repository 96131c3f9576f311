import { countRows, deleteRows, type PersonalDataStore } from '../../core/personal-data/personal-data-store.js';

/** Failed sign-in counters. One idle for a day starts again from one anyway (and no wait outlasts an hour). */
export const loginAttemptsStore: PersonalDataStore = {
  name: 'login_attempts',
  holds: 'Failed sign-in counters keyed by a digest of the address and client',
  retention: { key: 'loginAttempts', rule: (period) => `login_attempts idle for over ${period}` },
  purge: (manager, cutoff, now) =>
    deleteRows(
      manager,
      `DELETE FROM "login_attempts" WHERE "last_failure_at" < $1 AND ("blocked_until" IS NULL OR "blocked_until" < $2) RETURNING 1`,
      [cutoff, now],
    ),
  count: (manager) => countRows(manager, 'login_attempts'),
};

import { Initial1763780000000 } from './1763780000000-initial.js';
import { PrivacyAndAnalytics1763784000000 } from './1763784000000-privacy-and-analytics.js';

/** Every migration, oldest first. Never rewrite one that has landed: add a new one. */
export const migrations: Function[] = [
  Initial1763780000000,
  PrivacyAndAnalytics1763784000000,
];

import { Initial1763780000000 } from './1763780000000-initial.js';
import { LeadCapture1763783000000 } from './1763783000000-lead-capture.js';

/** Every migration, oldest first. Never rewrite one that has landed: add a new one. */
export const migrations: Function[] = [Initial1763780000000, LeadCapture1763783000000];

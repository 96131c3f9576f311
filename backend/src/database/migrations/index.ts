import { Initial1763780000000 } from './1763780000000-initial.js';
import { CaseStudies1763782000000 } from './1763782000000-case-studies.js';

/** Every migration, oldest first. Never rewrite one that has landed: add a new one. */
export const migrations: Function[] = [
  Initial1763780000000,
  CaseStudies1763782000000,
];

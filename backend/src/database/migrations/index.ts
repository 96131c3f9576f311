import { Initial1763780000000 } from './1763780000000-initial.js';
import { StaffAndPosts1763781000000 } from './1763781000000-staff-and-posts.js';

/** Every migration, oldest first. Never rewrite one that has landed: add a new one. */
export const migrations: Function[] = [
  Initial1763780000000,
  StaffAndPosts1763781000000,
];

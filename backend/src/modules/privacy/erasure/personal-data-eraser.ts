import type { EntityManager } from 'typeorm';

/**
 * Removes the personal data one table holds about an address. `email` is trimmed and lower-cased.
 * Erasers must be idempotent: a second run finds nothing and returns 0.
 */
export interface PersonalDataEraser {
  tableName: string;
  erase(manager: EntityManager, email: string): Promise<number>;
}

import type { StaffUser } from '@northbeam/common';
import type { User } from '../entities/user.entity.js';

/**
 * An account as the command line and the account-creation path name it: who it is, without what
 * the server computes for the signed-in staff member (`StaffUser`, the one name of the actor).
 */
export type StaffAccountSummary = Pick<StaffUser, 'id' | 'name' | 'email' | 'role'>;

/** An account as the command line and the API name it. */
export function mapStaffAccountSummary(user: User): StaffAccountSummary {
  return { id: user.id, name: user.name, email: user.email, role: user.role };
}

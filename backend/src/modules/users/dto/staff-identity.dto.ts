import type { StaffIdentity } from '@northbeam/common';
import type { User } from '../entities/user.entity.js';

/** An account as the command line and the API name it. */
export function mapStaffUser(user: User): StaffIdentity {
  return { id: user.id, name: user.name, email: user.email, role: user.role };
}

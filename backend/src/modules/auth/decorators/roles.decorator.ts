import { SetMetadata } from '@nestjs/common';
import type { StaffRole } from '@northbeam/common';

export const ROLES_KEY = 'staffRoles';

/** Only these roles may call the handler (StaffGuard enforces it: 403 otherwise). */
export const Roles = (...roles: StaffRole[]) => SetMetadata(ROLES_KEY, roles);

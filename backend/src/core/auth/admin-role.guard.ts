import { type CanActivate, type ExecutionContext, HttpStatus, Injectable } from '@nestjs/common';
import { messages, type StaffRole } from '@northbeam/common';
import { ApiError } from '../http/api-error.js';

/** What the session layer (passport) puts on `request.user`; only the fields guards read. */
export interface RequestUser {
  id: string;
  email?: string;
  name?: string;
  role: StaffRole;
}

export function requestUserOf(request: unknown): RequestUser | undefined {
  return (request as { user?: RequestUser }).user;
}

/**
 * Admin and super_admin only (the privacy team): 401 `Not signed in` without a user, 403 for a
 * consultant. Reads `request.user`, which the session layer sets.
 */
@Injectable()
export class AdminRoleGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const user = requestUserOf(context.switchToHttp().getRequest());
    if (!user) throw new ApiError(HttpStatus.UNAUTHORIZED, messages.notSignedIn);
    if (user.role !== 'admin' && user.role !== 'super_admin')
      throw new ApiError(HttpStatus.FORBIDDEN, messages.forbidden);
    return true;
  }
}

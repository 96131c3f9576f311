import { HttpStatus, type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { messages } from '@northbeam/common';
import { ApiError } from '../../core/http/api-error.js';

const adminRoles = new Set(['admin', 'super_admin']);

/**
 * Admins and super admins only. Reads the user that the session middleware puts on the request;
 * to be replaced by the auth module's shared guard once it lands.
 */
@Injectable()
export class PlaybookAdminGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<Request & { user?: { role?: string } }>();
    const user = request.user;
    if (!user) throw new ApiError(HttpStatus.UNAUTHORIZED, messages.notSignedIn);
    if (!user.role || !adminRoles.has(user.role)) throw new ApiError(HttpStatus.FORBIDDEN, messages.forbidden);
    return true;
  }
}

import { type CanActivate, type ExecutionContext, HttpStatus, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { messages, type StaffRole, type StaffIdentity } from '@northbeam/common';
import { ApiError } from '../../../core/http/api-error.js';
import { AuthService } from '../auth.service.js';
import { ROLES_KEY } from '../decorators/roles.decorator.js';

/** Admin calls: 401 when signed out, 403 when the role is not one that @Roles names. */
@Injectable()
export class StaffGuard implements CanActivate {
  constructor(
    private readonly authService: AuthService,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request & { staffUser?: StaffIdentity }>();
    // Staff answers are personal: never kept by a browser or shared cache.
    context.switchToHttp().getResponse<Response>().setHeader('Cache-Control', 'private, no-store');
    const user = await this.authService.currentUser(request);
    if (!user) throw new ApiError(HttpStatus.UNAUTHORIZED, messages.notSignedIn);
    const roles = this.reflector.getAllAndOverride<StaffRole[] | undefined>(ROLES_KEY, [context.getHandler(), context.getClass()]);
    if (roles && !roles.includes(user.role)) throw new ApiError(HttpStatus.FORBIDDEN, messages.forbidden);
    request.staffUser = user;
    return true;
  }
}

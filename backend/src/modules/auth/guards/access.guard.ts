import { type CanActivate, type ExecutionContext, HttpStatus, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { messages, permissionSatisfies, staffMessages, type StaffUser } from '@northbeam/common';
import { ApiError } from '../../../core/http/api-error.js';
import { AuthService } from '../auth.service.js';
import { ACCESS_RULE, type AccessRule } from '../decorators/access.decorator.js';

export type StaffRequest = Request & { staffUser?: StaffUser };

/**
 * The one permission check of every route (a global guard). Public routes pass untouched. Any other
 * route needs a signed-in, enabled account (401 otherwise), re-read from the database on each
 * request so that a disabled or removed account is refused at once by every instance; then the
 * route's rule decides (403). A route that declares no rule is refused.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly authService: AuthService,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const rule = this.reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_RULE, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (rule?.kind === 'public') return true;
    const request = context.switchToHttp().getRequest<StaffRequest>();
    // Staff answers are personal: never kept by a browser or shared cache.
    context.switchToHttp().getResponse<Response>().setHeader('Cache-Control', 'private, no-store');
    const user = await this.authService.currentUser(request);
    if (!user) throw new ApiError(HttpStatus.UNAUTHORIZED, messages.notSignedIn);
    if (!rule) throw new ApiError(HttpStatus.FORBIDDEN, messages.forbidden);
    if (user.twoFactorSetupRequired && !(rule.kind === 'signed-in' && rule.duringTwoFactorSetup))
      throw new ApiError(HttpStatus.FORBIDDEN, staffMessages.setUpTwoFactor);
    if (rule.kind === 'area' && !permissionSatisfies(user.permissions[rule.area], rule.level))
      throw new ApiError(HttpStatus.FORBIDDEN, messages.forbidden);
    request.staffUser = user;
    return true;
  }
}

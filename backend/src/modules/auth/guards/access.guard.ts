import { type CanActivate, type ExecutionContext, HttpStatus, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import {
  apiTokenMessages,
  messages,
  permissionSatisfies,
  staffMessages,
  type StaffArea,
  type StaffUser,
} from '@northbeam/common';
import { ApiError } from '../../../core/http/api-error.js';
import { ApiTokensService } from '../../api-tokens/api-tokens.service.js';
import { bearerToken } from '../../api-tokens/bearer.js';
import { AuthService } from '../auth.service.js';
import { ACCESS_RULE, type AccessRule } from '../decorators/access.decorator.js';

export type StaffRequest = Request & { staffUser?: StaffUser; apiTokenId?: string };

/** Areas a token never reaches whatever its role: a token does not make or revoke tokens. */
const personOnlyAreas: readonly StaffArea[] = ['api-tokens'];

/**
 * The one permission check of every route (a global guard). Public routes pass untouched. Any other
 * route needs a signed-in, enabled account (401 otherwise), re-read from the database on each
 * request so that a disabled or removed account is refused at once by every instance; then the
 * route's rule decides (403). A route that declares no rule is refused.
 *
 * A request with `Authorization: Bearer <API token>` (docs/product.md#api-tokens) carries no session
 * (the session middleware skips it): the token is read from the table on every request (401 once it
 * is revoked or expired), counted against its allowance (429), and acts with its role through the
 * same rules. What only a person does (`@SignedIn()` routes: their account, sessions, two-factor
 * sign-in, notifications; and the API tokens area) is refused to a token with 403.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly authService: AuthService,
    private readonly reflector: Reflector,
    private readonly apiTokens: ApiTokensService,
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
    const token = bearerToken(request);
    if (token !== undefined) return this.admitToken(token, rule, request, context);
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

  private async admitToken(
    token: string,
    rule: AccessRule | undefined,
    request: StaffRequest,
    context: ExecutionContext,
  ): Promise<boolean> {
    const identity = await this.apiTokens.authenticate(token);
    if (!identity) {
      context.switchToHttp().getResponse<Response>().setHeader('WWW-Authenticate', 'Bearer error="invalid_token"');
      throw new ApiError(HttpStatus.UNAUTHORIZED, apiTokenMessages.invalid);
    }
    if (!rule) throw new ApiError(HttpStatus.FORBIDDEN, messages.forbidden);
    if (rule.kind === 'signed-in' || (rule.kind === 'area' && personOnlyAreas.includes(rule.area)))
      throw new ApiError(HttpStatus.FORBIDDEN, apiTokenMessages.personOnly);
    if (rule.kind === 'area' && !permissionSatisfies(identity.user.permissions[rule.area], rule.level))
      throw new ApiError(HttpStatus.FORBIDDEN, messages.forbidden);
    request.staffUser = identity.user;
    request.apiTokenId = identity.tokenId;
    return true;
  }
}

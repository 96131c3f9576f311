import { type ExecutionContext, HttpStatus, Injectable } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import type { Request } from 'express';
import { messages } from '@northbeam/common';
import { ApiError } from '../../../core/http/api-error.js';
import { toFieldErrors } from '../../../core/http/validation.js';
import { LoginDto } from '../dto/login.dto.js';

/**
 * Validates the sign-in body with the sign-in sentences (docs/product.md#sessions) (guards run before pipes, so the global
 * ValidationPipe would come too late), then lets passport-local check the credentials.
 */
@Injectable()
export class LocalAuthGuard extends AuthGuard('local') {
  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    // Only the two fields, read as own properties: a body such as {"__proto__": …} must not reach class-transformer.
    const body = (request.body ?? {}) as Record<string, unknown>;
    const fields = {
      email: Object.hasOwn(body, 'email') ? body.email : undefined,
      password: Object.hasOwn(body, 'password') ? body.password : undefined,
    };
    const dto = plainToInstance(LoginDto, fields);
    const errors = validateSync(dto, { whitelist: true, forbidUnknownValues: true });
    if (errors.length > 0) {
      const fieldErrors = toFieldErrors(errors);
      throw new ApiError(HttpStatus.BAD_REQUEST, Object.values(fieldErrors)[0][0], fieldErrors);
    }
    request.body = { email: dto.email, password: dto.password };
    return (await super.canActivate(context)) as boolean;
  }

  override handleRequest<TUser>(error: unknown, user: TUser): TUser {
    if (error instanceof Error) throw error;
    if (error || !user) throw new ApiError(HttpStatus.UNAUTHORIZED, messages.invalidCredentials);
    return user;
  }
}

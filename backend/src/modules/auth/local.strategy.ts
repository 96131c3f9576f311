import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { Strategy } from 'passport-local';
import type { User } from '../users/entities/user.entity.js';
import { AuthService } from './auth.service.js';

/** passport-local: e-mail and password from the JSON body, checked by AuthService. */
@Injectable()
export class LocalStrategy extends PassportStrategy(Strategy, 'local') {
  constructor(private readonly authService: AuthService) {
    super({ usernameField: 'email', passwordField: 'password', passReqToCallback: true, session: false });
  }

  validate(request: Request, email: string, password: string): Promise<User> {
    return this.authService.validateCredentials(email, password, request.ip ?? 'unknown');
  }
}

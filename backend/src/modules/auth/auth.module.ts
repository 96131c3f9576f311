import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ActivityModule } from '../activity/activity.module.js';
import { ApiTokensModule } from '../api-tokens/api-tokens.module.js';
import { UsersModule } from '../users/users.module.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { LoginAttempt } from './entities/login-attempt.entity.js';
import { RecoveryCode } from './entities/recovery-code.entity.js';
import { AccessGuard } from './guards/access.guard.js';
import { LocalStrategy } from './local.strategy.js';
import { LoginThrottleRepository } from './login-throttle.repository.js';
import { LoginThrottleService } from './login-throttle.service.js';
import { SessionsController } from './sessions.controller.js';
import { SessionsService } from './sessions.service.js';
import { TwoFactorController } from './two-factor/two-factor.controller.js';
import { TwoFactorRepository } from './two-factor/two-factor.repository.js';
import { TwoFactorService } from './two-factor/two-factor.service.js';

/**
 * Staff sign-in, two-factor sign-in and sessions, and the global AccessGuard: every route of every
 * module declares `@Public()`, `@SignedIn()` or `@Access(area, level)`, and a route without one is refused.
 */
@Module({
  imports: [
    PassportModule.register({ session: false }),
    TypeOrmModule.forFeature([LoginAttempt, RecoveryCode]),
    UsersModule,
    ActivityModule,
    ApiTokensModule,
  ],
  controllers: [AuthController, TwoFactorController, SessionsController],
  providers: [
    AuthService,
    LocalStrategy,
    LoginThrottleRepository,
    LoginThrottleService,
    SessionsService,
    TwoFactorRepository,
    TwoFactorService,
    { provide: APP_GUARD, useClass: AccessGuard },
  ],
  exports: [AuthService, TwoFactorService, LoginThrottleService],
})
export class AuthModule {}

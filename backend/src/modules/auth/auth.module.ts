import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UsersModule } from '../users/users.module.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { LoginAttempt } from './entities/login-attempt.entity.js';
import { StaffGuard } from './guards/staff.guard.js';
import { LocalStrategy } from './local.strategy.js';
import { LoginThrottleRepository } from './login-throttle.repository.js';
import { LoginThrottleService } from './login-throttle.service.js';

/**
 * Staff sign-in and sessions. Other modules import it for StaffGuard, @Roles and @CurrentUser:
 * `@UseGuards(StaffGuard) @Roles('admin', 'super_admin')`.
 */
@Module({
  imports: [PassportModule.register({ session: false }), TypeOrmModule.forFeature([LoginAttempt]), UsersModule],
  controllers: [AuthController],
  providers: [AuthService, LocalStrategy, LoginThrottleRepository, LoginThrottleService, StaffGuard],
  exports: [AuthService, StaffGuard],
})
export class AuthModule {}

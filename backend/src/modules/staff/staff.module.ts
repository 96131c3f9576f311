import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ActivityModule } from '../activity/activity.module.js';
import { AuthModule } from '../auth/auth.module.js';
import { MailModule } from '../mail/mail.module.js';
import { UsersModule } from '../users/users.module.js';
import { StaffToken } from './entities/staff-token.entity.js';
import { PasswordResetService } from './password-reset.service.js';
import { PasswordResetController, StaffController, StaffInvitationsController } from './staff.controller.js';
import { StaffRepository } from './staff.repository.js';
import { StaffService } from './staff.service.js';

/** Staff accounts in the admin: the staff screen, invitations and password reset links. */
@Module({
  imports: [TypeOrmModule.forFeature([StaffToken]), AuthModule, ActivityModule, MailModule, UsersModule],
  controllers: [StaffController, StaffInvitationsController, PasswordResetController],
  providers: [StaffRepository, StaffService, PasswordResetService],
  exports: [StaffService],
})
export class StaffModule {}

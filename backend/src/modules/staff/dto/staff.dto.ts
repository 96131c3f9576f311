import { IsBoolean, IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { IsEmailAddress } from '../../../core/validation/is-required-email.js';
import { IsListPage, IsListSearch } from '../../../core/validation/list-query.decorators.js';
import {
  limits,
  messages,
  staffLimits,
  staffMessages,
  staffRoles,
  staffStatuses,
  type StaffRole,
  type StaffStatus,
} from '@northbeam/common';
import { Trim } from '../../../core/validation/trim.js';

/** Query of GET /api/admin/staff. */
export class ListStaffQueryDto {
  @IsListPage()
  page?: number;

  @IsListSearch(200)
  q?: string;

  @IsOptional()
  @IsIn(staffRoles, { message: staffMessages.roleInvalid })
  role?: StaffRole;

  @IsOptional()
  @IsIn(staffStatuses, { message: 'Status must be active, disabled or invited' })
  status?: StaffStatus;
}

export class InviteStaffDto {
  @Trim()
  @IsEmailAddress(staffLimits.emailMax)
  email: string;

  @IsIn(staffRoles, { message: staffMessages.roleInvalid })
  role: StaffRole;
}

export class UpdateStaffDto {
  @IsOptional()
  @IsIn(staffRoles, { message: staffMessages.roleInvalid })
  role?: StaffRole;

  @IsOptional()
  @IsBoolean({ message: 'Disabled must be true or false' })
  disabled?: boolean;
}

/** The invitee's name and password; the password rules are checked by the service. */
export class AcceptInvitationDto {
  @Trim()
  @IsString({ message: messages.nameRequired })
  @IsNotEmpty({ message: messages.nameRequired })
  @MaxLength(staffLimits.nameMax, { message: staffMessages.nameTooLong })
  name: string;

  @IsString({ message: messages.passwordRequired })
  @IsNotEmpty({ message: messages.passwordRequired })
  @MaxLength(limits.passwordMax * 4, { message: `Password must be at most ${limits.passwordMax} characters` })
  password: string;
}

export class RequestPasswordResetDto {
  @Trim()
  @IsEmailAddress(staffLimits.emailMax)
  email: string;
}

export class ResetPasswordDto {
  @IsString({ message: messages.passwordRequired })
  @IsNotEmpty({ message: messages.passwordRequired })
  @MaxLength(limits.passwordMax * 4, { message: `Password must be at most ${limits.passwordMax} characters` })
  password: string;
}

import { IsBoolean, IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { IsEmailAddress } from '../../../core/validation/is-required-email.js';
import { IsListPage, IsListSearch } from '../../../core/validation/list-query.decorators.js';
import {
  limits,
  messages,
  staffLimits,
  staffMessages,
  staffRoles,
  staffMemberActions,
  staffStatuses,
  teamMessages,
  type StaffMember,
  type StaffRole,
  type StaffStatus,
  type StaffUser,
} from '@northbeam/common';
import { Trim } from '../../../core/validation/trim.js';
import { isoTimestamp } from '../../../database/query-result.js';
import type { User } from '../../users/entities/user.entity.js';
import type { StaffRow } from '../staff.repository.js';

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

  @IsOptional()
  @Trim()
  @IsString({ message: messages.nameRequired })
  @IsNotEmpty({ message: messages.nameRequired })
  @MaxLength(staffLimits.nameMax, { message: staffMessages.nameTooLong })
  name?: string;

  /** A team member's id, or null to unlink. */
  @IsOptional()
  @IsString({ message: teamMessages.notFound })
  @MaxLength(100, { message: teamMessages.notFound })
  teamMemberId?: string | null;
}

/** Body of PATCH /api/admin/account: a new name for yourself. */
export class UpdateAccountDto {
  @Trim()
  @IsString({ message: messages.nameRequired })
  @IsNotEmpty({ message: messages.nameRequired })
  @MaxLength(staffLimits.nameMax, { message: staffMessages.nameTooLong })
  name: string;
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

/** A row of the staff list (an account or an open invitation), with what `actor` may do to it. */
export function mapStaffRow(row: StaffRow, actor: StaffUser): StaffMember {
  const invitationExpiresAt = isoTimestamp(row.invitation_expires_at);
  const member = {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    twoFactorEnabled: row.two_factor_enabled,
    lastSignInAt: isoTimestamp(row.last_sign_in_at),
    disabled: row.disabled,
    invitation: invitationExpiresAt ? { expiresAt: invitationExpiresAt } : null,
    teamMemberId: row.team_member_id ?? null,
  };
  return { ...member, actions: staffMemberActions(member, actor) };
}

/** An account as a row of the staff list, with what `actor` may do to it. */
export function mapStaffAccount(user: User, actor: StaffUser): StaffMember {
  const member = {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    twoFactorEnabled: user.twoFactorEnabledAt !== null,
    lastSignInAt: user.lastSignInAt?.toISOString() ?? null,
    disabled: user.disabledAt !== null,
    invitation: null,
    teamMemberId: user.teamMemberId ?? null,
  };
  return { ...member, actions: staffMemberActions(member, actor) };
}

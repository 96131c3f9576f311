import { IsIn, IsNotEmpty, IsOptional, IsString, Matches } from 'class-validator';
import {
  apiTokenActions,
  apiTokenLimits,
  apiTokenMessages,
  staffRoles,
  type ApiToken,
  type ApiTokenExpiryDays,
  type StaffRole,
} from '@northbeam/common';
import { MaxChars } from '../../../core/validation/max-chars.decorator.js';
import { Trim } from '../../../core/validation/trim.js';
import type { ApiTokenRecord } from '../api-tokens.repository.js';

/** Query of GET /api/admin/api-tokens. */

/** Body of POST /api/admin/api-tokens: a name, a role, and `expiresInDays` or `expiresOn`. */
export class CreateApiTokenDto {
  @Trim()
  @IsString({ message: apiTokenMessages.nameRequired })
  @IsNotEmpty({ message: apiTokenMessages.nameRequired })
  @MaxChars(apiTokenLimits.nameMax, { message: apiTokenMessages.nameTooLong })
  name: string;

  @IsIn(staffRoles, { message: apiTokenMessages.roleInvalid })
  role: StaffRole;

  @IsOptional()
  @IsIn(apiTokenLimits.expiryDays, { message: apiTokenMessages.expiryInvalid })
  expiresInDays?: ApiTokenExpiryDays;

  /** The last day the token works (UTC), as YYYY-MM-DD. */
  @IsOptional()
  @IsString({ message: apiTokenMessages.expiryDateInvalid })
  @Matches(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, { message: apiTokenMessages.expiryDateInvalid })
  expiresOn?: string;
}

/** A row of the list, with its status now. */
export function mapApiToken(record: ApiTokenRecord, now: Date): ApiToken {
  const status = record.revokedAt
    ? 'revoked'
    : new Date(record.expiresAt).getTime() <= now.getTime()
      ? 'expired'
      : record.creatorActive
        ? 'active'
        : 'inactive';
  return {
    id: record.id,
    name: record.name,
    role: record.role,
    hint: record.hint,
    createdBy: { id: record.createdById, name: record.createdByName },
    createdAt: record.createdAt,
    expiresAt: record.expiresAt,
    lastUsedAt: record.lastUsedAt,
    revokedAt: record.revokedAt,
    status,
    actions: apiTokenActions(record),
  };
}

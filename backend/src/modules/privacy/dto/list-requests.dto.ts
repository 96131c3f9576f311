import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';
import { Type } from 'class-transformer';
import {
  deletionRequestStatuses,
  messages,
  privacyDueFilters,
  privacyExtensionMonthsMax,
  privacyRequestTypes,
  type DeletionRequestStatus,
  type PrivacyDueFilter,
  type PrivacyRequestType,
} from '@northbeam/common';
import { IsListPage } from '../../../core/validation/list-query.decorators.js';
import { MultiLine } from '../../../core/validation/multi-line.decorator.js';

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** Query of GET /api/admin/deletion-requests: deletion and access requests together, newest first. */
export class ListPrivacyRequestsQueryDto {
  @IsListPage()
  page?: number;

  @IsOptional()
  @IsIn(deletionRequestStatuses, { message: 'Status is not one of the request states' })
  status?: DeletionRequestStatus;

  @IsOptional()
  @IsIn(privacyRequestTypes, { message: 'Type is not one of the request types' })
  type?: PrivacyRequestType;

  @IsOptional()
  @IsIn(privacyDueFilters, { message: 'Due must be soon or overdue' })
  due?: PrivacyDueFilter;

  /** An e-mail address or a request id, or part of one. */
  @IsOptional()
  @Transform(trimmed)
  @IsString()
  @MaxLength(320, { message: 'Search must be 320 characters or less' })
  q?: string;
}

/** POST /api/admin/deletion-requests/:id/extend: once, by one or two months, with a reason for the requester. */
export class ExtendRequestDto {
  @Type(() => Number)
  @IsInt({ message: messages.extensionMonthsInvalid })
  @Min(1, { message: messages.extensionMonthsInvalid })
  @Max(privacyExtensionMonthsMax, { message: messages.extensionMonthsInvalid })
  months: number;

  @MultiLine()
  @Transform(trimmed)
  @IsString({ message: messages.extensionReasonRequired })
  @MinLength(1, { message: messages.extensionReasonRequired })
  @MaxLength(1000, { message: 'Reason must be 1000 characters or less' })
  reason: string;
}

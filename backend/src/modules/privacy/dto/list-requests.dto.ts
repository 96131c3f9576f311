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
import { IsListPage, IsListSearch } from '../../../core/validation/list-query.decorators.js';
import { MultiLine } from '../../../core/validation/multi-line.decorator.js';
import { Trim } from '../../../core/validation/trim.js';

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
  @IsListSearch(320)
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
  @Trim()
  @IsString({ message: messages.extensionReasonRequired })
  @MinLength(1, { message: messages.extensionReasonRequired })
  @MaxLength(1000, { message: 'Reason must be 1000 characters or less' })
  reason: string;
}

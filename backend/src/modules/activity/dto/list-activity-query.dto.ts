import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsUUID, Matches, Max, Min } from 'class-validator';
import { activityActions, staffLimits, staffMessages, type ActivityAction } from '@northbeam/common';

const isoDate = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** Query of GET /api/admin/activity: a page of the log, filtered by actor, action and dates (UTC days, inclusive). */
export class ListActivityQueryDto {
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'Page must be a whole number' })
  @Min(1, { message: 'Page must be 1 or more' })
  @Max(100000)
  page?: number;

  /** A shorter first page, for the dashboard's "Recent activity". */
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: `Limit must be a whole number from 1 to ${staffLimits.listPageSize}` })
  @Min(1, { message: `Limit must be a whole number from 1 to ${staffLimits.listPageSize}` })
  @Max(staffLimits.listPageSize, { message: `Limit must be a whole number from 1 to ${staffLimits.listPageSize}` })
  limit?: number;

  @IsOptional()
  @IsUUID('all', { message: 'Actor must be a staff member id' })
  actor?: string;

  @IsOptional()
  @IsIn(activityActions, { message: staffMessages.actionInvalid })
  action?: ActivityAction;

  @IsOptional()
  @Matches(isoDate, { message: staffMessages.dateInvalid })
  from?: string;

  @IsOptional()
  @Matches(isoDate, { message: staffMessages.dateInvalid })
  to?: string;
}

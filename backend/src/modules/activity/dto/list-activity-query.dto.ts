import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsUUID, Max, Min } from 'class-validator';
import { IsIsoDay, IsListPage } from '../../../core/validation/list-query.decorators.js';
import { activityActions, staffLimits, staffMessages, type ActivityAction } from '@northbeam/common';

/** Query of GET /api/admin/activity: a page of the log, filtered by actor, action and dates (UTC days, inclusive). */
export class ListActivityQueryDto {
  @IsListPage()
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

  @IsIsoDay()
  from?: string;

  @IsIsoDay()
  to?: string;
}

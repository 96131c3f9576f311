import { IsIn, IsOptional } from 'class-validator';
import { analyticsMessages, type AnalyticsGranularity } from '@northbeam/common';
import { IsIsoDay } from '../../../core/validation/list-query.decorators.js';

/** Query of GET /api/admin/analytics/report and its CSV: UK days, both included. */
export class AnalyticsReportQueryDto {
  @IsIsoDay()
  from?: string;

  @IsIsoDay()
  to?: string;

  @IsOptional()
  @IsIn(['hour', 'day'], { message: analyticsMessages.granularityInvalid })
  granularity?: AnalyticsGranularity;
}

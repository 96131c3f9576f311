import { IsIn, IsOptional } from 'class-validator';
import { leadListLimits, leadListMessages, subscriberStatuses, type SubscriberStatus } from '@northbeam/common';
import { IsListPage, IsListSearch } from '../../../core/validation/list-query.decorators.js';

/** The filters of the subscribers list and its CSV export. */
export class SubscriberFiltersDto {
  @IsOptional()
  @IsIn(subscriberStatuses, { message: leadListMessages.statusInvalid })
  status?: SubscriberStatus;

  @IsListSearch(leadListLimits.searchMax, leadListMessages.searchTooLong)
  q?: string;
}

/** Query of GET /api/admin/subscribers. */
export class ListSubscribersQueryDto extends SubscriberFiltersDto {
  @IsListPage()
  page?: number;
}

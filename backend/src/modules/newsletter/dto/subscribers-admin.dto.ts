import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { leadListLimits, leadListMessages, subscriberStatuses, type SubscriberStatus } from '@northbeam/common';
import { IsListPage } from '../../../core/validation/list-query.decorators.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** The filters of the subscribers list and its CSV export. */
export class SubscriberFiltersDto {
  @IsOptional()
  @IsIn(subscriberStatuses, { message: leadListMessages.statusInvalid })
  status?: SubscriberStatus;

  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(leadListLimits.searchMax, { message: leadListMessages.searchTooLong })
  q?: string;
}

/** Query of GET /api/admin/subscribers. */
export class ListSubscribersQueryDto extends SubscriberFiltersDto {
  @IsListPage()
  page?: number;
}

import { Transform } from 'class-transformer';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { leadListLimits, leadListMessages } from '@northbeam/common';
import { IsIsoDay, IsListPage } from '../../../core/validation/list-query.decorators.js';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** The filters of the playbook requests list and its CSV export (dates are UTC days, inclusive). */
export class PlaybookRequestFiltersDto {
  @IsIsoDay()
  from?: string;

  @IsIsoDay()
  to?: string;

  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(leadListLimits.searchMax, { message: leadListMessages.searchTooLong })
  q?: string;
}

/** Query of GET /api/admin/playbook-requests. */
export class ListPlaybookRequestsQueryDto extends PlaybookRequestFiltersDto {
  @IsListPage()
  page?: number;
}

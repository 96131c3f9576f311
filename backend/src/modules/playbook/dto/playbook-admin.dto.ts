import { leadListLimits, leadListMessages, type PlaybookRequestSummary } from '@northbeam/common';
import { IsIsoDay, IsListPage, IsListSearch } from '../../../core/validation/list-query.decorators.js';
import { isoTimestamp } from '../../../database/query-result.js';
import type { PlaybookRequestRow } from '../playbook-admin.repository.js';

/** The filters of the playbook requests list and its CSV export (dates are UTC days, inclusive). */
export class PlaybookRequestFiltersDto {
  @IsIsoDay()
  from?: string;

  @IsIsoDay()
  to?: string;

  @IsListSearch(leadListLimits.searchMax, leadListMessages.searchTooLong)
  q?: string;
}

/** Query of GET /api/admin/playbook-requests. */
export class ListPlaybookRequestsQueryDto extends PlaybookRequestFiltersDto {
  @IsListPage()
  page?: number;
}

export function mapRequest(row: PlaybookRequestRow): PlaybookRequestSummary {
  return { id: row.id, email: row.email, page: row.page, createdAt: isoTimestamp(row.created_at) };
}

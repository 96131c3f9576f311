import { IsIn, IsOptional } from 'class-validator';
import {
  leadListLimits,
  leadListMessages,
  subscriberActions,
  subscriberStatuses,
  type StaffRole,
  type SubscriberStatus,
  type SubscriberSummary,
} from '@northbeam/common';
import { IsListPage, IsListSearch } from '../../../core/validation/list-query.decorators.js';
import { isoTimestamp } from '../../../database/query-result.js';
import type { SubscriberRow } from '../subscribers-admin.repository.js';

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

/** A row of the subscribers screen, with what `user` may do with it (`subscriberActions`). */
export function mapSubscriber(row: SubscriberRow, user: { role: StaffRole }): SubscriberSummary {
  return {
    id: row.id,
    email: row.email,
    status: row.status,
    source: row.source,
    page: row.page,
    subscribedAt: isoTimestamp(row.created_at),
    confirmedAt: row.confirmed_at ? isoTimestamp(row.confirmed_at) : null,
    unsubscribedAt: row.unsubscribed_at ? isoTimestamp(row.unsubscribed_at) : null,
    bounces: Number(row.hard_bounces ?? 0) + Number(row.soft_bounces ?? 0),
    complaints: Number(row.complaints ?? 0),
    blocked: row.blocked_reason ?? null,
    actions: subscriberActions(row, user),
  };
}

import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import {
  leadListLimits,
  leadListMessages,
  maskedEmail,
  messages,
  subscriberActions,
  subscriberCsvColumns,
  subscriberStatusLabels,
  subscribeSourceLabel,
  type ListPage,
  type StaffUser,
  type SubscriberCounts,
  type SubscriberSummary,
} from '@northbeam/common';
import { APP_CONFIG, type AppConfig } from '../../core/config/config.js';
import { emailHash } from '../../core/crypto/email-hash.js';
import { csvDateTime, exportFilterLabel, toCsv } from '../../core/csv/csv.js';
import { ApiError } from '../../core/http/api-error.js';
import { ActivityService } from '../activity/activity.service.js';
import { mapSubscriber, type ListSubscribersQueryDto, type SubscriberFiltersDto } from './dto/subscribers-admin.dto.js';
import { SubscribersAdminRepository, type SubscriberFilter } from './subscribers-admin.repository.js';
import { suppressAddress } from './suppression-list.repository.js';
import { isUuid } from '../../core/validation/uuid.js';
import { Transactions } from '../../database/transactions.js';

/** The subscribers screen: counts by state, the list, its CSV export and removal (docs/product.md#subscribers-admin). */
@Injectable()
export class SubscribersAdminService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly transactions: Transactions,
    private readonly repository: SubscribersAdminRepository,
    private readonly activityService: ActivityService,
  ) {}

  async list(query: ListSubscribersQueryDto, user: StaffUser): Promise<ListPage<SubscriberSummary>> {
    const page = query.page ?? 1;
    const pageSize = leadListLimits.listPageSize;
    const [rows, total] = await this.repository.findPage(filterOf(query), (page - 1) * pageSize, pageSize);
    return { items: rows.map((row) => mapSubscriber(row, user)), total, page, pageSize };
  }

  counts(): Promise<SubscriberCounts> {
    return this.repository.counts();
  }

  /** The filtered list as CSV (every match, not one page); the export is logged. */
  async exportCsv(query: SubscriberFiltersDto, user: StaffUser): Promise<string> {
    const rows = await this.repository.findAll(filterOf(query));
    await this.transactions.run((manager) =>
      this.activityService.record(manager, {
        actor: { id: user.id, name: user.name },
        action: 'subscriber.exported',
        target: { type: 'export', id: 'subscribers', label: `${rows.length} subscribers${exportFilterLabel(query)}` },
      }),
    );
    return toCsv(
      subscriberCsvColumns,
      rows.map((row) => [
        row.email,
        subscriberStatusLabels[row.status],
        row.source ? subscribeSourceLabel(row.source) : null,
        row.page,
        csvDateTime(row.created_at),
        row.confirmed_at ? csvDateTime(row.confirmed_at) : null,
        row.unsubscribed_at ? csvDateTime(row.unsubscribed_at) : null,
      ]),
    );
  }

  /**
   * Deletes the subscriber and keeps only a keyed hash of the address on the suppression list, so
   * that it is not mailed again; a confirmation mail still waiting is dropped. The activity line
   * names the address masked.
   */
  async remove(id: string, user: StaffUser): Promise<void> {
    if (!subscriberActions({ id }, user).includes('remove'))
      throw new ApiError(HttpStatus.FORBIDDEN, messages.forbidden);
    await this.transactions.run(async (manager) => {
      const email = isUuid(id) ? await this.repository.delete(manager, id) : undefined;
      if (!email) throw new ApiError(HttpStatus.NOT_FOUND, leadListMessages.subscriberNotFound);
      await suppressAddress(manager, emailHash(this.config.sessionSecret, email), 'subscriber_removed');
      await this.repository.dropPendingConfirmation(manager, email);
      await this.activityService.record(manager, {
        actor: { id: user.id, name: user.name },
        action: 'subscriber.removed',
        target: { type: 'subscriber', id, label: maskedEmail(email) },
      });
    });
  }
}

function filterOf(query: SubscriberFiltersDto): SubscriberFilter {
  return { status: query.status, search: query.q || undefined };
}

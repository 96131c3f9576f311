import { Injectable } from '@nestjs/common';
import {
  leadListLimits,
  playbookRequestCsvColumns,
  type ListPage,
  type PlaybookRequestSummary,
  type StaffUser,
} from '@northbeam/common';
import { csvDateTime, exportFilterLabel, toCsv } from '../../core/csv/csv.js';
import { ActivityService } from '../activity/activity.service.js';
import {
  mapRequest,
  type ListPlaybookRequestsQueryDto,
  type PlaybookRequestFiltersDto,
} from './dto/playbook-admin.dto.js';
import { PlaybookAdminRepository, type PlaybookRequestFilter } from './playbook-admin.repository.js';
import { Transactions } from '../../database/transactions.js';

const dayMs = 24 * 60 * 60 * 1000;

/** The playbook requests screen: the whole list, searchable, filtered by day, and its CSV export. */
@Injectable()
export class PlaybookAdminService {
  constructor(
    private readonly transactions: Transactions,
    private readonly repository: PlaybookAdminRepository,
    private readonly activityService: ActivityService,
  ) {}

  async list(query: ListPlaybookRequestsQueryDto): Promise<ListPage<PlaybookRequestSummary>> {
    const page = query.page ?? 1;
    const pageSize = leadListLimits.listPageSize;
    const [rows, total] = await this.repository.findPage(filterOf(query), (page - 1) * pageSize, pageSize);
    return { items: rows.map(mapRequest), total, page, pageSize };
  }

  /** The filtered list as CSV (every match, not one page); the export is logged. */
  async exportCsv(query: PlaybookRequestFiltersDto, user: StaffUser): Promise<string> {
    const rows = await this.repository.findAll(filterOf(query));
    await this.transactions.run((manager) =>
      this.activityService.record(manager, {
        actor: { id: user.id, name: user.name },
        action: 'playbook.exported',
        target: {
          type: 'export',
          id: 'playbook-requests',
          label: `${rows.length} playbook requests${exportFilterLabel(query)}`,
        },
      }),
    );
    return toCsv(
      playbookRequestCsvColumns,
      rows.map((row) => [csvDateTime(row.created_at), row.email, row.page]),
    );
  }
}

function filterOf(query: PlaybookRequestFiltersDto): PlaybookRequestFilter {
  return {
    from: query.from ? new Date(`${query.from}T00:00:00Z`) : undefined,
    before: query.to ? new Date(new Date(`${query.to}T00:00:00Z`).getTime() + dayMs) : undefined,
    search: query.q || undefined,
  };
}

import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  permissionSatisfies,
  staffLimits,
  type ActivityAction,
  type ActivityEntry,
  type ActivityTargetType,
  type ListPage,
  type StaffUser,
} from '@northbeam/common';
import { ActivityRepository } from './activity.repository.js';
import { mapActivityEntry } from './dto/activity-entry.dto.js';
import type { ListActivityQueryDto } from './dto/list-activity-query.dto.js';

const dayMs = 24 * 60 * 60 * 1000;

export interface ActivityInput {
  /** Who acted; null for the system or an unknown person. */
  actor: { id: string; name: string } | null;
  action: ActivityAction;
  target?: { type: ActivityTargetType; id: string; label?: string | null } | null;
}

/** The activity log: one line per staff action, written inside the action's own transaction. */
@Injectable()
export class ActivityService {
  constructor(private readonly activityRepository: ActivityRepository) {}

  async record(manager: EntityManager, input: ActivityInput): Promise<void> {
    await this.activityRepository.add(manager, {
      actorId: input.actor?.id ?? null,
      actorName: input.actor?.name ?? null,
      action: input.action,
      targetType: input.target?.type ?? null,
      targetId: input.target?.id ?? null,
      targetLabel: input.target?.label?.slice(0, 300) ?? null,
    });
  }

  /** A page of the log, newest first. Whoever may see only their own actions gets only those, whatever the filter asks. */
  async list(query: ListActivityQueryDto, user: StaffUser): Promise<ListPage<ActivityEntry>> {
    const page = query.page ?? 1;
    const pageSize = query.limit ?? staffLimits.listPageSize;
    const ownOnly = !permissionSatisfies(user.permissions.activity, 'all');
    const [rows, total] = await this.activityRepository.findPage({
      actorId: ownOnly ? user.id : query.actor,
      action: query.action,
      from: query.from ? new Date(`${query.from}T00:00:00Z`) : undefined,
      before: query.to ? new Date(new Date(`${query.to}T00:00:00Z`).getTime() + dayMs) : undefined,
      offset: (page - 1) * pageSize,
      limit: pageSize,
    });
    const emails = await this.activityRepository.actorEmails(rows.flatMap((row) => (row.actorId ? [row.actorId] : [])));
    return { items: rows.map((row) => mapActivityEntry(row, emails)), total, page, pageSize };
  }
}

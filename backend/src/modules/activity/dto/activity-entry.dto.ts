import type { ActivityEntry } from '@northbeam/common';
import type { StaffActivity } from '../entities/staff-activity.entity.js';

/** A line of the activity log as the API answers it. */
export function mapActivityEntry(row: StaffActivity): ActivityEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor: row.actorId ? { id: row.actorId, name: row.actorName ?? '' } : null,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    targetLabel: row.targetLabel,
  };
}

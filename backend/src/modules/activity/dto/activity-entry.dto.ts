import type { ActivityEntry } from '@northbeam/common';
import type { StaffActivity } from '../entities/staff-activity.entity.js';

/**
 * A line of the activity log as the API answers it. The actor is named as they were when it happened;
 * `emails` gives their current address (none once the account is removed).
 */
export function mapActivityEntry(row: StaffActivity, emails: ReadonlyMap<string, string>): ActivityEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor: row.actorId ? { id: row.actorId, name: row.actorName ?? '', email: emails.get(row.actorId) ?? null } : null,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    targetLabel: row.targetLabel,
  };
}

import {
  formatDate,
  privacyRequestActions,
  type DeletionRequestDetail,
  type DeletionRequestSummary,
  type PrivacyActor,
} from '@northbeam/common';
import { isoTimestamp } from '../../../database/query-result.js';
import type { DeletionAudit } from '../entities/deletion-audit.entity.js';
import type { DeletionRequest } from '../entities/deletion-request.entity.js';
import { actionFacts, deadlineFlags } from '../privacy-rules.js';

/** A deletion or access request as the requests list shows it, with its deadline flags as of `now`. */
export function mapPrivacyRequestSummary(request: DeletionRequest, now: Date): DeletionRequestSummary {
  return {
    id: request.id,
    requestId: request.requestId,
    email: request.email,
    requestType: request.requestType,
    status: request.status,
    receivedAt: request.receivedAt.toISOString(),
    deadlineAt: request.deadlineAt.toISOString(),
    extendedAt: isoTimestamp(request.extendedAt),
    ...deadlineFlags(request.status, request.deadlineAt, now),
  };
}

/**
 * Who did a step, by name: the staff member's current name (their address for the detail), else the
 * name the step recorded; `system` reads as the site. Null for the requester.
 */
export function historyActor(entry: DeletionAudit, names: Map<string, string>): PrivacyActor | null {
  if (!entry.actor) return null;
  if (entry.actor === 'system') return { name: 'The site (automatic)', email: null };
  const recorded = typeof entry.details?.actorName === 'string' ? entry.details.actorName : null;
  const email = entry.actor.includes('@') ? entry.actor : null;
  const name = (email && names.get(email.toLowerCase())) ?? recorded ?? 'A former member of staff';
  return { name, email };
}

/** What a step decided, in sentences: reasons, notes, new due dates, what an export left out and why. */
export function historyNotes(entry: DeletionAudit): string[] {
  const details = entry.details ?? {};
  const text = (key: string) => (typeof details[key] === 'string' ? details[key] : null);
  switch (entry.action) {
    case 'rejected':
      return text('reason') ? [`Reason: ${text('reason')}`] : [];
    case 'completed':
      return text('note') ? [`Note: ${text('note')}`] : [];
    case 'extended':
      return [
        ...(text('to') ? [`New due date: ${formatDate(text('to')!, 'd MMM yyyy')}`] : []),
        ...(text('reason') ? [`Reason: ${text('reason')}`] : []),
      ];
    case 'export_reviewed': {
      const excluded = Array.isArray(details.excluded)
        ? (details.excluded as { record: string; reason: string }[])
        : [];
      const includedAfter = Array.isArray(details.includedAfterReview) ? (details.includedAfterReview as string[]) : [];
      return [
        `${typeof details.included === 'number' ? details.included : 0} of ${typeof details.found === 'number' ? details.found : 0} records disclosed, ${excluded.length} left out.`,
        ...includedAfter.map((record) => `Disclosed after review: ${record}`),
        ...excluded.map((item) => `Left out: ${item.record}. Why: ${item.reason}`),
      ];
    }
    default:
      return [];
  }
}

/** One request with its actions, decisions and history (people by name). */
export function mapPrivacyRequestDetail(
  request: DeletionRequest,
  history: DeletionAudit[],
  now: Date,
  names: Map<string, string> = new Map(),
): DeletionRequestDetail {
  return {
    ...mapPrivacyRequestSummary(request, now),
    actions: privacyRequestActions(actionFacts(request)),
    reason: request.reason,
    verifiedAt: isoTimestamp(request.verifiedAt),
    approvedAt: isoTimestamp(request.approvedAt),
    rejectedAt: isoTimestamp(request.rejectedAt),
    rejectionReason: request.rejectionReason,
    completedAt: isoTimestamp(request.completedAt),
    completionNote: request.completionNote,
    extensionReason: request.extensionReason,
    history: history.map((entry) => ({
      action: entry.action,
      actor: historyActor(entry, names),
      createdAt: entry.createdAt.toISOString(),
      notes: historyNotes(entry),
    })),
  };
}

import { privacyRequestActions, type DeletionRequestDetail, type DeletionRequestSummary } from '@northbeam/common';
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

/** One request with its actions, decisions and history. */
export function mapPrivacyRequestDetail(
  request: DeletionRequest,
  history: DeletionAudit[],
  now: Date,
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
      actor: entry.actor,
      createdAt: entry.createdAt.toISOString(),
    })),
  };
}

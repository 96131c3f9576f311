/** Cookie consent and data-deletion facts that the browser and the server share. */

/** Raise when the cookie choices change meaning: every visitor is asked again. */
export const consentVersion = 1;

export interface ConsentPreferences {
  essential: true;
  analytics: boolean;
  marketing: boolean;
}

/** The record stored in the browser under `site.consentStorageKey` (docs/product.md#analytics). */
export interface ConsentRecord {
  preferences: ConsentPreferences;
  timestamp: string;
  userId: string;
  version: number;
  /** The id the server gave this choice's consent record (`POST /api/consent`), and when it was stored. */
  consentId?: string;
  consentRecordedAt?: string;
}

export const deletionRequestTypes = ['full_deletion', 'partial_deletion'] as const;
export type DeletionRequestType = (typeof deletionRequestTypes)[number];

/** Every request the privacy team works (docs/product.md#privacy-requests): deletions and access requests. */
export const privacyRequestTypes = [...deletionRequestTypes, 'access'] as const;
export type PrivacyRequestType = (typeof privacyRequestTypes)[number];
export const privacyRequestTypeLabels: Record<PrivacyRequestType, string> = {
  full_deletion: 'Full deletion',
  partial_deletion: 'Partial deletion',
  access: 'Access (copy of data)',
};
/** The due-date filter of the requests list. */
export const privacyDueFilters = ['soon', 'overdue'] as const;
export type PrivacyDueFilter = (typeof privacyDueFilters)[number];

export const deletionRequestStatuses = ['received', 'verified', 'approved', 'rejected', 'completed'] as const;
export type DeletionRequestStatus = (typeof deletionRequestStatuses)[number];

/** What the privacy team reads for each status (the list's badge and filter, the detail). */
export const privacyRequestStatusLabels: Record<DeletionRequestStatus, string> = {
  received: 'Awaiting confirmation',
  verified: 'Awaiting decision',
  approved: 'Approved',
  rejected: 'Rejected',
  completed: 'Completed',
};

/** How often the scheduled task erases the records of approved full deletions. */
export const privacyErasureEveryMinutes = 5;

/** What happens next to an open request, in words for the privacy team (the detail's "Next" line). */
export function privacyRequestNextStep(request: {
  status: DeletionRequestStatus;
  requestType: PrivacyRequestType;
}): string | null {
  switch (request.status) {
    case 'received':
      return 'Waiting for the requester to confirm by the link mailed to them. Nothing can be approved before that.';
    case 'verified':
      return 'Confirmed by the requester: approve or reject it before the due date.';
    case 'approved':
      if (request.requestType === 'partial_deletion')
        return 'Delete what was asked by hand, then complete the request with a note of what was deleted: the requester is mailed your note.';
      if (request.requestType === 'full_deletion')
        return `Every record of the address is erased within ${privacyErasureEveryMinutes} minutes by the scheduled erasure; the requester is then mailed that it is done.`;
      return 'The requester is being mailed a one-use link to their data.';
    case 'rejected':
    case 'completed':
      return null;
  }
}

/** The request's history (`deletion_audit` actions) in words. */
export const privacyHistoryLabels: Record<string, string> = {
  received: 'Request received',
  verified: 'Confirmed by the requester',
  approved: 'Approved',
  export_ready: 'Copy of the data prepared',
  export_sent: 'Download link mailed to the requester',
  export_downloaded: 'Data downloaded by the requester',
  export_reviewed: 'Records reviewed before disclosure',
  rejected: 'Rejected',
  extended: 'Deadline extended',
  completed: 'Completed',
};

/** A deletion request as the admin screen lists it. */
export interface DeletionRequestSummary {
  id: string;
  requestId: string;
  /** Null once the request is completed: the address is erased, only its hash stays in the audit. */
  email: string | null;
  requestType: PrivacyRequestType;
  status: DeletionRequestStatus;
  receivedAt: string;
  deadlineAt: string;
  dueSoon: boolean;
  overdue: boolean;
  /** Set once the deadline was extended (at most once). */
  extendedAt: string | null;
}

/** What the privacy team may do with a request (docs/product.md#privacy-requests). */
export const privacyRequestActionNames = ['approve', 'reject', 'complete', 'extend'] as const;
export type PrivacyRequestAction = (typeof privacyRequestActionNames)[number];

/** Received, verified or approved: the request still waits for a decision or its erasure. */
export const openPrivacyRequestStatuses: readonly DeletionRequestStatus[] = ['received', 'verified', 'approved'];

/**
 * The one state machine of a privacy request: which actions its state allows. The server refuses any
 * other with 409 and sends this list with the request; the admin screen shows only these buttons.
 * Verified → approve; received or verified → reject (rejecting is the other answer to approving, not
 * a way back from it); extend once while open; an approved partial deletion → complete (by hand, with
 * a note). An approved full deletion waits only for the scheduled erasure and allows nothing, as does
 * a request whose address is erased.
 */
export function privacyRequestActions(request: {
  status: DeletionRequestStatus;
  requestType: PrivacyRequestType;
  extendedAt: string | Date | null;
  hasEmail: boolean;
}): PrivacyRequestAction[] {
  if (!request.hasEmail || !openPrivacyRequestStatuses.includes(request.status)) return [];
  const actions: PrivacyRequestAction[] = [];
  const approved = request.status === 'approved';
  if (approved && request.requestType !== 'partial_deletion') return [];
  if (request.status === 'verified') actions.push('approve');
  if (!approved) actions.push('reject');
  if (approved) actions.push('complete');
  if (!request.extendedAt) actions.push('extend');
  return actions;
}

export interface DeletionRequestDetail extends DeletionRequestSummary {
  /** What the signed-in staff member may do with the request now (`privacyRequestActions`). */
  actions: PrivacyRequestAction[];
  reason: string | null;
  verifiedAt: string | null;
  approvedAt: string | null;
  rejectedAt: string | null;
  rejectionReason: string | null;
  completedAt: string | null;
  completionNote: string | null;
  extensionReason: string | null;
  history: PrivacyHistoryEntry[];
}

/** Who did a step of a request: a member of staff by name (their e-mail for the detail), or nobody named. */
export interface PrivacyActor {
  name: string;
  email: string | null;
}

/** One line of a request's history. `actor` null: the requester or the site itself. */
export interface PrivacyHistoryEntry {
  action: string;
  actor: PrivacyActor | null;
  createdAt: string;
  /** What the step decided, in sentences (e.g. each record excluded from an export and why). */
  notes: string[];
}

/**
 * Review before disclosure (docs/product.md#privacy-review): what an access request found, kind by
 * kind, each record with a readable preview. A record flagged for review (it is about, or names,
 * someone other than the requester) is left out of the export unless the reviewer includes it.
 */
export interface AccessFindings {
  /** Changes whenever the records found change: the approval must name the findings it reviewed. */
  digest: string;
  total: number;
  flagged: number;
  kinds: AccessFindingKind[];
}

export interface AccessFindingKind {
  store: string;
  title: string;
  count: number;
  /** Set for a kind shown as a summary (visits to the site: one record a day), not row by row. */
  summary: string | null;
  records: AccessFinding[];
}

export interface AccessFinding {
  id: string;
  /** A short name of the record for the history ("Note of 3 Nov 2026"). */
  label: string;
  preview: { label: string; value: string }[];
  /** Why it needs review before it is disclosed; null for the requester's own record. */
  review: string | null;
}

/** `POST /api/admin/deletion-requests/{id}/approve` of an access request: the reviewer's decisions. */
export interface AccessReviewDecisions {
  digest: string;
  /** Flagged records to disclose all the same. */
  include: string[];
  /** Records left out, each with the reason kept in the request's history. */
  exclude: { id: string; reason: string }[];
}

/** The public download page: whether its link can still give the file (docs/product.md#privacy-requests). */
export type AccessDownloadState =
  { state: 'ready'; expiresAt: string } | { state: 'used'; downloadedAt: string } | { state: 'expired' };

export const accessReviewLimits = { reasonMax: 500, decisionsMax: 5000, previewChars: 240 } as const;

export const accessReviewMessages = {
  reviewRequired: 'Review the records found before approving an access request',
  findingsChanged: 'The records found have changed since you reviewed them. Review them again.',
  unknownRecord: 'A decision names a record that was not found for this request',
  reasonRequired: 'Give a reason for each record you leave out',
  reasonTooLong: `Reason must be ${accessReviewLimits.reasonMax} characters or less`,
  notAccess: 'Only an access request has records to review',
  downloadUsed: (downloadedAt: string) =>
    `This link has already been used: the file was downloaded on ${downloadedAt} and then deleted. To get a new copy, make a new request.`,
  downloadExpired:
    'This link has expired: the file was deleted at the end of its 7 days. To get a new copy, make a new request.',
} as const;

/** Counts of open privacy requests, for the dashboard (docs/product.md#privacy-requests). */
export interface PrivacyRequestCounts {
  open: number;
  dueSoon: number;
  overdue: number;
}

/** A row of the data map (`/admin/privacy/data-map`). */
export interface DataMapEntry {
  store: string;
  holds: string;
  /** The retention rule in words, from the same constants as the purge; null when kept without a period. */
  retention: string | null;
  keptWhile: string | null;
  /** The next daily purge run (ISO), null for a store without a period. */
  nextPurgeAt: string | null;
  rows: number;
}

/** The longest extension of a request's deadline, in months; a request is extended at most once. */
export const privacyExtensionMonthsMax = 2;

/** A stored cookie-banner choice (`POST /api/consent`): proof of consent, without IP. */
export interface ConsentProof {
  consentId: string;
  analytics: boolean;
  marketing: boolean;
  action: string;
  bannerVersion: string;
  recordedAt: string;
}

/** A consent id as the server issues it: `CNS-` and 16 characters of an unambiguous alphabet. */
export const consentIdPattern = /^CNS-[A-Z0-9]{16}$/;
/** A banner version: the FNV-1a hash (8 hex digits) of the wording the visitor saw. */
export const bannerVersionPattern = /^[0-9a-f]{8}$/;
export const consentActions = ['accept_all', 'reject_all', 'save_custom', 'dismiss'] as const;

/** FNV-1a (32 bits) of a text, as 8 hex digits: the version of the banner's wording. */
export function wordingVersion(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

export interface AnalyticsSummary {
  since: string;
  pageViews: number;
  topPages: { path: string; views: number }[];
  contactFormStarts: number;
  contactFormSubmissions: number;
}

/** Event names the analytics endpoint accepts: words, spaces, underscores, hyphens; 1-64 characters. */
export const analyticsEventPattern = /^[A-Za-z][A-Za-z0-9 _-]{0,63}$/;

/** The anonymous visitor id (docs/product.md#analytics): user_<random>_<milliseconds>. */
export const visitorIdPattern = /^user_[a-z0-9]{4,32}_\d{10,16}$/;

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
}

export const deletionRequestTypes = ['full_deletion', 'partial_deletion'] as const;
export type DeletionRequestType = (typeof deletionRequestTypes)[number];

export const deletionRequestStatuses = ['received', 'verified', 'approved', 'rejected', 'completed'] as const;
export type DeletionRequestStatus = (typeof deletionRequestStatuses)[number];

/** A deletion request as the admin screen lists it. */
export interface DeletionRequestSummary {
  id: string;
  requestId: string;
  /** Null once the request is completed: the address is erased, only its hash stays in the audit. */
  email: string | null;
  requestType: DeletionRequestType;
  status: DeletionRequestStatus;
  receivedAt: string;
  deadlineAt: string;
  dueSoon: boolean;
  overdue: boolean;
}

export interface DeletionRequestDetail extends DeletionRequestSummary {
  reason: string | null;
  verifiedAt: string | null;
  approvedAt: string | null;
  rejectedAt: string | null;
  rejectionReason: string | null;
  completedAt: string | null;
  completionNote: string | null;
  history: { action: string; actor: string | null; createdAt: string }[];
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

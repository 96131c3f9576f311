import {
  privacyRequestStatusLabels,
  privacyRequestTypeLabels,
  type DeletionRequestStatus,
  type PrivacyRequestType,
} from '@northbeam/common';
import type { PersonalDataStore } from '../../core/personal-data/personal-data-store.js';
import {
  accessExportsPersonalData,
  consentRecordsPersonalData,
  privacyRequestsPersonalData,
} from './privacy.repository.js';

/**
 * The privacy requests themselves (deletion and access). A completed deletion clears its address
 * (the service does it after the erasure, which reads the requests' visitor ids); the audit keeps
 * only a keyed hash.
 */
export const privacyRequestsStore: PersonalDataStore = {
  name: 'deletion_requests',
  letter: {
    title: 'Your privacy requests',
    fields: {
      requestId: 'Reference',
      type: 'Request',
      status: 'Where it stands',
      reason: 'Your reason',
      receivedAt: 'Received',
      dueAt: 'Due',
      verifiedAt: 'Confirmed by you',
      approvedAt: 'Approved',
      rejectedAt: 'Rejected',
      rejectionReason: 'Why it was rejected',
      completedAt: 'Completed',
      extendedAt: 'Deadline extended',
      extensionReason: 'Why it was extended',
    },
    words: {
      type: (type) => privacyRequestTypeLabels[type as PrivacyRequestType] ?? type,
      status: (status) => privacyRequestStatusLabels[status as DeletionRequestStatus] ?? status,
    },
  },
  holds:
    'Deletion and access requests: e-mail, type, reason, visitor id, status and dates (the address is cleared when a deletion completes)',
  keptWhile: 'confirmed requests: as proof of how they were handled',
  retention: { key: 'unverifiedRequests', rule: (period) => `unverified deletion_requests older than ${period}` },
  ...privacyRequestsPersonalData,
};

/** Ready exports of the right of access, each reachable once through its mailed link. */
export const accessExportsStore: PersonalDataStore = {
  name: 'privacy_exports',
  holds:
    'Ready copies of a requester’s data (ZIP), until downloaded once; then only when it was downloaded, until the period ends',
  retention: { key: 'accessExports', rule: (period) => `privacy_exports older than ${period}` },
  ...accessExportsPersonalData,
};

/** Cookie-banner choices: the proof of consent. A random id, the categories, the banner's wording version; no IP. */
export const consentRecordsStore: PersonalDataStore = {
  name: 'consent_records',
  holds: 'Cookie choices: a random consent id, the categories, the version of the banner wording and the time (no IP)',
  retention: { key: 'consentRecords', rule: (period) => `consent_records older than ${period}` },
  ...consentRecordsPersonalData,
};

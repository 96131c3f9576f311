import type { PersonalDataStore } from '../../core/personal-data/personal-data-store.js';
import { rateLimitCountersStore } from '../../core/rate-limit/rate-limit.personal-data.js';
import { staffActivityStore } from '../activity/activity.personal-data.js';
import {
  analyticsEventsStore,
  analyticsSaltsStore,
  analyticsVisitsStore,
  enquiryReadingPathsStore,
} from '../analytics/analytics.personal-data.js';
import { loginAttemptsStore } from '../auth/auth.personal-data.js';
import { contactMessagesStore, spamEnquiriesStore } from '../contact/contact.personal-data.js';
import { enquiryNotesStore, enquiryRepliesStore } from '../enquiries/enquiries.personal-data.js';
import { inboundMessagesStore } from '../inbound-mail/inbound-mail.personal-data.js';
import { emailOutboxStore } from '../mail/mail.personal-data.js';
import { subscribersStore, suppressionsStore } from '../newsletter/newsletter.personal-data.js';
import {
  staffNotificationsStore,
  unreadStaffNotificationsStore,
} from '../notifications/notifications.personal-data.js';
import { playbookDownloadsStore } from '../playbook/playbook.personal-data.js';
import { webhookDeliveriesStore } from '../webhooks/webhooks.personal-data.js';
import { importJobsStore } from '../imports/imports.personal-data.js';
import { accessExportsStore, consentRecordsStore, privacyRequestsStore } from './privacy.personal-data.js';

/**
 * Every store of personal data, each declared by the module that owns it. The order is the order of
 * erasure: analytics first (it reads the requests' visitor ids), notifications, notes, replies and reading
 * paths before their enquiries.
 * Erasure, the access export, the daily purge and the data map all read this one list.
 */
export const personalDataStores: PersonalDataStore[] = [
  analyticsEventsStore,
  staffNotificationsStore,
  unreadStaffNotificationsStore,
  enquiryNotesStore,
  enquiryRepliesStore,
  inboundMessagesStore,
  enquiryReadingPathsStore,
  contactMessagesStore,
  spamEnquiriesStore,
  subscribersStore,
  playbookDownloadsStore,
  emailOutboxStore,
  webhookDeliveriesStore,
  privacyRequestsStore,
  accessExportsStore,
  consentRecordsStore,
  suppressionsStore,
  staffActivityStore,
  importJobsStore,
  rateLimitCountersStore,
  loginAttemptsStore,
  analyticsVisitsStore,
  analyticsSaltsStore,
];

export const PERSONAL_DATA_STORES = Symbol('PERSONAL_DATA_STORES');

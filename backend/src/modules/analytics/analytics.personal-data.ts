import { analyticsActionLabels } from '@northbeam/common';
import type { PersonalDataStore } from '../../core/personal-data/personal-data-store.js';
import { readingPathsPersonalData } from './reading-paths.repository.js';
import { analyticsEventsPersonalData, analyticsVisitsPersonalData } from './analytics-rollups.repository.js';
import { analyticsSaltsPersonalData } from './visit-salts.repository.js';
import { pageViewEvent } from './analytics.repository.js';

/**
 * Analytics rows are personal when they carry the address (playbook and newsletter events send
 * `properties.email`) or the anonymous visitor id that the requester's browser attached to a privacy
 * request (sent only with analytics consent). Other rows are anonymous.
 */
export const analyticsEventsStore: PersonalDataStore = {
  name: 'analytics_events',
  letter: {
    title: 'What we recorded of your visits',
    fields: {
      at: 'When',
      event: 'What happened',
      path: 'Page',
      referrer: 'Came from',
      properties: 'Details',
      visitorId: 'Random visitor number in your browser',
    },
    words: { event: (event) => (event === pageViewEvent ? 'Read a page' : (analyticsActionLabels[event] ?? event)) },
  },
  holds:
    'Page views and events: page, referrer, device, and an anonymous visitor id only with analytics consent. ' +
    'Their daily rollups (analytics_daily, analytics_daily_keys, analytics_daily_content) hold counts by day only, no hash, no id, no person: nothing to erase, purged with the events',
  retention: { key: 'analyticsEvents', rule: (period) => `analytics_events older than ${period}` },
  visits: true,
  ...analyticsEventsPersonalData,
};

/**
 * The pages read before an enquiry, kept only where the visitor consented to analytics
 * (docs/product.md#content-to-enquiry). They belong to the enquiry: erased, exported and expired
 * with it (the foreign key cascades). Listed before `contact_messages`, so an erasure counts them.
 */
export const enquiryReadingPathsStore: PersonalDataStore = {
  name: 'enquiry_reading_paths',
  letter: {
    title: 'Pages you read before writing to us',
    fields: { readAt: 'Read', title: 'Page title', path: 'Page', enquiryId: 'Before your message with reference' },
  },
  holds: 'Pages read before an enquiry (page and time), only where the visitor consented to analytics',
  keptWhile: 'as long as their enquiry (deleted with it)',
  ...readingPathsPersonalData,
};

/**
 * Visits, the rollup the dashboard reads: no address, no IP, no user agent, only the daily visit hash
 * (its salt is destroyed after its day). Purged with the events' period, here and by the rotation task.
 */
export const analyticsVisitsStore: PersonalDataStore = {
  name: 'analytics_visits',
  holds: 'One row a visit: daily visit hash, entry page, referrer host, campaign, browser, system, device type',
  retention: { key: 'analyticsEvents', rule: (period) => `analytics_visits older than ${period}` },
  ...analyticsVisitsPersonalData,
};

/** The daily salts that hash visitors: no person, listed so the data map shows every analytics table. */
export const analyticsSaltsStore: PersonalDataStore = {
  name: 'analytics_salts',
  holds: 'One random salt a UK day, used to hash visitors; no person',
  keptWhile: 'its UK day only: destroyed after it by the hourly rotation task',
  ...analyticsSaltsPersonalData,
};

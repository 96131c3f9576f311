import { analyticsActionLabels } from '@northbeam/common';
import {
  countRows,
  deleteRows,
  selectRows,
  type PersonalDataStore,
} from '../../core/personal-data/personal-data-store.js';
import { purgeRollupsBefore } from './analytics-rollups.repository.js';
import { pageViewEvent } from './analytics.repository.js';

/**
 * Analytics rows are personal when they carry the address (playbook and newsletter events send
 * `properties.email`) or the anonymous visitor id that the requester's browser attached to a privacy
 * request (sent only with analytics consent). Other rows are anonymous.
 */
const ofAddress = `lower("properties"->>'email') = $1
   OR "visitor_id" IN (SELECT "visitor_id" FROM "deletion_requests" WHERE "email" = $1 AND "visitor_id" IS NOT NULL)`;

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
  erase: (manager, email) =>
    deleteRows(manager, `DELETE FROM "analytics_events" WHERE ${ofAddress} RETURNING "id"`, [email]),
  visits: true,
  collect: (manager, email) =>
    selectRows(
      manager,
      `SELECT "event", "path", "referrer", "properties", "visitor_id" AS "visitorId", "created_at" AS "at"
         FROM "analytics_events" WHERE ${ofAddress} ORDER BY "created_at", "id"`,
      [email],
    ),
  /** The events before the cutoff (the count answered), and the daily rollups of the days wholly before it. */
  purge: async (manager, cutoff) => {
    await purgeRollupsBefore(manager, cutoff);
    return deleteRows(manager, `DELETE FROM "analytics_events" WHERE "created_at" < $1 RETURNING "id"`, [cutoff]);
  },
  count: (manager) => countRows(manager, 'analytics_events'),
};

/**
 * The pages read before an enquiry, kept only where the visitor consented to analytics
 * (docs/product.md#content-to-enquiry). They belong to the enquiry: erased, exported and expired
 * with it (the foreign key cascades). Listed before `contact_messages`, so an erasure counts them.
 */
const ofEnquiriesOf = `"enquiry_id" IN (SELECT "id" FROM "contact_messages" WHERE lower(trim("email")) = $1)`;

export const enquiryReadingPathsStore: PersonalDataStore = {
  name: 'enquiry_reading_paths',
  letter: {
    title: 'Pages you read before writing to us',
    fields: { readAt: 'Read', title: 'Page title', path: 'Page', enquiryId: 'Before your message with reference' },
  },
  holds: 'Pages read before an enquiry (page and time), only where the visitor consented to analytics',
  keptWhile: 'as long as their enquiry (deleted with it)',
  erase: (manager, email) =>
    deleteRows(manager, `DELETE FROM "enquiry_reading_paths" WHERE ${ofEnquiriesOf} RETURNING 1`, [email]),
  collect: (manager, email) =>
    selectRows(
      manager,
      `SELECT "enquiry_id" AS "enquiryId", "path", "title", "read_at" AS "readAt"
         FROM "enquiry_reading_paths" WHERE ${ofEnquiriesOf} ORDER BY "enquiry_id", "position"`,
      [email],
    ),
  count: (manager) => countRows(manager, 'enquiry_reading_paths'),
};

/**
 * Visits, the rollup the dashboard reads: no address, no IP, no user agent, only the daily visit hash
 * (its salt is destroyed after its day). Purged with the events' period, here and by the rotation task.
 */
export const analyticsVisitsStore: PersonalDataStore = {
  name: 'analytics_visits',
  holds: 'One row a visit: daily visit hash, entry page, referrer host, campaign, browser, system, device type',
  retention: { key: 'analyticsEvents', rule: (period) => `analytics_visits older than ${period}` },
  purge: (manager, cutoff) =>
    deleteRows(manager, `DELETE FROM "analytics_visits" WHERE "started_at" < $1 RETURNING "id"`, [cutoff]),
  count: (manager) => countRows(manager, 'analytics_visits'),
};

/** The daily salts that hash visitors: no person, listed so the data map shows every analytics table. */
export const analyticsSaltsStore: PersonalDataStore = {
  name: 'analytics_salts',
  holds: 'One random salt a UK day, used to hash visitors; no person',
  keptWhile: 'its UK day only: destroyed after it by the hourly rotation task',
  count: (manager) => countRows(manager, 'analytics_salts'),
};

import { countRows, deleteRows, type PersonalDataStore } from '../../core/personal-data/personal-data-store.js';
import { purgeRollupsBefore } from './analytics-rollups.js';

/**
 * Analytics rows are personal when they carry the address (playbook and newsletter events send
 * `properties.email`) or the anonymous visitor id that the requester's browser attached to a privacy
 * request (sent only with analytics consent). Other rows are anonymous.
 */
const ofAddress = `lower("properties"->>'email') = $1
   OR "visitor_id" IN (SELECT "visitor_id" FROM "deletion_requests" WHERE "email" = $1 AND "visitor_id" IS NOT NULL)`;

export const analyticsEventsStore: PersonalDataStore = {
  name: 'analytics_events',
  holds:
    'Page views and events: page, referrer, device, and an anonymous visitor id only with analytics consent. ' +
    'Their daily rollups (analytics_daily, analytics_daily_keys, analytics_daily_content) hold counts by day only, no hash, no id, no person: nothing to erase, purged with the events',
  retention: { key: 'analyticsEvents', rule: (period) => `analytics_events older than ${period}` },
  erase: (manager, email) =>
    deleteRows(manager, `DELETE FROM "analytics_events" WHERE ${ofAddress} RETURNING "id"`, [email]),
  collect: (manager, email) =>
    manager.query(
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

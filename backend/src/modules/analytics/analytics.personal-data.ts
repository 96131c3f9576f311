import { countRows, deleteRows, type PersonalDataStore } from '../../core/personal-data/personal-data-store.js';

/**
 * Analytics rows are personal when they carry the address (playbook and newsletter events send
 * `properties.email`) or the anonymous visitor id that the requester's browser attached to a privacy
 * request (sent only with analytics consent). Other rows are anonymous.
 */
const ofAddress = `lower("properties"->>'email') = $1
   OR "visitor_id" IN (SELECT "visitor_id" FROM "deletion_requests" WHERE "email" = $1 AND "visitor_id" IS NOT NULL)`;

export const analyticsEventsStore: PersonalDataStore = {
  name: 'analytics_events',
  holds: 'Page views and events: page, referrer, device, and an anonymous visitor id only with analytics consent',
  retention: { key: 'analyticsEvents', rule: (period) => `analytics_events older than ${period}` },
  erase: (manager, email) =>
    deleteRows(manager, `DELETE FROM "analytics_events" WHERE ${ofAddress} RETURNING "id"`, [email]),
  collect: (manager, email) =>
    manager.query(
      `SELECT "event", "path", "referrer", "properties", "visitor_id" AS "visitorId", "created_at" AS "at"
         FROM "analytics_events" WHERE ${ofAddress} ORDER BY "created_at", "id"`,
      [email],
    ),
  purge: (manager, cutoff) =>
    deleteRows(manager, `DELETE FROM "analytics_events" WHERE "created_at" < $1 RETURNING "id"`, [cutoff]),
  count: (manager) => countRows(manager, 'analytics_events'),
};

import type { EntityManager } from 'typeorm';
import { staffLimits } from '@northbeam/common';
import { tableColumns, tableExists } from '../../../database/introspection.js';
import { rowCount } from '../../analytics/analytics.repository.js';

/** One retention rule: deletes what is past its period as of `now`, returns how many rows went. */
export interface RetentionRule {
  name: string;
  purge(manager: EntityManager, now: Date): Promise<number>;
}

function subtract(now: Date, amount: { years?: number; days?: number }): Date {
  const cutoff = new Date(now.getTime());
  if (amount.years) cutoff.setUTCFullYear(cutoff.getUTCFullYear() - amount.years);
  if (amount.days) cutoff.setTime(cutoff.getTime() - amount.days * 24 * 60 * 60 * 1000);
  return cutoff;
}

async function deleteWhere(manager: EntityManager, sql: string, parameters: unknown[]): Promise<number> {
  return rowCount(await manager.query(sql, parameters));
}

/** The retention periods (docs/product.md#retention; privacy policy: contact 3 years, analytics 2 years; the staff activity log 2 years). */
export const retentionRules: RetentionRule[] = [
  {
    name: 'analytics_events older than 2 years',
    purge: (manager, now) =>
      deleteWhere(manager, `DELETE FROM "analytics_events" WHERE "created_at" < $1 RETURNING "id"`, [
        subtract(now, { years: 2 }),
      ]),
  },
  {
    name: 'staff_activity older than 2 years',
    purge: (manager, now) =>
      deleteWhere(manager, `DELETE FROM "staff_activity" WHERE "at" < $1 RETURNING 1`, [
        subtract(now, { years: staffLimits.activityRetentionYears }),
      ]),
  },
  {
    name: 'unverified deletion_requests older than 30 days',
    purge: (manager, now) =>
      deleteWhere(
        manager,
        `DELETE FROM "deletion_requests" WHERE "status" = 'received' AND "received_at" < $1 RETURNING "id"`,
        [subtract(now, { days: 30 })],
      ),
  },
  {
    name: 'contact_messages older than 3 years',
    async purge(manager, now) {
      if (!(await tableExists(manager, 'contact_messages'))) return 0;
      return deleteWhere(manager, `DELETE FROM "contact_messages" WHERE "created_at" < $1 RETURNING 1`, [
        subtract(now, { years: 3 }),
      ]);
    },
  },
  {
    name: 'unconfirmed subscribers older than 30 days',
    async purge(manager, now) {
      if (!(await tableExists(manager, 'subscribers'))) return 0;
      const columns = await tableColumns(manager, 'subscribers');
      const cutoff = subtract(now, { days: 30 });
      if (columns.has('confirmed_at')) {
        return deleteWhere(
          manager,
          `DELETE FROM "subscribers" WHERE "confirmed_at" IS NULL ${columns.has('unsubscribed_at') ? 'AND "unsubscribed_at" IS NULL' : ''} AND "created_at" < $1 RETURNING 1`,
          [cutoff],
        );
      }
      if (columns.has('status')) {
        return deleteWhere(
          manager,
          `DELETE FROM "subscribers" WHERE "status" = 'pending' AND "created_at" < $1 RETURNING 1`,
          [cutoff],
        );
      }
      return 0;
    },
  },
  {
    name: 'sent email_outbox rows older than 90 days',
    async purge(manager, now) {
      if (!(await tableExists(manager, 'email_outbox'))) return 0;
      const columns = await tableColumns(manager, 'email_outbox');
      const cutoff = subtract(now, { days: 90 });
      if (columns.has('sent_at')) {
        return deleteWhere(
          manager,
          `DELETE FROM "email_outbox" WHERE "sent_at" IS NOT NULL AND "sent_at" < $1 RETURNING 1`,
          [cutoff],
        );
      }
      if (columns.has('status')) {
        return deleteWhere(
          manager,
          `DELETE FROM "email_outbox" WHERE "status" = 'sent' AND "created_at" < $1 RETURNING 1`,
          [cutoff],
        );
      }
      return 0;
    },
  },
  {
    // Counters hold a digest of a client address or e-mail; a window lasts an hour at most, so a
    // day-old counter is finished and keeping it would only keep the digest.
    name: 'rate_limit_counters whose window started over a day ago',
    purge: (manager, now) =>
      deleteWhere(manager, `DELETE FROM "rate_limit_counters" WHERE "window_start" < $1 RETURNING 1`, [
        subtract(now, { days: 1 }),
      ]),
  },
  {
    // A sign-in counter idle for a day starts again from one anyway (and no wait outlasts an hour).
    name: 'login_attempts idle for over a day',
    purge: (manager, now) =>
      deleteWhere(
        manager,
        `DELETE FROM "login_attempts" WHERE "last_failure_at" < $1 AND ("blocked_until" IS NULL OR "blocked_until" < $2) RETURNING 1`,
        [subtract(now, { days: 1 }), now],
      ),
  },
];

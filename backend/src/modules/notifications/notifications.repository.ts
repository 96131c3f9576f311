import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { AnyNotificationKind, NotificationKind, StaffRole } from '@northbeam/common';
import { returnedRows, rowCount } from '../../database/query-result.js';
import { tableStatements } from '../../database/personal-data-rows.js';

export interface Recipient {
  id: string;
  email: string;
  name: string;
}

export interface NotificationRow {
  id: string;
  kind: AnyNotificationKind;
  title: string;
  url: string;
  read_at: Date | string | null;
  created_at: Date | string;
}

export interface NewNotification {
  userId: string;
  kind: AnyNotificationKind;
  title: string;
  url: string;
  enquiryId: string | null;
}

/** `staff_notifications` (the bell) and `notification_opt_outs` (the kinds each person turned off). */
@Injectable()
export class NotificationsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * The enabled accounts among `userIds` (and every enabled admin and super admin when `admins`, every
   * enabled super admin when `superAdmins`, and every enabled account of `roles`) that have not turned
   * `kind` off.
   */
  recipients(
    manager: EntityManager,
    kind: AnyNotificationKind,
    target: { userIds?: string[]; admins?: boolean; superAdmins?: boolean; roles?: StaffRole[] },
  ): Promise<Recipient[]> {
    return manager.query<Recipient[]>(
      `SELECT u."id", u."email", u."name" FROM "users" u
        WHERE u."disabled_at" IS NULL
          AND (u."id" = ANY($1::uuid[]) OR ($2::boolean AND u."role" IN ('super_admin', 'admin'))
               OR ($4::boolean AND u."role" = 'super_admin') OR u."role" = ANY($5::text[]))
          AND NOT EXISTS (SELECT 1 FROM "notification_opt_outs" o WHERE o."user_id" = u."id" AND o."kind" = $3)
        ORDER BY u."created_at", u."id"`,
      [target.userIds ?? [], target.admins === true, kind, target.superAdmins === true, target.roles ?? []],
    );
  }

  async add(manager: EntityManager, rows: NewNotification[]): Promise<void> {
    for (const row of rows) {
      await manager.query(
        `INSERT INTO "staff_notifications" ("user_id", "kind", "title", "url", "enquiry_id") VALUES ($1, $2, $3, $4, $5)`,
        [row.userId, row.kind, row.title, row.url, row.enquiryId],
      );
    }
  }

  /**
   * Removes the lines about an enquiry held by staff of `roles`, except `keepUserId`; answers how many.
   */
  async removeEnquiryLines(
    manager: EntityManager,
    enquiryId: string,
    roles: string[],
    keepUserId: string | null,
  ): Promise<number> {
    const result: unknown = await manager.query(
      `DELETE FROM "staff_notifications" n USING "users" u
        WHERE n."enquiry_id" = $1 AND u."id" = n."user_id" AND u."role" = ANY($2::text[])
          AND u."id" IS DISTINCT FROM $3::uuid`,
      [enquiryId, roles, keepUserId],
    );
    return rowCount(result);
  }

  /** Newest first, and the count of unread ones. */
  async page(userId: string, offset: number, limit: number): Promise<[NotificationRow[], number, number]> {
    const counts = await this.dataSource.query<{ total: number; unread: number }[]>(
      `SELECT count(*)::int AS "total", count(*) FILTER (WHERE "read_at" IS NULL)::int AS "unread"
         FROM "staff_notifications" WHERE "user_id" = $1`,
      [userId],
    );
    const rows = await this.dataSource.query<NotificationRow[]>(
      `SELECT "id", "kind", "title", "url", "read_at", "created_at" FROM "staff_notifications"
        WHERE "user_id" = $1 ORDER BY "created_at" DESC, "id" DESC LIMIT $2 OFFSET $3`,
      [userId, limit, offset],
    );
    return [rows, counts[0].total, counts[0].unread];
  }

  /** Marks one of the user's notifications read; false when it is not theirs or does not exist. */
  async markRead(userId: string, id: string): Promise<boolean> {
    const result: unknown = await this.dataSource.query(
      `UPDATE "staff_notifications" SET "read_at" = coalesce("read_at", now())
        WHERE "id" = $1 AND "user_id" = $2 RETURNING "id"`,
      [id, userId],
    );
    return returnedRows(result).length === 1;
  }

  async markAllRead(userId: string): Promise<number> {
    const result: unknown = await this.dataSource.query(
      `UPDATE "staff_notifications" SET "read_at" = now() WHERE "user_id" = $1 AND "read_at" IS NULL`,
      [userId],
    );
    return rowCount(result);
  }

  async optOuts(userId: string): Promise<NotificationKind[]> {
    const rows = await this.dataSource.query<{ kind: NotificationKind }[]>(
      `SELECT "kind" FROM "notification_opt_outs" WHERE "user_id" = $1 ORDER BY "kind"`,
      [userId],
    );
    return rows.map((row) => row.kind);
  }

  async setOptOuts(manager: EntityManager, userId: string, kinds: NotificationKind[]): Promise<void> {
    await manager.query(`DELETE FROM "notification_opt_outs" WHERE "user_id" = $1`, [userId]);
    for (const kind of kinds) {
      await manager.query(`INSERT INTO "notification_opt_outs" ("user_id", "kind") VALUES ($1, $2)`, [userId, kind]);
    }
  }
}

/**
 * A staff member's own notifications (of the account with the address), and those about the
 * address's enquiries (their titles name the enquirer).
 */
const notificationsOfAddress = `"user_id" IN (SELECT "id" FROM "users" WHERE lower(trim("email")) = $1)
   OR "enquiry_id" IN (SELECT "id" FROM "contact_messages" WHERE lower(trim("email")) = $1)`;

/** The notifications' statements for their personal-data declaration: read ones expire. */
export const staffNotificationsPersonalData = tableStatements('staff_notifications', {
  erase: notificationsOfAddress,
  collect: {
    where: notificationsOfAddress,
    columns: `"created_at" AS "createdAt", "kind", "title", "read_at" AS "readAt", "enquiry_id" AS "enquiryId"`,
    orderBy: `"created_at"`,
  },
  expired: `"read_at" IS NOT NULL AND "read_at" < $1`,
});

/** Notifications nobody read: they expire after a longer period. */
export const unreadStaffNotificationsPersonalData = tableStatements('staff_notifications', {
  expired: `"read_at" IS NULL AND "created_at" < $1`,
  counted: `"read_at" IS NULL`,
});

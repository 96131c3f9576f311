import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { NewsletterIssueStatus, PostSection } from '@northbeam/common';
import { returnedRows } from '../../database/query-result.js';

export interface NewsletterIssueRow {
  id: string;
  subject: string;
  preheader: string;
  body: string;
  status: NewsletterIssueStatus;
  recipient_count: number | null;
  source_post_id: string | null;
  source_post_title: string | null;
  created_by_name: string | null;
  sent_by_name: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  sent_at: Date | string | null;
}

export interface PublishedPostRow {
  id: string;
  title: string;
  excerpt: string;
  body: string;
  section: PostSection;
  slug: string;
}

export interface OutboxCounts {
  pending: number;
  sent: number;
  failed: number;
  cancelled: number;
  /** Snapshotted recipients whose outbox row is not written yet. */
  unqueued: number;
}

const selectIssue = `
  SELECT i."id", i."subject", i."preheader", i."body", i."status", i."recipient_count", i."source_post_id",
         p."title" AS "source_post_title", i."created_by_name", i."sent_by_name", i."created_at", i."updated_at", i."sent_at"
    FROM "newsletter_issues" i
    LEFT JOIN "posts" p ON p."id" = i."source_post_id"`;

@Injectable()
export class NewsletterIssuesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Newest first. */
  async findPage(offset: number, limit: number): Promise<[NewsletterIssueRow[], number]> {
    const count = await this.dataSource.query<{ total: number }[]>(
      `SELECT count(*)::int AS "total" FROM "newsletter_issues"`,
    );
    const rows = await this.dataSource.query<NewsletterIssueRow[]>(
      `${selectIssue} ORDER BY i."created_at" DESC, i."id" DESC LIMIT $1 OFFSET $2`,
      [limit, offset],
    );
    return [rows, count[0].total];
  }

  async findById(
    id: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<NewsletterIssueRow | undefined> {
    const rows = await manager.query<NewsletterIssueRow[]>(`${selectIssue} WHERE i."id" = $1`, [id]);
    return rows[0];
  }

  /** The issue's row, locked until the caller's transaction ends: two sends of one issue run one after the other. */
  async lockById(manager: EntityManager, id: string): Promise<NewsletterIssueRow | undefined> {
    await manager.query(`SELECT 1 FROM "newsletter_issues" WHERE "id" = $1 FOR UPDATE`, [id]);
    return this.findById(id, manager);
  }

  async insert(
    manager: EntityManager,
    issue: {
      subject: string;
      preheader: string;
      body: string;
      sourcePostId: string | null;
      creator: { id: string; name: string };
    },
  ): Promise<string> {
    const rows = await manager.query<{ id: string }[]>(
      `INSERT INTO "newsletter_issues" ("subject", "preheader", "body", "source_post_id", "created_by_id", "created_by_name")
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING "id"`,
      [issue.subject, issue.preheader, issue.body, issue.sourcePostId, issue.creator.id, issue.creator.name],
    );
    return rows[0].id;
  }

  async update(
    manager: EntityManager,
    id: string,
    issue: { subject: string; preheader: string; body: string },
  ): Promise<void> {
    await manager.query(
      `UPDATE "newsletter_issues" SET "subject" = $2, "preheader" = $3, "body" = $4, "updated_at" = now() WHERE "id" = $1`,
      [id, issue.subject, issue.preheader, issue.body],
    );
  }

  async delete(manager: EntityManager, id: string): Promise<void> {
    await manager.query(`DELETE FROM "newsletter_issues" WHERE "id" = $1`, [id]);
  }

  async findPublishedPost(id: string): Promise<PublishedPostRow | undefined> {
    const rows = await this.dataSource.query<PublishedPostRow[]>(
      `SELECT "id", "title", "excerpt", "body", "section", "slug" FROM "posts" WHERE "id" = $1 AND "status" = 'published'`,
      [id],
    );
    return rows[0];
  }

  async confirmedCount(): Promise<number> {
    const rows = await this.dataSource.query<{ total: number }[]>(
      `SELECT count(*)::int AS "total" FROM "subscribers" WHERE "status" = 'confirmed'`,
    );
    return rows[0].total;
  }

  /**
   * Snapshots the confirmed subscribers as the issue's recipients and marks it sending; answers how
   * many there are. Unconfirmed and unsubscribed addresses are never part of it.
   */
  async startSending(manager: EntityManager, id: string, sender: { id: string; name: string }): Promise<number> {
    const counted = await manager.query<{ total: number }[]>(
      `WITH "inserted" AS (
         INSERT INTO "newsletter_issue_recipients" ("issue_id", "email")
         SELECT $1, "email" FROM "subscribers" WHERE "status" = 'confirmed'
         ON CONFLICT DO NOTHING RETURNING 1)
       SELECT count(*)::int AS "total" FROM "inserted"`,
      [id],
    );
    const total = counted[0].total;
    await manager.query(
      `UPDATE "newsletter_issues"
          SET "status" = 'sending', "recipient_count" = $2, "sent_by_id" = $3, "sent_by_name" = $4, "sent_at" = now(), "updated_at" = now()
        WHERE "id" = $1`,
      [id, total, sender.id, sender.name],
    );
    return total;
  }

  /**
   * Takes up to `limit` snapshotted recipients out of the snapshot inside the caller's transaction:
   * the same transaction writes their outbox rows, so each recipient is queued exactly once (SKIP
   * LOCKED lets two instances resuming one send take different batches).
   */
  async takeRecipients(manager: EntityManager, id: string, limit: number): Promise<string[]> {
    const rows = returnedRows<{ email: string }>(
      await manager.query(
        `DELETE FROM "newsletter_issue_recipients"
          WHERE "issue_id" = $1 AND "email" IN (
            SELECT "email" FROM "newsletter_issue_recipients" WHERE "issue_id" = $1
             ORDER BY "email" LIMIT $2 FOR UPDATE SKIP LOCKED)
          RETURNING "email"`,
        [id, limit],
      ),
    );
    return rows.map((row) => row.email);
  }

  /** Sending → sent once every recipient has its outbox row. */
  async finishSending(id: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE "newsletter_issues" SET "status" = 'sent', "updated_at" = now()
        WHERE "id" = $1 AND "status" = 'sending'
          AND NOT EXISTS (SELECT 1 FROM "newsletter_issue_recipients" WHERE "issue_id" = $1)`,
      [id],
    );
  }

  async sendingIssueIds(): Promise<string[]> {
    const rows = await this.dataSource.query<{ id: string }[]>(
      `SELECT "id" FROM "newsletter_issues" WHERE "status" = 'sending'`,
    );
    return rows.map((row) => row.id);
  }

  async outboxCounts(id: string): Promise<OutboxCounts> {
    const rows = await this.dataSource.query<OutboxCounts[]>(
      `SELECT count(*) FILTER (WHERE "status" = 'pending')::int AS "pending",
              count(*) FILTER (WHERE "status" = 'sent')::int AS "sent",
              count(*) FILTER (WHERE "status" = 'failed')::int AS "failed",
              count(*) FILTER (WHERE "status" = 'cancelled')::int AS "cancelled",
              (SELECT count(*)::int FROM "newsletter_issue_recipients" WHERE "issue_id" = $1) AS "unqueued"
         FROM "email_outbox" WHERE "newsletter_issue_id" = $1`,
      [id],
    );
    return rows[0];
  }
}

import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { returnedRows } from '../../database/query-result.js';
import { EmailOutboxEntity } from './entities/email-outbox.entity.js';
import {
  containing,
  deleteRows,
  tableStatements,
  type PersonalDataStatements,
} from '../../database/personal-data-rows.js';

export interface OutgoingMail {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
  /** Set for one recipient's copy of a newsletter issue: it is then sent only while the address is a confirmed subscriber. */
  newsletterIssueId?: string;
}

/** A claimed outbox row, as the dispatcher sends it. */
export interface ClaimedMail {
  id: string;
  kind: string;
  toAddress: string;
  subject: string;
  textBody: string;
  htmlBody: string;
  headers: Record<string, string>;
  attempts: number;
  newsletterIssueId: string | null;
}

interface ClaimedRow {
  id: string;
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  headers: Record<string, string> | string;
  attempts: number;
  newsletter_issue_id: string | null;
}

@Injectable()
export class MailRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Adds a mail to the outbox inside the caller's transaction. */
  async add(manager: EntityManager, mail: OutgoingMail): Promise<void> {
    await this.addMany(manager, [mail]);
  }

  /** Adds many mails in one statement inside the caller's transaction (a batch of a newsletter send). */
  async addMany(manager: EntityManager, mails: OutgoingMail[]): Promise<void> {
    if (mails.length === 0) return;
    await manager.insert(
      EmailOutboxEntity,
      mails.map((mail) => ({
        id: randomUUID(),
        kind: mail.kind,
        toAddress: mail.to,
        subject: mail.subject,
        textBody: mail.text,
        htmlBody: mail.html,
        headers: mail.headers ?? {},
        newsletterIssueId: mail.newsletterIssueId ?? null,
      })),
    );
  }

  /**
   * Claims up to `limit` due rows: each is leased for `leaseSeconds` (its next attempt moves past the
   * lease) and its attempt counted. SKIP LOCKED lets several instances claim at once without ever
   * claiming the same row. Newsletter copies come after every other due mail, so that an enquiry's
   * notification or a sign-in link never waits behind a send to thousands.
   */
  async claimDue(limit: number, leaseSeconds: number): Promise<ClaimedMail[]> {
    const result: unknown = await this.dataSource.query(
      `UPDATE "email_outbox"
          SET "attempts" = "attempts" + 1,
              "next_attempt_at" = now() + make_interval(secs => $2)
        WHERE "id" IN (
          SELECT "id" FROM "email_outbox"
           WHERE "status" = 'pending' AND "next_attempt_at" <= now()
           ORDER BY ("newsletter_issue_id" IS NOT NULL), "next_attempt_at", "created_at"
           LIMIT $1
           FOR UPDATE SKIP LOCKED)
        RETURNING "id", "kind", "to_address", "subject", "text_body", "html_body", "headers", "attempts", "newsletter_issue_id"`,
      [limit, leaseSeconds],
    );
    return returnedRows<ClaimedRow>(result).map((row) => ({
      id: row.id,
      kind: row.kind,
      toAddress: row.to_address,
      subject: row.subject,
      textBody: row.text_body,
      htmlBody: row.html_body,
      headers: typeof row.headers === 'string' ? (JSON.parse(row.headers) as Record<string, string>) : row.headers,
      attempts: row.attempts,
      newsletterIssueId: row.newsletter_issue_id,
    }));
  }

  /**
   * Of these claimed rows, cancels the newsletter copies whose address is no longer a confirmed
   * subscriber that may be sent to (unsubscribed, removed, hard-bounced or complained while the issue
   * was going out) and answers their ids: they
   * are never sent. Other mails are left alone.
   */
  async cancelUnsubscribed(ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const result: unknown = await this.dataSource.query(
      `UPDATE "email_outbox" o
          SET "status" = 'cancelled',
              "last_error" = CASE WHEN EXISTS (SELECT 1 FROM "subscribers" b WHERE b."email" = o."to_address" AND b."blocked_reason" IS NOT NULL)
                             THEN 'The address bounced or complained before this mail was sent'
                             ELSE 'The address unsubscribed before this mail was sent' END
        WHERE o."id" = ANY($1::uuid[]) AND o."newsletter_issue_id" IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM "subscribers" s
                           WHERE s."email" = o."to_address" AND s."status" = 'confirmed' AND s."blocked_reason" IS NULL)
        RETURNING o."id"`,
      [ids],
    );
    const rows = returnedRows<{ id: string }>(result);
    return new Set(rows.map((row) => row.id));
  }

  async markSent(id: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE "email_outbox" SET "status" = 'sent', "sent_at" = now(), "last_error" = NULL WHERE "id" = $1`,
      [id],
    );
  }

  /** Records a failed attempt: retried after `retryInSeconds`, or given up when `giveUp`. */
  async markFailed(id: string, error: string, retryInSeconds: number, giveUp: boolean): Promise<void> {
    await this.dataSource.query(
      `UPDATE "email_outbox"
          SET "last_error" = $2,
              "status" = CASE WHEN $4::boolean THEN 'failed' ELSE 'pending' END,
              "next_attempt_at" = now() + make_interval(secs => $3)
        WHERE "id" = $1`,
      [id, error.slice(0, 2000), retryInSeconds, giveUp],
    );
  }

  /** Gives claimed mails not sent back to the outbox, due now, their claim not counted as an attempt. */
  async release(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.dataSource.query(
      `UPDATE "email_outbox" SET "attempts" = "attempts" - 1, "next_attempt_at" = now()
        WHERE "id" = ANY($1::uuid[]) AND "status" = 'pending'`,
      [ids],
    );
  }
}

/**
 * The outbox's statements for its personal-data declaration: an erasure takes the mails to the
 * address and those about it, the export the mails to it. A mail that will never go (cancelled by an
 * unsubscribe, or given up after its retries) is kept as long as a sent one, counted from when it
 * was queued.
 */
export const emailOutboxPersonalData: PersonalDataStatements = {
  ...tableStatements('email_outbox', {
    collect: {
      where: `lower(trim("to_address")) = $1`,
      columns: `"kind", "subject", "text_body" AS "text", "status", "created_at" AS "queuedAt", "sent_at" AS "sentAt"`,
      orderBy: `"created_at"`,
    },
    expired: `("sent_at" IS NOT NULL AND "sent_at" < $1)
           OR ("sent_at" IS NULL AND "status" IN ('cancelled', 'failed') AND "created_at" < $1)`,
  }),
  erase: (manager, email) =>
    deleteRows(
      manager,
      // The headers too: the staff copy of an enquiry names its sender only there (X-Northbeam-Enquirer).
      `DELETE FROM "email_outbox" WHERE lower(trim("to_address")) = $1 OR lower("text_body") LIKE $2 OR lower("html_body") LIKE $2
          OR lower("headers"::text) LIKE $2 RETURNING 1`,
      [email, containing(email)],
    ),
};

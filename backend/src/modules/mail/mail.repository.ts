import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DataSource, type EntityManager } from 'typeorm';
import { EmailOutboxEntity } from './entities/email-outbox.entity.js';

export interface OutgoingMail {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
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
}

@Injectable()
export class MailRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Adds a mail to the outbox inside the caller's transaction. */
  async add(manager: EntityManager, mail: OutgoingMail): Promise<void> {
    await manager.insert(EmailOutboxEntity, {
      id: randomUUID(),
      kind: mail.kind,
      toAddress: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
      headers: mail.headers ?? {},
    });
  }

  /**
   * Claims up to `limit` due rows: each is leased for `leaseSeconds` (its next attempt moves past the
   * lease) and its attempt counted. SKIP LOCKED lets several instances claim at once without ever
   * claiming the same row.
   */
  async claimDue(limit: number, leaseSeconds: number): Promise<ClaimedMail[]> {
    const rows = await this.dataSource.query<[ClaimedRow[], number] | ClaimedRow[]>(
      `UPDATE "email_outbox"
          SET "attempts" = "attempts" + 1,
              "next_attempt_at" = now() + make_interval(secs => $2)
        WHERE "id" IN (
          SELECT "id" FROM "email_outbox"
           WHERE "status" = 'pending' AND "next_attempt_at" <= now()
           ORDER BY "next_attempt_at", "created_at"
           LIMIT $1
           FOR UPDATE SKIP LOCKED)
        RETURNING "id", "kind", "to_address", "subject", "text_body", "html_body", "headers", "attempts"`,
      [limit, leaseSeconds],
    );
    // TypeORM answers UPDATE … RETURNING with [rows, count].
    const list = Array.isArray(rows[0]) ? rows[0] : (rows as ClaimedRow[]);
    return list.map((row) => ({
      id: row.id,
      kind: row.kind,
      toAddress: row.to_address,
      subject: row.subject,
      textBody: row.text_body,
      htmlBody: row.html_body,
      headers: typeof row.headers === 'string' ? (JSON.parse(row.headers) as Record<string, string>) : row.headers,
      attempts: row.attempts,
    }));
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
}

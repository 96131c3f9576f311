import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { EnquiryStatus, InboundMailKind } from '@northbeam/common';
import { returnedRows } from '../../database/query-result.js';
import { tableStatements } from '../../database/personal-data-rows.js';

export interface InboundMailboxRow {
  uid_validity: string | number | null;
  last_uid: string | number;
  last_attempt_at: Date | string | null;
  last_success_at: Date | string | null;
  last_error: string | null;
  failures: number;
  next_attempt_at: Date | string | null;
}

export interface InboundMessageRow {
  id: string;
  enquiry_id: string | null;
  state: 'threaded' | 'unmatched' | 'dismissed';
  kind: InboundMailKind;
  message_id: string | null;
  from_address: string;
  from_name: string;
  subject: string;
  sent_at: Date | string;
  text: string;
  quoted: string;
  html: string | null;
  created_at: Date | string;
}

export interface InboundAttachmentRow {
  id: string;
  inbound_message_id: string;
  filename: string;
  content_type: string;
  size: number;
  stored: boolean;
}

/** The enquiry an answer may join, as the threading needs it. */
export interface AnswerTargetRow {
  id: string;
  name: string;
  status: EnquiryStatus;
  assignee_id: string | null;
  assignee_disabled: boolean;
}

export interface NewInboundMessage {
  uidValidity: number;
  uid: number;
  enquiryId: string | null;
  state: 'threaded' | 'unmatched';
  kind: InboundMailKind;
  messageId: string | null;
  fromAddress: string;
  fromName: string;
  subject: string;
  sentAt: Date;
  text: string;
  quoted: string;
  html: string | null;
  attachments: { filename: string; contentType: string; size: number; content: Buffer | null }[];
}

const messageColumns = `"id", "enquiry_id", "state", "kind", "message_id", "from_address", "from_name", "subject",
  "sent_at", "text", "quoted", "html", "created_at"`;

/** The connected mailbox's queries: its one state row, the fetched mails and their attachments. */
@Injectable()
export class InboundMailRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async mailbox(manager: EntityManager = this.dataSource.manager): Promise<InboundMailboxRow> {
    const rows = await manager.query<InboundMailboxRow[]>(
      `SELECT "uid_validity", "last_uid", "last_attempt_at", "last_success_at", "last_error", "failures", "next_attempt_at"
         FROM "inbound_mailbox" WHERE "id" = 1`,
    );
    return rows[0];
  }

  /** Remembers the last UID taken (in the transaction that recorded the message): it is never fetched again. */
  async advance(manager: EntityManager, uidValidity: number, uid: number): Promise<void> {
    await manager.query(
      `UPDATE "inbound_mailbox"
          SET "last_uid" = CASE WHEN "uid_validity" IS DISTINCT FROM $1 THEN $2 ELSE greatest("last_uid", $2) END,
              "uid_validity" = $1
        WHERE "id" = 1`,
      [uidValidity, uid],
    );
  }

  async recordSuccess(at: Date): Promise<void> {
    await this.dataSource.query(
      `UPDATE "inbound_mailbox" SET "last_attempt_at" = $1, "last_success_at" = $1, "last_error" = NULL,
              "failures" = 0, "next_attempt_at" = NULL WHERE "id" = 1`,
      [at],
    );
  }

  async recordFailure(at: Date, error: string, nextAttemptAt: Date): Promise<number> {
    const rows = returnedRows<{ failures: number }>(
      await this.dataSource.query(
        `UPDATE "inbound_mailbox" SET "last_attempt_at" = $1, "last_error" = $2, "failures" = "failures" + 1,
                "next_attempt_at" = $3 WHERE "id" = 1 RETURNING "failures"`,
        [at, error.slice(0, 500), nextAttemptAt],
      ),
    );
    return rows[0]?.failures ?? 1;
  }

  /** Whether this mailbox message (or, for a new UIDVALIDITY, this Message-ID) was already taken. */
  async alreadyTaken(
    manager: EntityManager,
    uidValidity: number,
    uid: number,
    messageId: string | null,
  ): Promise<boolean> {
    const rows = await manager.query<unknown[]>(
      `SELECT 1 FROM "inbound_messages"
        WHERE ("uid_validity" = $1 AND "uid" = $2) OR ($3::varchar IS NOT NULL AND "message_id" = $3::varchar) LIMIT 1`,
      [uidValidity, uid, messageId],
    );
    return rows.length > 0;
  }

  async insert(manager: EntityManager, message: NewInboundMessage): Promise<string> {
    const rows = await manager.query<{ id: string }[]>(
      `INSERT INTO "inbound_messages" ("uid_validity", "uid", "enquiry_id", "state", "kind", "message_id",
              "from_address", "from_name", "subject", "sent_at", "text", "quoted", "html")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING "id"`,
      [
        message.uidValidity,
        message.uid,
        message.enquiryId,
        message.state,
        message.kind,
        message.messageId,
        message.fromAddress,
        message.fromName,
        message.subject,
        message.sentAt,
        message.text,
        message.quoted,
        message.html,
      ],
    );
    const id = rows[0].id;
    for (const [position, attachment] of message.attachments.entries()) {
      await manager.query(
        `INSERT INTO "inbound_attachments" ("inbound_message_id", "position", "filename", "content_type", "size", "content")
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [id, position, attachment.filename, attachment.contentType, attachment.size, attachment.content],
      );
    }
    return id;
  }

  /** The enquiry whose replies carry this Reply-To token. */
  async enquiryByToken(manager: EntityManager, token: string): Promise<string | undefined> {
    const rows = await manager.query<{ id: string }[]>(`SELECT "id" FROM "contact_messages" WHERE "reply_token" = $1`, [
      token.toLowerCase(),
    ]);
    return rows[0]?.id;
  }

  /** The enquiry one of whose replies was sent with one of these Message-IDs (exactly as we sent them). */
  async enquiryByReplyMessageId(manager: EntityManager, messageIds: string[]): Promise<string | undefined> {
    if (messageIds.length === 0) return undefined;
    const rows = await manager.query<{ enquiry_id: string }[]>(
      `SELECT "enquiry_id" FROM "enquiry_replies" WHERE "message_id" = ANY($1::varchar[]) ORDER BY "created_at" DESC LIMIT 1`,
      [messageIds],
    );
    return rows[0]?.enquiry_id;
  }

  /** The enquiry, locked until the transaction ends, with what the threading needs. */
  async lockAnswerTarget(manager: EntityManager, id: string): Promise<AnswerTargetRow | undefined> {
    await manager.query(`SELECT 1 FROM "contact_messages" WHERE "id" = $1 FOR UPDATE`, [id]);
    const rows = await manager.query<AnswerTargetRow[]>(
      `SELECT m."id", m."name", m."status", m."assignee_id", coalesce(u."disabled_at" IS NOT NULL, false) AS "assignee_disabled"
         FROM "contact_messages" m LEFT JOIN "users" u ON u."id" = m."assignee_id" WHERE m."id" = $1`,
      [id],
    );
    return rows[0];
  }

  /** The enquirer answered: the enquiry awaits us and its 48-hour clock (and its 24-hour reminder) starts again. */
  async markAwaiting(manager: EntityManager, id: string, at: Date): Promise<void> {
    await manager.query(
      `UPDATE "contact_messages" SET "status" = 'awaiting', "clock_started_at" = $2, "waiting_reminded_at" = NULL
        WHERE "id" = $1`,
      [id, at],
    );
  }

  async forEnquiry(enquiryId: string): Promise<InboundMessageRow[]> {
    return this.dataSource.query<InboundMessageRow[]>(
      `SELECT ${messageColumns} FROM "inbound_messages" WHERE "enquiry_id" = $1 AND "state" = 'threaded'
        ORDER BY "created_at", "id"`,
      [enquiryId],
    );
  }

  async attachmentsOf(messageIds: string[]): Promise<InboundAttachmentRow[]> {
    if (messageIds.length === 0) return [];
    return this.dataSource.query<InboundAttachmentRow[]>(
      `SELECT "id", "inbound_message_id", "filename", "content_type", "size", "content" IS NOT NULL AS "stored"
         FROM "inbound_attachments" WHERE "inbound_message_id" = ANY($1::uuid[]) ORDER BY "inbound_message_id", "position"`,
      [messageIds],
    );
  }

  async attachmentContent(
    messageId: string,
    attachmentId: string,
  ): Promise<{ filename: string; enquiry_id: string | null; content: Buffer | null } | undefined> {
    const rows = await this.dataSource.query<{ filename: string; enquiry_id: string | null; content: Buffer | null }[]>(
      `SELECT a."filename", m."enquiry_id", a."content" FROM "inbound_attachments" a
         JOIN "inbound_messages" m ON m."id" = a."inbound_message_id"
        WHERE a."id" = $2 AND m."id" = $1`,
      [messageId, attachmentId],
    );
    return rows[0];
  }

  async unmatchedPage(offset: number, limit: number): Promise<[InboundMessageRow[], number]> {
    const count = await this.dataSource.query<{ total: number }[]>(
      `SELECT count(*)::int AS "total" FROM "inbound_messages" WHERE "state" = 'unmatched'`,
    );
    const rows = await this.dataSource.query<InboundMessageRow[]>(
      `SELECT ${messageColumns} FROM "inbound_messages" WHERE "state" = 'unmatched'
        ORDER BY "created_at" DESC, "id" DESC LIMIT $1 OFFSET $2`,
      [limit, offset],
    );
    return [rows, count[0].total];
  }

  async unmatchedCount(): Promise<number> {
    const rows = await this.dataSource.query<{ total: number }[]>(
      `SELECT count(*)::int AS "total" FROM "inbound_messages" WHERE "state" = 'unmatched'`,
    );
    return rows[0].total;
  }

  async lockMessage(manager: EntityManager, id: string): Promise<InboundMessageRow | undefined> {
    const rows = await manager.query<InboundMessageRow[]>(
      `SELECT ${messageColumns} FROM "inbound_messages" WHERE "id" = $1 FOR UPDATE`,
      [id],
    );
    return rows[0];
  }

  async setState(
    manager: EntityManager,
    id: string,
    state: 'threaded' | 'dismissed',
    enquiryId: string | null,
  ): Promise<void> {
    await manager.query(`UPDATE "inbound_messages" SET "state" = $2, "enquiry_id" = $3 WHERE "id" = $1`, [
      id,
      state,
      enquiryId,
    ]);
  }
}

/** Mail from the address, or threaded onto one of the address's enquiries. */
const aboutAddress = `(lower(trim("from_address")) = $1
  OR "enquiry_id" IN (SELECT "id" FROM "contact_messages" WHERE lower(trim("email")) = $1))`;

/** The fetched mail's statements for its personal-data declaration. */
export const inboundMessagesPersonalData = tableStatements('inbound_messages', {
  erase: aboutAddress,
  collect: {
    where: aboutAddress,
    columns: `"enquiry_id" AS "enquiryId", "from_address" AS "from", "subject", "text", "created_at" AS "receivedAt"`,
    orderBy: `"created_at"`,
  },
});

import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { EnquiryStatus } from '@northbeam/common';
import { likePattern } from '../../core/sql/like-pattern.js';
import { returnedRows } from '../../database/query-result.js';
import { tableStatements } from '../../database/personal-data-rows.js';

export interface EnquiryFilter {
  status?: EnquiryStatus;
  service?: string;
  /** A staff id, or null for enquiries nobody holds. */
  assigneeId?: string | null;
  /** Inclusive lower bound. */
  from?: Date;
  /** Exclusive upper bound. */
  before?: Date;
  /** Matched case-insensitively anywhere in name, e-mail, company or message. */
  search?: string;
  /** Unanswered with a 48-hour clock started before this (overdue); the list is then oldest first. */
  clockBefore?: Date;
}

export interface EnquiryRow {
  id: string;
  name: string;
  email: string;
  company: string | null;
  service: string | null;
  message: string;
  status: EnquiryStatus;
  assignee_id: string | null;
  assignee_name: string | null;
  created_at: Date | string;
  /** When the 48-hour clock started: the enquirer's latest answer, else the arrival. */
  clock_started_at: Date | string;
}

export interface EnquiryReplyRow {
  id: string;
  author_id: string | null;
  author_name: string | null;
  subject: string;
  body: string;
  created_at: Date | string;
}

export interface EnquiryHistoryRow {
  id: string;
  status: EnquiryStatus;
  message: string;
  created_at: Date | string;
  replies: number;
}

/** An unanswered enquiry for the 24-hour reminder and the morning digest. */
export interface WaitingEnquiryRow {
  id: string;
  name: string;
  email: string;
  company: string | null;
  service: string | null;
  status: EnquiryStatus;
  assignee_id: string | null;
  assignee_name: string | null;
  /** The assignee's account is disabled: nobody reads what is sent to it. */
  assignee_disabled: boolean;
  created_at: Date | string;
  /** When the 48-hour clock started: the enquirer's latest answer, else the arrival. */
  clock_started_at: Date | string;
}

export interface EnquiryNoteRow {
  id: string;
  author_id: string | null;
  author_name: string | null;
  body: string;
  created_at: Date | string;
}

/** The statuses that owe the enquirer a reply (`unansweredEnquiryStatuses`). */
const unanswered = `('new', 'open', 'awaiting')`;
/** When the enquiry's 48-hour clock started. */
const clock = `coalesce(m."clock_started_at", m."created_at")`;

const selectEnquiry = `
  SELECT m."id", m."name", m."email", m."company", m."service", m."message", m."status",
         m."assignee_id", u."name" AS "assignee_name", m."created_at", ${clock} AS "clock_started_at"
    FROM "contact_messages" m
    LEFT JOIN "users" u ON u."id" = m."assignee_id"`;

const selectWaiting = `
  SELECT m."id", m."name", m."email", m."company", m."service", m."status", m."assignee_id",
         u."name" AS "assignee_name", coalesce(u."disabled_at" IS NOT NULL, false) AS "assignee_disabled",
         m."created_at", ${clock} AS "clock_started_at"
    FROM "contact_messages" m
    LEFT JOIN "users" u ON u."id" = m."assignee_id"`;

function whereClause(filter: EnquiryFilter): { sql: string; parameters: unknown[] } {
  const conditions: string[] = [];
  const parameters: unknown[] = [];
  const add = (condition: (placeholder: string) => string, value: unknown) => {
    parameters.push(value);
    conditions.push(condition(`$${parameters.length}`));
  };
  if (filter.status) add((p) => `m."status" = ${p}`, filter.status);
  if (filter.service) add((p) => `m."service" = ${p}`, filter.service);
  if (filter.assigneeId === null) conditions.push(`m."assignee_id" IS NULL`);
  else if (filter.assigneeId) add((p) => `m."assignee_id" = ${p}`, filter.assigneeId);
  if (filter.from) add((p) => `m."created_at" >= ${p}`, filter.from);
  if (filter.before) add((p) => `m."created_at" < ${p}`, filter.before);
  if (filter.clockBefore) add((p) => `m."status" IN ${unanswered} AND ${clock} < ${p}`, filter.clockBefore);
  if (filter.search)
    add(
      (p) =>
        `(lower(m."name") LIKE ${p} ESCAPE '\\' OR lower(m."email") LIKE ${p} ESCAPE '\\'
          OR lower(coalesce(m."company", '')) LIKE ${p} ESCAPE '\\' OR lower(m."message") LIKE ${p} ESCAPE '\\')`,
      likePattern(filter.search),
    );
  return { sql: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', parameters };
}

@Injectable()
export class EnquiriesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Newest first; the overdue list (`clockBefore`) oldest first. */
  async findPage(filter: EnquiryFilter, offset: number, limit: number): Promise<[EnquiryRow[], number]> {
    const where = whereClause(filter);
    const order = filter.clockBefore ? `${clock}, m."id"` : `m."created_at" DESC, m."id" DESC`;
    const count = await this.dataSource.query<{ total: number }[]>(
      `SELECT count(*)::int AS "total" FROM "contact_messages" m ${where.sql}`,
      where.parameters,
    );
    const rows = await this.dataSource.query<EnquiryRow[]>(
      `${selectEnquiry} ${where.sql} ORDER BY ${order}
        LIMIT $${where.parameters.length + 1} OFFSET $${where.parameters.length + 2}`,
      [...where.parameters, limit, offset],
    );
    return [rows, count[0].total];
  }

  /** Every match, newest first, for the CSV export. */
  findAll(filter: EnquiryFilter): Promise<EnquiryRow[]> {
    const where = whereClause(filter);
    return this.dataSource.query<EnquiryRow[]>(
      `${selectEnquiry} ${where.sql} ORDER BY m."created_at" DESC, m."id" DESC`,
      where.parameters,
    );
  }

  async findById(id: string, manager: EntityManager = this.dataSource.manager): Promise<EnquiryRow | undefined> {
    const rows = await manager.query<EnquiryRow[]>(`${selectEnquiry} WHERE m."id" = $1`, [id]);
    return rows[0];
  }

  /** The enquiry's row, locked until the caller's transaction ends (two staff changing it at once run one after the other). */
  async lockById(manager: EntityManager, id: string): Promise<EnquiryRow | undefined> {
    await manager.query(`SELECT 1 FROM "contact_messages" WHERE "id" = $1 FOR UPDATE`, [id]);
    return this.findById(id, manager);
  }

  async update(
    manager: EntityManager,
    id: string,
    changes: { status?: EnquiryStatus; assigneeId?: string | null },
  ): Promise<void> {
    if (changes.status !== undefined)
      await manager.query(`UPDATE "contact_messages" SET "status" = $2 WHERE "id" = $1`, [id, changes.status]);
    if (changes.assigneeId !== undefined)
      await manager.query(`UPDATE "contact_messages" SET "assignee_id" = $2 WHERE "id" = $1`, [id, changes.assigneeId]);
  }

  findNotes(enquiryId: string): Promise<EnquiryNoteRow[]> {
    return this.dataSource.query<EnquiryNoteRow[]>(
      `SELECT "id", "author_id", "author_name", "body", "created_at" FROM "enquiry_notes"
        WHERE "enquiry_id" = $1 ORDER BY "created_at", "id"`,
      [enquiryId],
    );
  }

  async addNote(enquiryId: string, author: { id: string; name: string }, body: string): Promise<EnquiryNoteRow> {
    const rows = await this.dataSource.query<EnquiryNoteRow[]>(
      `INSERT INTO "enquiry_notes" ("enquiry_id", "author_id", "author_name", "body") VALUES ($1, $2, $3, $4)
        RETURNING "id", "author_id", "author_name", "body", "created_at"`,
      [enquiryId, author.id, author.name, body],
    );
    return rows[0];
  }

  findReplies(enquiryId: string): Promise<EnquiryReplyRow[]> {
    return this.dataSource.query<EnquiryReplyRow[]>(
      `SELECT "id", "author_id", "author_name", "subject", "body", "created_at" FROM "enquiry_replies"
        WHERE "enquiry_id" = $1 ORDER BY "created_at", "id"`,
      [enquiryId],
    );
  }

  async addReply(
    manager: EntityManager,
    enquiryId: string,
    author: { id: string; name: string },
    reply: { subject: string; body: string },
  ): Promise<EnquiryReplyRow> {
    const rows = await manager.query<EnquiryReplyRow[]>(
      `INSERT INTO "enquiry_replies" ("enquiry_id", "author_id", "author_name", "subject", "body")
       VALUES ($1, $2, $3, $4, $5)
       RETURNING "id", "author_id", "author_name", "subject", "body", "created_at"`,
      [enquiryId, author.id, author.name, reply.subject, reply.body],
    );
    return rows[0];
  }

  /** The Message-ID a reply was sent with: an answer's In-Reply-To finds the enquiry by it. */
  async setReplyMessageId(manager: EntityManager, replyId: string, messageId: string): Promise<void> {
    await manager.query(`UPDATE "enquiry_replies" SET "message_id" = $2 WHERE "id" = $1`, [replyId, messageId]);
  }

  /** The enquiry's Reply-To token, made (from `candidate`) the first time a reply is sent. */
  async replyToken(manager: EntityManager, enquiryId: string, candidate: string): Promise<string> {
    const rows = returnedRows<{ reply_token: string }>(
      await manager.query(
        `UPDATE "contact_messages" SET "reply_token" = coalesce("reply_token", $2) WHERE "id" = $1 RETURNING "reply_token"`,
        [enquiryId, candidate],
      ),
    );
    return rows[0].reply_token;
  }

  /**
   * The same address's other enquiries (matched as erasure matches an address: trimmed, any case),
   * newest first, with how many replies each got; limited to one assignee when given.
   */
  history(enquiryId: string, email: string, limit: number, assigneeId?: string): Promise<EnquiryHistoryRow[]> {
    return this.dataSource.query<EnquiryHistoryRow[]>(
      `SELECT m."id", m."status", m."message", m."created_at",
              (SELECT count(*)::int FROM "enquiry_replies" r WHERE r."enquiry_id" = m."id") AS "replies"
         FROM "contact_messages" m
        WHERE lower(trim(m."email")) = lower(trim($2)) AND m."id" <> $1
          AND ($4::uuid IS NULL OR m."assignee_id" = $4::uuid)
        ORDER BY m."created_at" DESC, m."id" DESC LIMIT $3`,
      [enquiryId, email, limit, assigneeId ?? null],
    );
  }

  /** Unanswered enquiries whose clock started at or before `receivedBy` and whose holder was not reminded yet, oldest first. */
  waitingUnreminded(manager: EntityManager, receivedBy: Date): Promise<WaitingEnquiryRow[]> {
    return manager.query<WaitingEnquiryRow[]>(
      `${selectWaiting} WHERE m."status" IN ${unanswered} AND ${clock} <= $1 AND m."waiting_reminded_at" IS NULL
        ORDER BY ${clock}, m."id" FOR UPDATE OF m SKIP LOCKED`,
      [receivedBy],
    );
  }

  async markReminded(manager: EntityManager, id: string, at: Date): Promise<void> {
    await manager.query(`UPDATE "contact_messages" SET "waiting_reminded_at" = $2 WHERE "id" = $1`, [id, at]);
  }

  /** Unanswered enquiries whose clock started at or before `receivedBy` (whose 48 hours end within a day, or ended), oldest first. */
  waiting(receivedBy: Date): Promise<WaitingEnquiryRow[]> {
    return this.dataSource.query<WaitingEnquiryRow[]>(
      `${selectWaiting} WHERE m."status" IN ${unanswered} AND ${clock} <= $1 ORDER BY ${clock}, m."id"`,
      [receivedBy],
    );
  }

  /**
   * New enquiries, new or open ones received before `lateBefore`, and those under Spam; limited to
   * one assignee when given.
   */
  async counts(lateBefore: Date, assigneeId?: string): Promise<{ new: number; unanswered: number; spam: number }> {
    const rows = await this.dataSource.query<{ fresh: number; unanswered: number; spam: number }[]>(
      `SELECT count(*) FILTER (WHERE "status" = 'new')::int AS "fresh",
              count(*) FILTER (WHERE "status" IN ${unanswered} AND ${clock} < $1)::int AS "unanswered",
              count(*) FILTER (WHERE "status" = 'spam')::int AS "spam"
         FROM "contact_messages" m WHERE ($2::uuid IS NULL OR "assignee_id" = $2::uuid)`,
      [lateBefore, assigneeId ?? null],
    );
    return { new: rows[0].fresh, unanswered: rows[0].unanswered, spam: rows[0].spam };
  }
}

const ofEnquiriesOf = `"enquiry_id" IN (SELECT "id" FROM "contact_messages" WHERE lower(trim("email")) = $1)`;

/** The staff notes' statements for their personal-data declaration: those on the address's enquiries. */
export const enquiryNotesPersonalData = tableStatements('enquiry_notes', {
  erase: ofEnquiriesOf,
  collect: {
    where: ofEnquiriesOf,
    columns: `"enquiry_id" AS "enquiryId", "author_name" AS "author", "body", "created_at" AS "writtenAt"`,
    orderBy: `"created_at"`,
  },
});

/** The inbox replies' statements for their personal-data declaration: those on the address's enquiries. */
export const enquiryRepliesPersonalData = tableStatements('enquiry_replies', {
  erase: ofEnquiriesOf,
  collect: {
    where: ofEnquiriesOf,
    columns: `"enquiry_id" AS "enquiryId", "author_name" AS "author", "subject", "body", "created_at" AS "sentAt"`,
    orderBy: `"created_at"`,
  },
});

import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { EnquiryStatus } from '@northbeam/common';
import { likePattern } from '../../core/sql/like-pattern.js';

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
}

export interface EnquiryNoteRow {
  id: string;
  author_id: string | null;
  author_name: string | null;
  body: string;
  created_at: Date | string;
}

const selectEnquiry = `
  SELECT m."id", m."name", m."email", m."company", m."service", m."message", m."status",
         m."assignee_id", u."name" AS "assignee_name", m."created_at"
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

  /** Newest first. */
  async findPage(filter: EnquiryFilter, offset: number, limit: number): Promise<[EnquiryRow[], number]> {
    const where = whereClause(filter);
    const count = await this.dataSource.query<{ total: number }[]>(
      `SELECT count(*)::int AS "total" FROM "contact_messages" m ${where.sql}`,
      where.parameters,
    );
    const rows = await this.dataSource.query<EnquiryRow[]>(
      `${selectEnquiry} ${where.sql} ORDER BY m."created_at" DESC, m."id" DESC
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

  /**
   * New enquiries, new or open ones received before `lateBefore`, and those under Spam; limited to
   * one assignee when given.
   */
  async counts(lateBefore: Date, assigneeId?: string): Promise<{ new: number; unanswered: number; spam: number }> {
    const rows = await this.dataSource.query<{ fresh: number; unanswered: number; spam: number }[]>(
      `SELECT count(*) FILTER (WHERE "status" = 'new')::int AS "fresh",
              count(*) FILTER (WHERE "status" IN ('new', 'open') AND "created_at" < $1)::int AS "unanswered",
              count(*) FILTER (WHERE "status" = 'spam')::int AS "spam"
         FROM "contact_messages" WHERE ($2::uuid IS NULL OR "assignee_id" = $2::uuid)`,
      [lateBefore, assigneeId ?? null],
    );
    return { new: rows[0].fresh, unanswered: rows[0].unanswered, spam: rows[0].spam };
  }
}

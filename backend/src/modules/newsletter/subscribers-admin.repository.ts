import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { SubscriberCounts, SubscriberStatus } from '@northbeam/common';
import { likePattern } from '../../core/sql/like-pattern.js';
import { returnedRows } from '../../database/query-result.js';

export interface SubscriberFilter {
  status?: SubscriberStatus;
  /** Matched case-insensitively anywhere in the address. */
  search?: string;
}

export interface SubscriberRow {
  id: string;
  email: string;
  status: SubscriberStatus;
  source: string | null;
  page: string | null;
  created_at: Date | string;
  confirmed_at: Date | string | null;
  unsubscribed_at: Date | string | null;
  hard_bounces: number;
  soft_bounces: number;
  complaints: number;
  blocked_reason: 'hard_bounce' | 'complaint' | null;
}

const selectSubscriber = `
  SELECT "id", "email", "status", "source", "page", "created_at", "confirmed_at", "unsubscribed_at",
         "hard_bounces", "soft_bounces", "complaints", "blocked_reason" FROM "subscribers"`;

function whereClause(filter: SubscriberFilter): { sql: string; parameters: unknown[] } {
  const conditions: string[] = [];
  const parameters: unknown[] = [];
  if (filter.status) {
    parameters.push(filter.status);
    conditions.push(`"status" = $${parameters.length}`);
  }
  if (filter.search) {
    parameters.push(likePattern(filter.search));
    conditions.push(`lower("email") LIKE $${parameters.length} ESCAPE '\\'`);
  }
  return { sql: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', parameters };
}

/** The admin's queries over newsletter subscribers (the public sign-up's are in NewsletterRepository). */
@Injectable()
export class SubscribersAdminRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Newest sign-up first. */
  async findPage(filter: SubscriberFilter, offset: number, limit: number): Promise<[SubscriberRow[], number]> {
    const where = whereClause(filter);
    const count = await this.dataSource.query<{ total: number }[]>(
      `SELECT count(*)::int AS "total" FROM "subscribers" ${where.sql}`,
      where.parameters,
    );
    const rows = await this.dataSource.query<SubscriberRow[]>(
      `${selectSubscriber} ${where.sql} ORDER BY "created_at" DESC, "id" DESC
        LIMIT $${where.parameters.length + 1} OFFSET $${where.parameters.length + 2}`,
      [...where.parameters, limit, offset],
    );
    return [rows, count[0].total];
  }

  /** Every match, newest first, for the CSV export. */
  findAll(filter: SubscriberFilter): Promise<SubscriberRow[]> {
    const where = whereClause(filter);
    return this.dataSource.query<SubscriberRow[]>(
      `${selectSubscriber} ${where.sql} ORDER BY "created_at" DESC, "id" DESC`,
      where.parameters,
    );
  }

  async counts(): Promise<SubscriberCounts> {
    const rows = await this.dataSource.query<SubscriberCounts[]>(
      `SELECT count(*) FILTER (WHERE "status" = 'pending')::int AS "pending",
              count(*) FILTER (WHERE "status" = 'confirmed')::int AS "confirmed",
              count(*) FILTER (WHERE "status" = 'unsubscribed')::int AS "unsubscribed"
         FROM "subscribers"`,
    );
    return rows[0];
  }

  /** Deletes the subscriber; its address when there was one to delete. */
  async delete(manager: EntityManager, id: string): Promise<string | undefined> {
    const result: unknown = await manager.query(`DELETE FROM "subscribers" WHERE "id" = $1 RETURNING "email"`, [id]);
    return returnedRows<{ email: string }>(result)[0]?.email;
  }

  /** A confirmation mail to the address still waiting in the outbox is not sent. */
  async dropPendingConfirmation(manager: EntityManager, email: string): Promise<void> {
    await manager.query(
      `DELETE FROM "email_outbox" WHERE "to_address" = $1 AND "status" = 'pending' AND "kind" = 'newsletter_confirmation'`,
      [email],
    );
  }
}

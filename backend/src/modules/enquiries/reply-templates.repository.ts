import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { likePattern } from '../../core/sql/like-pattern.js';
import { returnedRows } from '../../database/query-result.js';

export interface ReplyTemplateRow {
  id: string;
  name: string;
  body: string;
  updated_at: Date | string;
}

const columns = `"id", "name", "body", "updated_at"`;

/** `reply_templates`: the saved replies admins manage and every inbox user may start from. */
@Injectable()
export class ReplyTemplatesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** By name (any case), a page at a time; `search`: only those whose name or text holds it. */
  async page(offset: number, limit: number, search?: string): Promise<[ReplyTemplateRow[], number]> {
    const where = search ? `WHERE lower("name") LIKE $1 ESCAPE '\\' OR lower("body") LIKE $1 ESCAPE '\\'` : '';
    const filter = search ? [likePattern(search)] : [];
    const count = await this.dataSource.query<{ total: number }[]>(
      `SELECT count(*)::int AS "total" FROM "reply_templates" ${where}`,
      filter,
    );
    const rows = await this.dataSource.query<ReplyTemplateRow[]>(
      `SELECT ${columns} FROM "reply_templates" ${where} ORDER BY lower("name"), "id" LIMIT $${filter.length + 1} OFFSET $${filter.length + 2}`,
      [...filter, limit, offset],
    );
    return [rows, count[0].total];
  }

  async findById(id: string, manager: EntityManager = this.dataSource.manager): Promise<ReplyTemplateRow | undefined> {
    const rows = await manager.query<ReplyTemplateRow[]>(`SELECT ${columns} FROM "reply_templates" WHERE "id" = $1`, [
      id,
    ]);
    return rows[0];
  }

  async nameTaken(manager: EntityManager, name: string, exceptId?: string): Promise<boolean> {
    const rows = await manager.query<unknown[]>(
      `SELECT 1 FROM "reply_templates" WHERE lower("name") = lower($1) AND ($2::uuid IS NULL OR "id" <> $2::uuid)`,
      [name, exceptId ?? null],
    );
    return rows.length > 0;
  }

  async create(manager: EntityManager, values: { name: string; body: string }): Promise<ReplyTemplateRow> {
    const result: unknown = await manager.query(
      `INSERT INTO "reply_templates" ("name", "body") VALUES ($1, $2) RETURNING ${columns}`,
      [values.name, values.body],
    );
    return returnedRows<ReplyTemplateRow>(result)[0];
  }

  async update(
    manager: EntityManager,
    id: string,
    values: { name: string; body: string },
  ): Promise<ReplyTemplateRow | undefined> {
    const result: unknown = await manager.query(
      `UPDATE "reply_templates" SET "name" = $2, "body" = $3, "updated_at" = now() WHERE "id" = $1 RETURNING ${columns}`,
      [id, values.name, values.body],
    );
    return returnedRows<ReplyTemplateRow>(result)[0];
  }

  async delete(manager: EntityManager, id: string): Promise<ReplyTemplateRow | undefined> {
    const result: unknown = await manager.query(`DELETE FROM "reply_templates" WHERE "id" = $1 RETURNING ${columns}`, [
      id,
    ]);
    return returnedRows<ReplyTemplateRow>(result)[0];
  }
}

import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { likePattern } from '../../core/sql/like-pattern.js';

export interface PlaybookRequestFilter {
  /** Inclusive lower bound. */
  from?: Date;
  /** Exclusive upper bound. */
  before?: Date;
  /** Matched case-insensitively anywhere in the address or the page. */
  search?: string;
}

export interface PlaybookRequestRow {
  id: string;
  email: string;
  page: string | null;
  created_at: Date | string;
}

const selectRequest = `SELECT "id", "email", "page", "created_at" FROM "playbook_downloads"`;

function whereClause(filter: PlaybookRequestFilter): { sql: string; parameters: unknown[] } {
  const conditions: string[] = [];
  const parameters: unknown[] = [];
  const add = (condition: (placeholder: string) => string, value: unknown) => {
    parameters.push(value);
    conditions.push(condition(`$${parameters.length}`));
  };
  if (filter.from) add((p) => `"created_at" >= ${p}`, filter.from);
  if (filter.before) add((p) => `"created_at" < ${p}`, filter.before);
  if (filter.search)
    add(
      (p) => `(lower("email") LIKE ${p} ESCAPE '\\' OR lower(coalesce("page", '')) LIKE ${p} ESCAPE '\\')`,
      likePattern(filter.search),
    );
  return { sql: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', parameters };
}

/** The admin's list of playbook requests. */
@Injectable()
export class PlaybookAdminRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Newest first. */
  async findPage(
    filter: PlaybookRequestFilter,
    offset: number,
    limit: number,
  ): Promise<[PlaybookRequestRow[], number]> {
    const where = whereClause(filter);
    const count = await this.dataSource.query<{ total: number }[]>(
      `SELECT count(*)::int AS "total" FROM "playbook_downloads" ${where.sql}`,
      where.parameters,
    );
    const rows = await this.dataSource.query<PlaybookRequestRow[]>(
      `${selectRequest} ${where.sql} ORDER BY "created_at" DESC, "id" DESC
        LIMIT $${where.parameters.length + 1} OFFSET $${where.parameters.length + 2}`,
      [...where.parameters, limit, offset],
    );
    return [rows, count[0].total];
  }

  /** Every match, newest first, for the CSV export. */
  findAll(filter: PlaybookRequestFilter): Promise<PlaybookRequestRow[]> {
    const where = whereClause(filter);
    return this.dataSource.query<PlaybookRequestRow[]>(
      `${selectRequest} ${where.sql} ORDER BY "created_at" DESC, "id" DESC`,
      where.parameters,
    );
  }
}

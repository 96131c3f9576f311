import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { StaffRole } from '@northbeam/common';
import { isoTimestamp, returnedRows } from '../../database/query-result.js';

/** A row of `api_tokens` as the service reads it. */
export interface ApiTokenRecord {
  id: string;
  name: string;
  role: StaffRole;
  hint: string;
  createdById: string | null;
  createdByName: string;
  createdAt: string;
  expiresAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  /** Whether the creator is, now, an active super admin (a token works only then). */
  creatorActive: boolean;
}

/** The creator of a token as a request with it acts: their account, read with the token. */
export interface ApiTokenBearer {
  tokenId: string;
  tokenName: string;
  role: StaffRole;
  creatorId: string;
  creatorName: string;
  creatorEmail: string;
  creatorTeamMemberId: string | null;
}

interface Row {
  id: string;
  name: string;
  role: StaffRole;
  hint: string;
  created_by_id: string | null;
  created_by_name: string;
  created_at: Date | string;
  expires_at: Date | string;
  last_used_at: Date | string | null;
  revoked_at: Date | string | null;
  creator_active: boolean;
}

const columns = `t."id", t."name", t."role", t."hint", t."created_by_id", coalesce(u."name", t."created_by_name") AS "created_by_name",
  t."created_at", t."expires_at", t."last_used_at", t."revoked_at",
  (u."id" IS NOT NULL AND u."disabled_at" IS NULL AND u."role" = 'super_admin') AS "creator_active"`;
const from = `"api_tokens" t LEFT JOIN "users" u ON u."id" = t."created_by_id"`;

function toRecord(row: Row): ApiTokenRecord {
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    hint: row.hint,
    createdById: row.created_by_id,
    createdByName: row.created_by_name,
    createdAt: isoTimestamp(row.created_at),
    expiresAt: isoTimestamp(row.expires_at),
    lastUsedAt: isoTimestamp(row.last_used_at),
    revokedAt: isoTimestamp(row.revoked_at),
    creatorActive: row.creator_active,
  };
}

/** `api_tokens`: the hashes of the API tokens super admins made, and what the list shows of them. */
@Injectable()
export class ApiTokensRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Newest first, a page at a time. */
  async page(offset: number, limit: number): Promise<[ApiTokenRecord[], number]> {
    const [count] = await this.dataSource.query<{ total: number }[]>(
      `SELECT count(*)::int AS "total" FROM "api_tokens"`,
    );
    const rows = await this.dataSource.query<Row[]>(
      `SELECT ${columns} FROM ${from} ORDER BY t."created_at" DESC, t."id" DESC LIMIT $1 OFFSET $2`,
      [limit, offset],
    );
    return [rows.map(toRecord), count.total];
  }

  async findById(manager: EntityManager, id: string): Promise<ApiTokenRecord | undefined> {
    const rows = await manager.query<Row[]>(`SELECT ${columns} FROM ${from} WHERE t."id" = $1 FOR UPDATE OF t`, [id]);
    return rows[0] ? toRecord(rows[0]) : undefined;
  }

  async create(
    manager: EntityManager,
    values: {
      name: string;
      role: StaffRole;
      tokenHash: string;
      hint: string;
      createdById: string;
      createdByName: string;
      expiresAt: Date;
    },
  ): Promise<ApiTokenRecord> {
    const result: unknown = await manager.query(
      `INSERT INTO "api_tokens" ("name", "role", "token_hash", "hint", "created_by_id", "created_by_name", "expires_at")
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING "id"`,
      [
        values.name,
        values.role,
        values.tokenHash,
        values.hint,
        values.createdById,
        values.createdByName,
        values.expiresAt,
      ],
    );
    const [{ id }] = returnedRows<{ id: string }>(result);
    return (await this.findById(manager, id))!;
  }

  async revoke(manager: EntityManager, id: string): Promise<void> {
    await manager.query(`UPDATE "api_tokens" SET "revoked_at" = now() WHERE "id" = $1 AND "revoked_at" IS NULL`, [id]);
  }

  /**
   * The token of this hash if it works now: not revoked, not expired, and its creator an active super
   * admin. Read on every request, so a revocation (or a change to the creator) counts at once everywhere.
   */
  async findUsable(tokenHash: string): Promise<ApiTokenBearer | undefined> {
    const rows = await this.dataSource.query<
      {
        id: string;
        name: string;
        role: StaffRole;
        creator_id: string;
        creator_name: string;
        creator_email: string;
        creator_team_member_id: string | null;
      }[]
    >(
      `SELECT t."id", t."name", t."role", u."id" AS "creator_id", u."name" AS "creator_name", u."email" AS "creator_email",
              u."team_member_id" AS "creator_team_member_id"
         FROM "api_tokens" t JOIN "users" u ON u."id" = t."created_by_id"
        WHERE t."token_hash" = $1 AND t."revoked_at" IS NULL AND t."expires_at" > now()
          AND u."disabled_at" IS NULL AND u."role" = 'super_admin'`,
      [tokenHash],
    );
    const row = rows[0];
    if (!row) return undefined;
    return {
      tokenId: row.id,
      tokenName: row.name,
      role: row.role,
      creatorId: row.creator_id,
      creatorName: row.creator_name,
      creatorEmail: row.creator_email,
      creatorTeamMemberId: row.creator_team_member_id,
    };
  }

  /** "Last used", written at most once a minute per token so that most requests do not rewrite the row. */
  async touch(id: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE "api_tokens" SET "last_used_at" = now()
        WHERE "id" = $1 AND ("last_used_at" IS NULL OR "last_used_at" < now() - interval '1 minute')`,
      [id],
    );
  }
}

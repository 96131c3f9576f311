import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, IsNull, type EntityManager } from 'typeorm';
import type { StaffRole, StaffStatus } from '@northbeam/common';
import { StaffToken, type StaffTokenKind } from './entities/staff-token.entity.js';

export interface StaffListFilter {
  search?: string;
  role?: StaffRole;
  status?: StaffStatus;
  offset: number;
  limit: number;
}

export interface StaffRow {
  id: string;
  name: string;
  email: string;
  role: StaffRole;
  two_factor_enabled: boolean;
  last_sign_in_at: Date | string | null;
  disabled: boolean;
  invitation_expires_at: Date | string | null;
  team_member_id: string | null;
}

/** Accounts and open invitations as one list: an invitation is a row with status `invited` until it is accepted. */
const staffRows = `
  SELECT "id"::text AS "id", "name", "email", "role", ("two_factor_enabled_at" IS NOT NULL) AS "two_factor_enabled",
         "last_sign_in_at", ("disabled_at" IS NOT NULL) AS "disabled", NULL::timestamptz AS "invitation_expires_at",
         CASE WHEN "disabled_at" IS NULL THEN 'active' ELSE 'disabled' END AS "status",
         "team_member_id"
  FROM "users"
  UNION ALL
  SELECT "id"::text, '', "email", "role", false, NULL::timestamptz, false, "expires_at", 'invited', NULL::varchar
  FROM "staff_tokens" WHERE "kind" = 'invitation' AND "used_at" IS NULL`;

@Injectable()
export class StaffRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async findPage(filter: StaffListFilter): Promise<[StaffRow[], number]> {
    const conditions: string[] = [];
    const parameters: unknown[] = [];
    if (filter.search) {
      parameters.push(`%${filter.search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`);
      conditions.push(`("name" ILIKE $${parameters.length} OR "email" ILIKE $${parameters.length})`);
    }
    if (filter.role) {
      parameters.push(filter.role);
      conditions.push(`"role" = $${parameters.length}`);
    }
    if (filter.status) {
      parameters.push(filter.status);
      conditions.push(`"status" = $${parameters.length}`);
    }
    const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
    const [{ total }] = await this.dataSource.query<{ total: number }[]>(
      `SELECT count(*)::int AS "total" FROM (${staffRows}) AS "staff" ${where}`,
      parameters,
    );
    const rows = await this.dataSource.query<StaffRow[]>(
      `SELECT * FROM (${staffRows}) AS "staff" ${where}
       ORDER BY ("status" = 'invited'), lower(CASE WHEN "name" = '' THEN "email" ELSE "name" END), "email"
       LIMIT $${parameters.length + 1} OFFSET $${parameters.length + 2}`,
      [...parameters, filter.limit, filter.offset],
    );
    return [rows, total];
  }

  async addToken(manager: EntityManager, values: Omit<StaffToken, 'id' | 'createdAt' | 'usedAt'>): Promise<StaffToken> {
    const tokens = manager.getRepository(StaffToken);
    return tokens.save(tokens.create({ ...values, usedAt: null }));
  }

  findOpenInvitation(id: string, manager: EntityManager = this.dataSource.manager): Promise<StaffToken | null> {
    return manager.getRepository(StaffToken).findOneBy({ id, kind: 'invitation', usedAt: IsNull() });
  }

  /** An earlier invitation to the same address is replaced by a new one. */
  async deleteOpenInvitations(manager: EntityManager, email: string): Promise<void> {
    await manager.getRepository(StaffToken).delete({ kind: 'invitation', email, usedAt: IsNull() });
  }

  async deleteToken(manager: EntityManager, id: string): Promise<void> {
    await manager.getRepository(StaffToken).delete({ id });
  }

  findToken(kind: StaffTokenKind, tokenHash: string): Promise<StaffToken | null> {
    return this.dataSource.getRepository(StaffToken).findOneBy({ kind, tokenHash });
  }

  /** The token's row, locked: two uses of one link run one after the other and the second finds it used. */
  findTokenForUpdate(manager: EntityManager, kind: StaffTokenKind, tokenHash: string): Promise<StaffToken | null> {
    return manager
      .getRepository(StaffToken)
      .findOne({ where: { kind, tokenHash }, lock: { mode: 'pessimistic_write' } });
  }

  async markTokenUsed(manager: EntityManager, id: string, now: Date): Promise<void> {
    await manager.getRepository(StaffToken).update({ id }, { usedAt: now });
  }

  /** Every open reset link of the account stops working (after a reset, or when a new one is sent). */
  async closePasswordResets(manager: EntityManager, userId: string, now: Date): Promise<void> {
    await manager
      .getRepository(StaffToken)
      .update({ kind: 'password_reset', userId, usedAt: IsNull() }, { usedAt: now });
  }

  /** The name of the team member `id`, or null when there is none. */
  async teamMemberName(manager: EntityManager, id: string): Promise<string | null> {
    const [row] = await manager.query<{ name: string }[]>(`SELECT "name" FROM "team_members" WHERE "id" = $1`, [id]);
    return row?.name ?? null;
  }
}

import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Repository, type EntityManager } from 'typeorm';
import type { StaffRole } from '@northbeam/common';
import { rowCount } from '../../database/query-result.js';
import { User } from './entities/user.entity.js';

/** The fields a new account is created with; everything else starts empty. */
export interface NewAccount {
  email: string;
  name: string;
  role: StaffRole;
  passwordHash: string;
}

/**
 * The `users` table: every write to it and every read of an account (lists that show a person's name
 * join it in their own query: the staff screen, the enquiries inbox). A method taking a `manager`
 * runs in the caller's transaction.
 */
@Injectable()
export class UsersRepository {
  constructor(@InjectRepository(User) private readonly users: Repository<User>) {}

  private on(manager?: EntityManager): Repository<User> {
    return manager?.getRepository(User) ?? this.users;
  }

  findById(id: string): Promise<User | null> {
    return this.users.findOneBy({ id });
  }

  findActiveById(id: string, manager?: EntityManager): Promise<User | null> {
    return this.on(manager).findOneBy({ id, disabledAt: IsNull() });
  }

  findActiveByEmail(email: string, manager?: EntityManager): Promise<User | null> {
    return this.on(manager).findOneBy({ email, disabledAt: IsNull() });
  }

  findByEmail(email: string, manager?: EntityManager): Promise<User | null> {
    return this.on(manager).findOneBy({ email });
  }

  /** The account, its row locked until the transaction ends. */
  findForUpdate(manager: EntityManager, id: string): Promise<User | null> {
    return manager.getRepository(User).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  /** The account with its password hash, for sign-in. */
  findActiveByEmailWithHash(email: string): Promise<User | null> {
    return this.users
      .createQueryBuilder('user')
      .addSelect('user.passwordHash')
      .where('user.email = :email AND user.disabledAt IS NULL', { email })
      .getOne();
  }

  /** The enabled account with its two-factor secrets and password hash (columns that are never selected otherwise). */
  findActiveWithTwoFactorSecrets(userId: string, manager?: EntityManager): Promise<User | null> {
    return this.on(manager)
      .createQueryBuilder('user')
      .addSelect(['user.passwordHash', 'user.twoFactorSecret', 'user.twoFactorPendingSecret', 'user.twoFactorLastStep'])
      .where('user.id = :userId AND user.disabledAt IS NULL', { userId })
      .getOne();
  }

  listAll(): Promise<User[]> {
    return this.users.find({ order: { createdAt: 'ASC' } });
  }

  count(): Promise<number> {
    return this.users.count();
  }

  /**
   * Locks the rows of every active super admin until the transaction ends. Every change that could
   * take away a super admin takes this lock first, so two such changes run one after the other and
   * the second sees the first's result: the last active super admin cannot be lost to a race.
   */
  async lockActiveSuperAdmins(manager: EntityManager): Promise<string[]> {
    const rows = await manager.query<{ id: string }[]>(
      `SELECT "id" FROM "users" WHERE "role" = 'super_admin' AND "disabled_at" IS NULL ORDER BY "id" FOR UPDATE`,
    );
    return rows.map((row) => row.id);
  }

  /** The one insert of an account (see `UsersService.addAccount`): enabled, never signed in, no two-factor. */
  create(account: NewAccount, manager?: EntityManager): Promise<User> {
    const users = this.on(manager);
    return users.save(users.create({ ...account, disabledAt: null, lastSignInAt: null, twoFactorEnabledAt: null }));
  }

  async setName(manager: EntityManager, id: string, name: string): Promise<void> {
    await manager.getRepository(User).update({ id }, { name });
  }

  async setTeamMember(manager: EntityManager, id: string, teamMemberId: string | null): Promise<void> {
    await manager.getRepository(User).update({ id }, { teamMemberId });
  }

  async setRole(manager: EntityManager, id: string, role: StaffRole): Promise<void> {
    await manager.getRepository(User).update({ id }, { role });
  }

  async setPasswordHash(manager: EntityManager, id: string, passwordHash: string): Promise<void> {
    await manager.getRepository(User).update({ id }, { passwordHash });
  }

  async disable(manager: EntityManager, id: string, now: Date): Promise<void> {
    await manager.getRepository(User).update({ id }, { disabledAt: now });
  }

  async enable(manager: EntityManager, id: string): Promise<void> {
    await manager.getRepository(User).update({ id }, { disabledAt: null });
  }

  async delete(manager: EntityManager, id: string): Promise<void> {
    await manager.getRepository(User).delete({ id });
  }

  async recordSignIn(manager: EntityManager, id: string, now: Date): Promise<void> {
    await manager.getRepository(User).update({ id }, { lastSignInAt: now });
  }

  /** Records when all of the account's sessions were ended (a session signed in before it is over). */
  async recordSessionsRevoked(manager: EntityManager, id: string, now: Date): Promise<void> {
    await manager.query(`UPDATE "users" SET "sessions_revoked_at" = $2 WHERE "id" = $1`, [id, now]);
  }

  /** The secret being enrolled, until a code from it confirms it. */
  async setPendingTwoFactorSecret(userId: string, sealedSecret: string): Promise<void> {
    await this.users.update({ id: userId }, { twoFactorPendingSecret: sealedSecret });
  }

  async enableTwoFactor(
    manager: EntityManager,
    userId: string,
    sealedSecret: string,
    step: number,
    now: Date,
  ): Promise<void> {
    await manager.getRepository(User).update(
      { id: userId },
      {
        twoFactorSecret: sealedSecret,
        twoFactorPendingSecret: null,
        twoFactorEnabledAt: now,
        twoFactorLastStep: step,
      },
    );
  }

  async clearTwoFactor(manager: EntityManager, userId: string): Promise<void> {
    await manager
      .getRepository(User)
      .update(
        { id: userId },
        { twoFactorSecret: null, twoFactorPendingSecret: null, twoFactorEnabledAt: null, twoFactorLastStep: null },
      );
  }

  /**
   * Records `step` as the last used time-step unless that step (or a later one) was used already:
   * one conditional statement, so two requests with the same code cannot both pass.
   */
  async claimTwoFactorStep(manager: EntityManager, userId: string, step: number): Promise<boolean> {
    const result: unknown = await manager.query(
      `UPDATE "users" SET "two_factor_last_step" = $2
       WHERE "id" = $1 AND ("two_factor_last_step" IS NULL OR "two_factor_last_step" < $2) RETURNING 1`,
      [userId, step],
    );
    return rowCount(result) > 0;
  }
}

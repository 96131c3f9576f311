import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, IsNull, type EntityManager } from 'typeorm';
import { rowCount } from '../../../database/query-result.js';
import { User } from '../../users/entities/user.entity.js';
import { RecoveryCode } from '../entities/recovery-code.entity.js';

/** The two-factor columns of `users` and the recovery codes. */
@Injectable()
export class TwoFactorRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The enabled account with its secrets and password hash (columns that are never selected otherwise). */
  findWithSecrets(userId: string, manager: EntityManager = this.dataSource.manager): Promise<User | null> {
    return manager
      .getRepository(User)
      .createQueryBuilder('user')
      .addSelect(['user.passwordHash', 'user.twoFactorSecret', 'user.twoFactorPendingSecret', 'user.twoFactorLastStep'])
      .where('user.id = :userId AND user.disabledAt IS NULL', { userId })
      .getOne();
  }

  async setPendingSecret(userId: string, sealedSecret: string): Promise<void> {
    await this.dataSource.getRepository(User).update({ id: userId }, { twoFactorPendingSecret: sealedSecret });
  }

  async enable(manager: EntityManager, userId: string, sealedSecret: string, step: number, now: Date): Promise<void> {
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

  async disable(manager: EntityManager, userId: string): Promise<void> {
    await manager
      .getRepository(User)
      .update(
        { id: userId },
        { twoFactorSecret: null, twoFactorPendingSecret: null, twoFactorEnabledAt: null, twoFactorLastStep: null },
      );
    await manager.getRepository(RecoveryCode).delete({ userId });
  }

  async replaceRecoveryCodes(manager: EntityManager, userId: string, codeHashes: string[]): Promise<void> {
    const codes = manager.getRepository(RecoveryCode);
    await codes.delete({ userId });
    await codes.insert(codeHashes.map((codeHash) => ({ userId, codeHash, usedAt: null })));
  }

  /**
   * Records `step` as the last used time-step unless that step (or a later one) was used already:
   * one conditional statement, so two requests with the same code cannot both pass.
   */
  async claimStep(manager: EntityManager, userId: string, step: number): Promise<boolean> {
    const result: unknown = await manager.query(
      `UPDATE "users" SET "two_factor_last_step" = $2
       WHERE "id" = $1 AND ("two_factor_last_step" IS NULL OR "two_factor_last_step" < $2) RETURNING 1`,
      [userId, step],
    );
    return rowCount(result) > 0;
  }

  unusedRecoveryCodes(manager: EntityManager, userId: string): Promise<RecoveryCode[]> {
    return manager.getRepository(RecoveryCode).findBy({ userId, usedAt: IsNull() });
  }

  /** Marks the code used unless another request did first. */
  async useRecoveryCode(manager: EntityManager, id: string, now: Date): Promise<boolean> {
    const result: unknown = await manager.query(
      `UPDATE "staff_recovery_codes" SET "used_at" = $2 WHERE "id" = $1 AND "used_at" IS NULL RETURNING 1`,
      [id, now],
    );
    return rowCount(result) > 0;
  }
}

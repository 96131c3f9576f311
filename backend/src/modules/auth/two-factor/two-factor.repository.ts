import { Injectable } from '@nestjs/common';
import { IsNull, type EntityManager } from 'typeorm';
import { rowCount } from '../../../database/query-result.js';
import { RecoveryCode } from '../entities/recovery-code.entity.js';

/** The recovery codes of two-factor sign-in (the account's two-factor columns are the users repository's). */
@Injectable()
export class TwoFactorRepository {
  async deleteRecoveryCodes(manager: EntityManager, userId: string): Promise<void> {
    await manager.getRepository(RecoveryCode).delete({ userId });
  }

  async replaceRecoveryCodes(manager: EntityManager, userId: string, codeHashes: string[]): Promise<void> {
    const codes = manager.getRepository(RecoveryCode);
    await codes.delete({ userId });
    await codes.insert(codeHashes.map((codeHash) => ({ userId, codeHash, usedAt: null })));
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

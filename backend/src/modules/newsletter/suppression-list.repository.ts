import type { EntityManager } from 'typeorm';
import { tableStatements } from '../../database/personal-data-rows.js';

/**
 * The suppression list (`email_suppressions`): keyed hashes of addresses that are not to be mailed
 * again (erased by a deletion request, or removed by staff). See docs/product.md#subscribers-admin.
 */
export async function suppressAddress(
  manager: EntityManager,
  hash: string,
  reason: 'subscriber_removed',
): Promise<void> {
  await manager.query(
    `INSERT INTO "email_suppressions" ("email_hash", "reason") VALUES ($1, $2) ON CONFLICT ("email_hash") DO NOTHING`,
    [hash, reason],
  );
}

export async function isSuppressed(manager: EntityManager, hash: string): Promise<boolean> {
  const rows = await manager.query<unknown[]>(`SELECT 1 FROM "email_suppressions" WHERE "email_hash" = $1`, [hash]);
  return rows.length > 0;
}

/** The suppression list's count for its personal-data declaration (kept for good). */
export const suppressionsPersonalData = tableStatements('email_suppressions', {});

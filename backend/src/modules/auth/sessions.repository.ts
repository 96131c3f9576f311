import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { rowCount } from '../analytics/analytics.repository.js';

export interface StoredSession {
  sid: string;
  sess: { signedInAt?: number; lastSeenAt?: number; browser?: string };
}

/**
 * The `sessions` table of connect-pg-simple, read and trimmed directly: a session belongs to the
 * account named by `sess.userId`. Deleting a row ends that session on every instance at once.
 */
@Injectable()
export class SessionsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async listForUser(userId: string): Promise<StoredSession[]> {
    const rows = await this.dataSource.query<{ sid: string; sess: StoredSession['sess'] | string }[]>(
      `SELECT "sid", "sess" FROM "sessions" WHERE "sess"->>'userId' = $1 AND "expire" > now()`,
      [userId],
    );
    return rows.map((row) => ({
      sid: row.sid,
      sess: typeof row.sess === 'string' ? (JSON.parse(row.sess) as StoredSession['sess']) : row.sess,
    }));
  }

  /** Ends one session of the account; false when it is not theirs or already gone. */
  async deleteOne(manager: EntityManager, userId: string, sid: string): Promise<boolean> {
    const result: unknown = await manager.query(
      `DELETE FROM "sessions" WHERE "sid" = $1 AND "sess"->>'userId' = $2 RETURNING 1`,
      [sid, userId],
    );
    return rowCount(result) > 0;
  }

  /**
   * Ends every session of the account (but `exceptSid`), inside the caller's transaction. The rows go,
   * and the account records the moment: a request already in flight on another instance that writes
   * its session back afterwards still finds it ended (AuthService.currentUser compares sign-in times).
   */
  async deleteAllForUser(manager: EntityManager, userId: string, now: Date, exceptSid?: string): Promise<number> {
    await manager.query(`UPDATE "users" SET "sessions_revoked_at" = $2 WHERE "id" = $1`, [userId, now]);
    const result: unknown = await manager.query(
      `DELETE FROM "sessions" WHERE "sess"->>'userId' = $1 AND "sid" <> $2 RETURNING 1`,
      [userId, exceptSid ?? ''],
    );
    return rowCount(result);
  }
}

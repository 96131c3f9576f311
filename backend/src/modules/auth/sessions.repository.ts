import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { rowCount } from '../../database/query-result.js';
import { UsersRepository } from '../users/users.repository.js';

export interface StoredSession {
  sid: string;
  sess: { signedInAt?: number; lastSeenAt?: number; browser?: string };
}

/**
 * Every way all of an account's sessions are ended. The API suite runs a sign-in that waits for its
 * two-factor code through each of them (a new way means a new line there).
 */
export const sessionRevocations = [
  'staff sign-out everywhere',
  'staff disable',
  'staff removal',
  'password reset',
  'command-line set-password',
  'command-line disable',
  'command-line reset-2fa',
] as const;
export type SessionRevocation = (typeof sessionRevocations)[number];

/** The account a stored session belongs to: signed in (`userId`), or password accepted and code owed. */
const sessionAccount = `COALESCE("sess"->>'userId', "sess"->'pendingTwoFactor'->>'userId')`;

/**
 * The `sessions` table of connect-pg-simple, read and trimmed directly: a session belongs to the
 * account named by `sess.userId`, or, while it waits for its two-factor code, by
 * `sess.pendingTwoFactor.userId`. Deleting a row ends that session on every instance at once.
 */
@Injectable()
export class SessionsRepository {
  private readonly logger = new Logger('Sessions');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly usersRepository: UsersRepository,
  ) {}

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
   * The one way to end all of an account's sessions (but `exceptSid`), inside the caller's
   * transaction: the signed-in ones and any sign-in still waiting for its two-factor code, which
   * would otherwise be completed later under what was revoked. The rows go, and the account records
   * the moment: a request already in flight on another instance that writes its session back
   * afterwards still finds it ended (AuthService compares the sign-in's times with it).
   */
  async endAllSessions(
    manager: EntityManager,
    userId: string,
    way: SessionRevocation,
    now: Date,
    exceptSid?: string,
  ): Promise<number> {
    await this.usersRepository.recordSessionsRevoked(manager, userId, now);
    const result: unknown = await manager.query(
      `DELETE FROM "sessions" WHERE ${sessionAccount} = $1 AND "sid" <> $2 RETURNING 1`,
      [userId, exceptSid ?? ''],
    );
    const ended = rowCount(result);
    this.logger.debug(`${way}: ended ${ended} session(s) of account ${userId}`);
    return ended;
  }
}

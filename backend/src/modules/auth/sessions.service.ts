import { createHash } from 'node:crypto';
import { HttpStatus, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { staffMessages, type StaffSession, type StaffUser } from '@northbeam/common';
import { ApiError } from '../../core/http/api-error.js';
import { ActivityService } from '../activity/activity.service.js';
import { SessionsRepository } from './sessions.repository.js';
import { Transactions } from '../../database/transactions.js';

/** The public id of a session: a hash of its id, which is a secret (the signed cookie carries it). */
export function publicSessionId(sid: string): string {
  return createHash('sha256').update(sid).digest('base64url').slice(0, 22);
}

/** "My sessions": every signed-in browser of the account, and ending one. */
@Injectable()
export class SessionsService {
  constructor(
    private readonly sessionsRepository: SessionsRepository,
    private readonly activity: ActivityService,
    private readonly transactions: Transactions,
  ) {}

  async list(request: Request, user: StaffUser): Promise<StaffSession[]> {
    const stored = await this.sessionsRepository.listForUser(user.id);
    return stored
      .map(({ sid, sess }) => {
        const firstSeen = sess.signedInAt ?? 0;
        return {
          id: publicSessionId(sid),
          browser: sess.browser ?? 'Unknown browser',
          firstSeenAt: new Date(firstSeen).toISOString(),
          lastSeenAt: new Date(sess.lastSeenAt ?? firstSeen).toISOString(),
          current: sid === request.sessionID,
        };
      })
      .sort((a, b) => b.lastSeenAt.localeCompare(a.lastSeenAt));
  }

  /** Ends one of the account's sessions (the current one included: that is signing out). */
  async end(request: Request, user: StaffUser, id: string): Promise<void> {
    const stored = await this.sessionsRepository.listForUser(user.id);
    const target = stored.find(({ sid }) => publicSessionId(sid) === id);
    if (!target) throw new ApiError(HttpStatus.NOT_FOUND, staffMessages.sessionNotFound);
    await this.transactions.run(async (manager) => {
      await this.sessionsRepository.deleteOne(manager, user.id, target.sid);
      await this.activity.record(manager, {
        actor: user,
        action: 'session.ended',
        target: { type: 'session', id, label: target.sess.browser ?? null },
      });
    });
    // Otherwise this request would write the ended session back when it answers.
    if (target.sid === request.sessionID)
      await new Promise<void>((resolve) => request.session.destroy(() => resolve()));
  }
}

import { Injectable } from '@nestjs/common';
import { TaskLocks } from '../../database/task-locks.js';
import { dueSoonHorizon } from './privacy-rules.js';
import { PrivacyNotifications } from './privacy-notifications.js';
import { PrivacyMailer } from './privacy.mails.js';
import { PrivacyRepository } from './privacy.repository.js';
import { Transactions } from '../../database/transactions.js';

/**
 * The daily digest (08:00 UK time) of deletion and access requests due within 7 days or overdue: to
 * the privacy inbox, and to the privacy team by the bell and by mail (docs/product.md#privacy-officer).
 */
@Injectable()
export class PrivacyDigestService {
  constructor(
    private readonly repository: PrivacyRepository,
    private readonly mailer: PrivacyMailer,
    private readonly notifications: PrivacyNotifications,
    private readonly taskLocks: TaskLocks,
    private readonly transactions: Transactions,
  ) {}

  /** Scheduled task body: at most one mail a day, none when nothing is due. */
  async sendDigest(now = new Date()): Promise<number> {
    const due = await this.repository.openDueBy(dueSoonHorizon(now));
    if (due.length === 0) return 0;
    if (!(await this.taskLocks.claimRun('privacy-digest', now.toISOString().slice(0, 10)))) return 0;
    const lines = due.map((request) => ({
      requestId: request.requestId,
      requestType: request.requestType,
      status: request.status,
      deadlineAt: request.deadlineAt,
      overdue: request.deadlineAt < now,
    }));
    await this.transactions.run(async (manager) => {
      await this.mailer.digest(manager, lines);
      await this.notifications.due(manager, lines);
    });
    return due.length;
  }
}

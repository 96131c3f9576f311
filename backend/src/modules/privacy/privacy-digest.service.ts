import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { claimTaskRun } from '../../core/scheduling/advisory-lock.js';
import { dueSoonHorizon } from './privacy-rules.js';
import { PrivacyMailer } from './privacy.mails.js';
import { PrivacyRepository } from './privacy.repository.js';

/** The daily digest to the privacy inbox: deletion and access requests due within 7 days or overdue. */
@Injectable()
export class PrivacyDigestService {
  constructor(
    private readonly repository: PrivacyRepository,
    private readonly mailer: PrivacyMailer,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  /** Scheduled task body: at most one mail a day, none when nothing is due. */
  async sendDigest(now = new Date()): Promise<number> {
    const due = await this.repository.openDueBy(dueSoonHorizon(now));
    if (due.length === 0) return 0;
    if (!(await claimTaskRun(this.dataSource, 'privacy-digest', now.toISOString().slice(0, 10)))) return 0;
    await this.repository.transaction((manager) =>
      this.mailer.digest(
        manager,
        due.map((request) => ({
          requestId: request.requestId,
          requestType: request.requestType,
          status: request.status,
          deadlineAt: request.deadlineAt,
          overdue: request.deadlineAt < now,
        })),
      ),
    );
    return due.length;
  }
}

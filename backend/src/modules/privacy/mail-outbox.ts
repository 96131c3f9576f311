import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

export type PrivacyMailKind =
  'deletion_verification' | 'deletion_progress' | 'deletion_rejected' | 'deletion_completed' | 'privacy_digest';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  kind: PrivacyMailKind;
}

/**
 * Where the privacy module writes its mails. `enqueue` receives the entity manager of the
 * transaction that caused the mail, so that the mail row and the data commit or roll back together
 * (DESIGN.md §6). The `mail` module's outbox binds this token after merge.
 */
export interface MailOutbox {
  enqueue(manager: EntityManager, mail: OutgoingMail): Promise<void>;
}

export const MAIL_OUTBOX = Symbol('MAIL_OUTBOX');

/** Stand-in until the real outbox is bound: writes each mail's envelope to the log. */
@Injectable()
export class LogMailOutbox implements MailOutbox {
  private readonly logger = new Logger('PrivacyMail');

  enqueue(_manager: EntityManager, mail: OutgoingMail): Promise<void> {
    this.logger.log(`mail ${mail.kind} queued: "${mail.subject}"`);
    return Promise.resolve();
  }
}

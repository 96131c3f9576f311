import { Inject, Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../core/config/config.js';

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

/**
 * Stand-in until the real outbox is bound: writes each mail to the log (DESIGN.md §6, "without
 * SMTP_URL mails are written to the log"), so that a developer can follow the verification link.
 * In production only the kind and subject are logged, never the address or the link.
 */
@Injectable()
export class LogMailOutbox implements MailOutbox {
  private readonly logger = new Logger('PrivacyMail');

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  enqueue(_manager: EntityManager, mail: OutgoingMail): Promise<void> {
    if (this.config.production) this.logger.log(`mail ${mail.kind} queued: "${mail.subject}"`);
    else this.logger.log(`mail ${mail.kind} to ${mail.to}: "${mail.subject}"\n${mail.text}`);
    return Promise.resolve();
  }
}

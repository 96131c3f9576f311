import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { MailService } from '../mail/mail.service.js';

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
 * (docs/product.md#mail). Bound to the `mail` module's outbox.
 */
export interface MailOutbox {
  enqueue(manager: EntityManager, mail: OutgoingMail): Promise<void>;
}

export const MAIL_OUTBOX = Symbol('MAIL_OUTBOX');

/** The privacy mails go through the shared e-mail outbox, inside the caller's transaction. */
@Injectable()
export class OutboxMailAdapter implements MailOutbox {
  constructor(private readonly mailService: MailService) {}

  enqueue(manager: EntityManager, mail: OutgoingMail): Promise<void> {
    return this.mailService.enqueue(manager, mail);
  }
}

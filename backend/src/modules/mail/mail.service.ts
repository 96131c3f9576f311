import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { MailRepository, type OutgoingMail } from './mail.repository.js';

/** The one way features send mail: a row in the outbox, inside the feature's own transaction. */
@Injectable()
export class MailService {
  constructor(private readonly mailRepository: MailRepository) {}

  async enqueue(manager: EntityManager, mail: OutgoingMail): Promise<void> {
    await this.mailRepository.add(manager, mail);
  }

  /** Many mails in one statement, inside the caller's transaction. */
  async enqueueMany(manager: EntityManager, mails: OutgoingMail[]): Promise<void> {
    await this.mailRepository.addMany(manager, mails);
  }
}

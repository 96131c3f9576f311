import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { ContactMessageEntity } from './entities/contact-message.entity.js';
import { tableStatements } from '../../database/personal-data-rows.js';

export interface NewContactMessage {
  name: string;
  email: string;
  company: string | null;
  service: string | null;
  message: string;
  consent: boolean;
}

@Injectable()
export class ContactRepository {
  /** Stores a message inside the caller's transaction and returns its id. */
  async insert(manager: EntityManager, message: NewContactMessage): Promise<string> {
    const id = randomUUID();
    await manager.insert(ContactMessageEntity, { id, ...message });
    return id;
  }

  /** Stores a message that looks automated with the status `spam` (docs/product.md#contact); returns its id. */
  async insertSuspectedSpam(manager: EntityManager, message: NewContactMessage): Promise<string> {
    const id = randomUUID();
    await manager.insert(ContactMessageEntity, { id, ...message, status: 'spam' });
    return id;
  }
}

const ofAddress = `lower(trim("email")) = $1`;

/** The enquiries' statements for their personal-data declaration. */
export const contactMessagesPersonalData = tableStatements('contact_messages', {
  erase: ofAddress,
  collect: {
    where: ofAddress,
    columns: `"id", "name", "email", "company", "service", "message", "status", "created_at" AS "sentAt"`,
    orderBy: `"created_at"`,
  },
  expired: `"created_at" < $1`,
});

/** The enquiries under Spam: purged after their own, shorter period. */
export const spamEnquiriesPersonalData = tableStatements('contact_messages', {
  expired: `"status" = 'spam' AND "created_at" < $1`,
  counted: `"status" = 'spam'`,
});

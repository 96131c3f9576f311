import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { ContactMessageEntity } from './entities/contact-message.entity.js';

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

import { ContactMessageEntity } from '../modules/contact/entities/contact-message.entity.js';
import { EmailOutboxEntity } from '../modules/mail/entities/email-outbox.entity.js';
import { SubscriberEntity } from '../modules/newsletter/entities/subscriber.entity.js';
import { PlaybookDownloadEntity } from '../modules/playbook/entities/playbook-download.entity.js';

/** Every TypeORM entity of the application, listed once (ESM has no glob loading). */
export const entities: Function[] = [EmailOutboxEntity, ContactMessageEntity, SubscriberEntity, PlaybookDownloadEntity];

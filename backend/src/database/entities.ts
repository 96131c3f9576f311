import { LoginAttempt } from '../modules/auth/entities/login-attempt.entity.js';
import { CaseStudyEntity } from '../modules/case-studies/entities/case-study.entity.js';
import { ContactMessageEntity } from '../modules/contact/entities/contact-message.entity.js';
import { EmailOutboxEntity } from '../modules/mail/entities/email-outbox.entity.js';
import { SubscriberEntity } from '../modules/newsletter/entities/subscriber.entity.js';
import { PlaybookDownloadEntity } from '../modules/playbook/entities/playbook-download.entity.js';
import { Post } from '../modules/posts/entities/post.entity.js';
import { User } from '../modules/users/entities/user.entity.js';

/** Every TypeORM entity of the application, listed once (ESM has no glob loading). */
export const entities: Function[] = [
  User,
  LoginAttempt,
  Post,
  CaseStudyEntity,
  EmailOutboxEntity,
  ContactMessageEntity,
  SubscriberEntity,
  PlaybookDownloadEntity,
];

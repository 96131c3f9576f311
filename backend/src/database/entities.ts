import { StaffActivity } from '../modules/activity/entities/staff-activity.entity.js';
import { AnalyticsEvent } from '../modules/analytics/entities/analytics-event.entity.js';
import { RecoveryCode } from '../modules/auth/entities/recovery-code.entity.js';
import { LoginAttempt } from '../modules/auth/entities/login-attempt.entity.js';
import { CaseStudyEntity } from '../modules/case-studies/entities/case-study.entity.js';
import { ContactMessageEntity } from '../modules/contact/entities/contact-message.entity.js';
import { MediaEntity } from '../modules/media/entities/media.entity.js';
import { EmailOutboxEntity } from '../modules/mail/entities/email-outbox.entity.js';
import { SubscriberEntity } from '../modules/newsletter/entities/subscriber.entity.js';
import { NewsletterIssueEntity } from '../modules/newsletter-issues/entities/newsletter-issue.entity.js';
import { PlaybookDownloadEntity } from '../modules/playbook/entities/playbook-download.entity.js';
import { Post } from '../modules/posts/entities/post.entity.js';
import { DeletionAudit } from '../modules/privacy/entities/deletion-audit.entity.js';
import { DeletionRequest } from '../modules/privacy/entities/deletion-request.entity.js';
import { TeamMemberEntity } from '../modules/team/entities/team-member.entity.js';
import { StaffToken } from '../modules/staff/entities/staff-token.entity.js';
import { User } from '../modules/users/entities/user.entity.js';
import { ContentAutosave } from '../modules/revisions/entities/content-autosave.entity.js';
import { ContentRevision } from '../modules/revisions/entities/content-revision.entity.js';

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
  AnalyticsEvent,
  DeletionRequest,
  DeletionAudit,
  StaffActivity,
  StaffToken,
  RecoveryCode,
  NewsletterIssueEntity,
  ContentRevision,
  ContentAutosave,
  MediaEntity,
  TeamMemberEntity,
];

import { IsIn, IsISO8601, IsNotEmpty, IsOptional, IsString, IsUUID, Matches, ValidateIf } from 'class-validator';
import {
  newsletterAudienceNames,
  newsletterIssueLimits,
  newsletterIssueMessages,
  newsletterPostModes,
  type NewsletterAudienceName,
  type NewsletterIssueSummary,
  type NewsletterPostMode,
} from '@northbeam/common';
import { isoTimestamp } from '../../../database/query-result.js';
import { IsListPage } from '../../../core/validation/list-query.decorators.js';
import { MaxChars } from '../../../core/validation/max-chars.decorator.js';
import { MultiLine } from '../../../core/validation/multi-line.decorator.js';
import { Trim } from '../../../core/validation/trim.js';
import type { NewsletterIssueRow } from '../newsletter-issues.repository.js';

/** Query of GET /api/admin/newsletter/issues. */
export class ListNewsletterIssuesQueryDto {
  @IsListPage()
  page?: number;
}

/** Body of POST /api/admin/newsletter/issues, PUT …/:id and POST /api/admin/newsletter/preview. */
export class SaveNewsletterIssueDto {
  @Trim()
  @MaxChars(newsletterIssueLimits.subjectMax, { message: newsletterIssueMessages.subjectTooLong })
  @IsString({ message: newsletterIssueMessages.subjectRequired })
  @IsNotEmpty({ message: newsletterIssueMessages.subjectRequired })
  subject: string;

  /** The line mail clients show beside the subject; blank is allowed. */
  @Trim()
  @IsOptional()
  @MaxChars(newsletterIssueLimits.preheaderMax, { message: newsletterIssueMessages.preheaderTooLong })
  @IsString({ message: newsletterIssueMessages.preheaderTooLong })
  preheader?: string;

  @MultiLine()
  @MaxChars(newsletterIssueLimits.bodyMax, { message: newsletterIssueMessages.bodyTooLong })
  @Matches(/\S/, { message: newsletterIssueMessages.bodyRequired })
  @IsString({ message: newsletterIssueMessages.bodyRequired })
  @IsNotEmpty({ message: newsletterIssueMessages.bodyRequired })
  body: string;

  /** Every confirmed subscriber (`all`, the default) or the readers of one sign-up place. */
  @IsOptional()
  @IsIn(newsletterAudienceNames, { message: newsletterIssueMessages.audienceInvalid })
  audience?: NewsletterAudienceName;

  /** A media library image at the top of the mail; null or left out for none. */
  @ValidateIf((_object, value) => value !== null && value !== undefined)
  @IsUUID('all', { message: newsletterIssueMessages.heroImageInvalid })
  heroImageId?: string | null;

  /** How the source post shows, for an issue started from a post. */
  @IsOptional()
  @IsIn(newsletterPostModes, { message: newsletterIssueMessages.postModeInvalid })
  postMode?: NewsletterPostMode;

  /** A new issue started from a published post (its form filled by "Use this post"); ignored on an update. */
  @IsOptional()
  @IsUUID('all', { message: newsletterIssueMessages.postInvalid })
  sourcePostId?: string;
}

/** Body of POST /api/admin/newsletter/preview: the fields, and the saved issue they belong to (for its post card). */
export class PreviewNewsletterIssueDto extends SaveNewsletterIssueDto {
  @IsOptional()
  @IsUUID('all', { message: newsletterIssueMessages.notFound })
  issueId?: string;
}

/** Body of POST /api/admin/newsletter/issues/from-post. */
export class NewsletterIssueFromPostDto {
  @IsUUID('all', { message: newsletterIssueMessages.postInvalid })
  postId: string;

  /** `card` (the default) or `full`. */
  @IsOptional()
  @IsIn(newsletterPostModes, { message: newsletterIssueMessages.postModeInvalid })
  mode?: NewsletterPostMode;
}

/** Body of POST /api/admin/newsletter/issues/:id/schedule. */
export class ScheduleNewsletterIssueDto {
  @IsISO8601({ strict: true }, { message: newsletterIssueMessages.sendAtInvalid })
  @IsString({ message: newsletterIssueMessages.sendAtInvalid })
  sendAt: string;
}

/** A row of the issues list as the API answers it. */
export function mapSummary(row: NewsletterIssueRow): NewsletterIssueSummary {
  return {
    id: row.id,
    subject: row.subject,
    status: row.status,
    createdAt: isoTimestamp(row.created_at),
    updatedAt: isoTimestamp(row.updated_at),
    createdBy: row.created_by_name,
    sentAt: row.sent_at ? isoTimestamp(row.sent_at) : null,
    sentBy: row.sent_by_name,
    recipientCount: row.recipient_count,
    audience: row.audience,
    scheduledAt: row.scheduled_at ? isoTimestamp(row.scheduled_at) : null,
    figures:
      row.status === 'sending' || row.status === 'sent'
        ? {
            clicks: Number(row.clicks ?? 0),
            webViews: row.web_views,
            unsubscribes: row.unsubscribes,
            hardBounces: row.hard_bounces,
            softBounces: row.soft_bounces,
            complaints: row.complaints,
          }
        : null,
  };
}

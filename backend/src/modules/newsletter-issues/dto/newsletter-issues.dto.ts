import { IsNotEmpty, IsOptional, IsString, IsUUID, Matches } from 'class-validator';
import { newsletterIssueLimits, newsletterIssueMessages, type NewsletterIssueSummary } from '@northbeam/common';
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
}

/** Body of POST /api/admin/newsletter/issues/from-post. */
export class NewsletterIssueFromPostDto {
  @IsUUID('all', { message: newsletterIssueMessages.postInvalid })
  postId: string;
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
  };
}

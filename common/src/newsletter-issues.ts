/** Newsletter issues of the admin (`/admin/newsletter`): what the browser and the server share. */

/** An issue is written as a draft, then sent once: `sending` while its outbox rows are being written. */
export const newsletterIssueStatuses = ['draft', 'sending', 'sent'] as const;
export type NewsletterIssueStatus = (typeof newsletterIssueStatuses)[number];

export const newsletterIssueStatusLabels: Record<NewsletterIssueStatus, string> = {
  draft: 'Draft',
  sending: 'Sending',
  sent: 'Sent',
};

export const newsletterIssueLimits = {
  listPageSize: 15,
  subjectMax: 200,
  preheaderMax: 200,
  bodyMax: 100_000,
  /** Recipients whose outbox rows are written in one transaction (never one transaction for all). */
  queueBatchSize: 500,
  /** How often the compose screen asks for progress while an issue is going out. */
  progressPollMs: 2000,
} as const;

/** What the newsletter team may do with an issue (docs/product.md#newsletter-issues). */
export const newsletterIssueActionNames = ['edit', 'delete', 'send_test', 'send'] as const;
export type NewsletterIssueAction = (typeof newsletterIssueActionNames)[number];

/**
 * An issue is changed, deleted and sent only as a draft; a test may be sent of any issue. The server
 * refuses the rest with 409 and sends this list with the issue; the compose screen shows only these.
 */
export function newsletterIssueActions(status: NewsletterIssueStatus): NewsletterIssueAction[] {
  return status === 'draft' ? ['edit', 'delete', 'send_test', 'send'] : ['send_test'];
}

/** Where an issue's mails are: from the outbox, one row per recipient. */
export interface NewsletterIssueProgress {
  /** Recipients snapshotted when the send started. */
  recipients: number;
  /** Outbox rows waiting to be delivered (or retried). */
  queued: number;
  sent: number;
  /** Given up after every retry. */
  failed: number;
  /** Not sent because the address unsubscribed (or was removed) before its turn. */
  cancelled: number;
}

/** A row of the issues list (`GET /api/admin/newsletter/issues?page=`). */
export interface NewsletterIssueSummary {
  id: string;
  subject: string;
  status: NewsletterIssueStatus;
  createdAt: string;
  updatedAt: string;
  createdBy: string | null;
  sentAt: string | null;
  sentBy: string | null;
  /** Recipients snapshotted by the send; null for a draft. */
  recipientCount: number | null;
}

/** `GET /api/admin/newsletter/issues/:id`. */
export interface NewsletterIssueDetail extends NewsletterIssueSummary {
  preheader: string;
  body: string;
  sourcePost: { id: string; title: string } | null;
  /** Null for a draft. */
  progress: NewsletterIssueProgress | null;
  /** What may be done with the issue now (`newsletterIssueActions`). */
  actions: NewsletterIssueAction[];
}

/** Body of `POST /api/admin/newsletter/issues`, `PUT …/:id` and `POST /api/admin/newsletter/preview`. */
export interface SaveNewsletterIssueRequest {
  subject: string;
  preheader: string;
  body: string;
}

/** `POST /api/admin/newsletter/issues/from-post`: a draft filled from a published post. */
export interface NewsletterIssueFromPostRequest {
  postId: string;
}

/** `POST /api/admin/newsletter/preview`: the issue in the mail layout, as a subscriber would get it. */
export interface NewsletterPreview {
  subject: string;
  html: string;
  text: string;
}

/** `GET /api/admin/newsletter/audience`: who a send would reach now. */
export interface NewsletterAudience {
  confirmed: number;
}

export const newsletterIssueMessages = {
  notFound: 'Newsletter issue not found',
  subjectRequired: 'Subject is required',
  subjectTooLong: `Subject must be ${newsletterIssueLimits.subjectMax} characters or less`,
  preheaderTooLong: `Preheader must be ${newsletterIssueLimits.preheaderMax} characters or less`,
  bodyRequired: 'Write the body of the issue first',
  bodyTooLong: `Body must be ${newsletterIssueLimits.bodyMax} characters or less`,
  postInvalid: 'Choose a published post',
  alreadySent: 'This issue has already been sent. Each issue goes out once: make a new issue to send again.',
  notADraft: 'This issue has been sent and can no longer be changed or deleted.',
  noRecipients: 'There are no confirmed subscribers to send this issue to.',
  testSent: (email: string) => `Test sent to ${email}.`,
  sendConfirmTitle: 'Send this issue?',
  sendConfirmDescription: (count: number) =>
    `It goes to ${count} confirmed ${count === 1 ? 'subscriber' : 'subscribers'} now, and cannot be sent again.`,
} as const;

/** "Send to 1 confirmed subscriber", "Send to 1,204 confirmed subscribers". */
export function sendToLabel(count: number): string {
  return `Send to ${count.toLocaleString('en-GB')} confirmed ${count === 1 ? 'subscriber' : 'subscribers'}`;
}

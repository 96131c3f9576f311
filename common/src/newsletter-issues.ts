/** Newsletter issues of the admin (`/admin/newsletter`): what the browser and the server share. */

/**
 * An issue is written as a draft, then sent once, now or at a time set in advance (`scheduled`):
 * `sending` while its outbox rows are being written.
 */
export const newsletterIssueStatuses = ['draft', 'scheduled', 'sending', 'sent'] as const;
export type NewsletterIssueStatus = (typeof newsletterIssueStatuses)[number];

export const newsletterIssueStatusLabels: Record<NewsletterIssueStatus, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  sending: 'Sending',
  sent: 'Sent',
};

/**
 * Who an issue goes to: every confirmed subscriber, or the readers who signed up in one place. A
 * subscriber's audience follows from the source of their sign-up (`audienceOfSource`).
 */
export const newsletterAudienceNames = ['all', 'labs', 'consulting', 'site'] as const;
export type NewsletterAudienceName = (typeof newsletterAudienceNames)[number];

export const newsletterAudienceLabels: Record<NewsletterAudienceName, string> = {
  all: 'All confirmed subscribers',
  labs: 'Labs blog readers',
  consulting: 'Consulting blog readers',
  site: 'Site-wide sign-ups',
};

/** Where each audience signed up, as the footer of their mail says it. */
export const newsletterAudiencePlaces: Record<Exclude<NewsletterAudienceName, 'all'>, string> = {
  labs: 'the Labs blog',
  consulting: 'the Consulting blog',
  site: 'our website',
};

/** The subscribe sources of each audience but `all`: the Labs and Consulting blogs, and the rest of the site. */
export function audienceOfSource(source: string | null): Exclude<NewsletterAudienceName, 'all'> {
  if (source === 'labs_blog') return 'labs';
  if (source === 'consulting_blog') return 'consulting';
  return 'site';
}

/** How an issue started from a post shows it: a card (image, title, excerpt, button) or the full text. */
export const newsletterPostModes = ['card', 'full'] as const;
export type NewsletterPostMode = (typeof newsletterPostModes)[number];

export const newsletterIssueLimits = {
  listPageSize: 15,
  subjectMax: 200,
  preheaderMax: 200,
  bodyMax: 100_000,
  /** Recipients whose outbox rows are written in one transaction (never one transaction for all). */
  queueBatchSize: 500,
  /** How often the compose screen asks for progress while an issue is going out. */
  progressPollMs: 2000,
  /** How far ahead an issue may be scheduled. */
  scheduleMaxDays: 365,
  /** Width of the mail's column in pixels; its images are loaded at twice that for sharp screens. */
  mailWidth: 600,
} as const;

/** What the newsletter team may do with an issue (docs/product.md#newsletter-issues). */
export const newsletterIssueActionNames = ['edit', 'delete', 'send_test', 'send', 'schedule', 'unschedule'] as const;
export type NewsletterIssueAction = (typeof newsletterIssueActionNames)[number];

/**
 * An issue is changed, deleted, sent and scheduled only as a draft; a scheduled issue goes back to
 * being a draft when its schedule is cancelled; a test may be sent of any issue. The server refuses
 * the rest with 409 and sends this list with the issue; the compose screen shows only these.
 */
export function newsletterIssueActions(status: NewsletterIssueStatus): NewsletterIssueAction[] {
  if (status === 'draft') return ['edit', 'delete', 'send_test', 'send', 'schedule'];
  if (status === 'scheduled') return ['send_test', 'unschedule'];
  return ['send_test'];
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
  audience: NewsletterAudienceName;
  /** When a scheduled issue goes out (ISO); null unless scheduled. */
  scheduledAt: string | null;
  /** Counts of a sent issue, never per person; null for a draft (docs/product.md#newsletter-figures). */
  figures: NewsletterIssueFigures | null;
}

/** What an issue's readers did, counted: clicks on its links, web-version views, unsubscribes, bounces. */
export interface NewsletterIssueFigures {
  /** Clicks on all of its links together. */
  clicks: number;
  webViews: number;
  unsubscribes: number;
  hardBounces: number;
  softBounces: number;
  complaints: number;
}

/** One link of a sent issue, in the order it appears in the mail, with its clicks. */
export interface NewsletterLinkFigure {
  index: number;
  url: string;
  clicks: number;
}

/** An image of the media library as an issue shows it. */
export interface NewsletterImage {
  id: string;
  alt: string;
  width: number;
  height: number;
}

/** `GET /api/admin/newsletter/issues/:id`. */
export interface NewsletterIssueDetail extends NewsletterIssueSummary {
  preheader: string;
  body: string;
  sourcePost: { id: string; title: string } | null;
  /** How the source post shows: a card or its full text (null without a source post). */
  postMode: NewsletterPostMode | null;
  heroImage: NewsletterImage | null;
  /** The public web version (`/newsletter/{slug}`), once the issue has gone out. */
  webUrl: string | null;
  /** Null for a draft. */
  progress: NewsletterIssueProgress | null;
  /** The links of a sent issue and their clicks (empty for a draft). */
  links: NewsletterLinkFigure[];
  /** What may be done with the issue now (`newsletterIssueActions`). */
  actions: NewsletterIssueAction[];
}

/** Body of `POST /api/admin/newsletter/issues`, `PUT …/:id` and `POST /api/admin/newsletter/preview`. */
export interface SaveNewsletterIssueRequest {
  subject: string;
  preheader: string;
  body: string;
  /** `all` when left out. */
  audience?: NewsletterAudienceName;
  /** A media library image shown at the top of the mail; null for none. */
  heroImageId?: string | null;
  /** Only for an issue started from a post. */
  postMode?: NewsletterPostMode;
  /** A new issue started from a published post ("Use this post"): the post it shows. Ignored on an update. */
  sourcePostId?: string;
}

/**
 * `POST /api/admin/newsletter/issues/from-post/values`: what "Use this post" puts into the new issue's
 * form. Nothing is saved until the writer saves the issue (with `sourcePostId`).
 */
export interface NewsletterIssueFromPostValues {
  subject: string;
  preheader: string;
  body: string;
  postMode: NewsletterPostMode;
  sourcePost: { id: string; title: string };
}

/** `POST /api/admin/newsletter/issues/from-post`: a draft filled from a published post. */
export interface NewsletterIssueFromPostRequest {
  postId: string;
  /** `card` (the default): image, title, excerpt and a button; `full`: the whole text. */
  mode?: NewsletterPostMode;
}

/** `POST /api/admin/newsletter/issues/:id/schedule`. */
export interface ScheduleNewsletterIssueRequest {
  /** ISO date and time, in the future. */
  sendAt: string;
}

/** `POST /api/admin/newsletter/preview`: the issue in the mail layout, as a subscriber would get it. */
export interface NewsletterPreview {
  subject: string;
  html: string;
  text: string;
}

/** `GET /api/admin/newsletter/audience`: who a send would reach now. */
export interface NewsletterAudience {
  /** Every confirmed subscriber. */
  confirmed: number;
  /** Confirmed subscribers of each audience. */
  counts: Record<NewsletterAudienceName, number>;
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
  audienceInvalid: 'Choose who the issue goes to',
  heroImageInvalid: 'Choose an image from the media library',
  /** An image of the body that is not the media library's (a third party would learn of each open). */
  foreignImage: (address: string) =>
    `Only images from the media library can go in a newsletter: replace or remove the image ${address.length > 120 ? `${address.slice(0, 117)}...` : address}`,
  postModeInvalid: 'Choose a card or the full text',
  sendAtInvalid: 'Choose a date and time to send the issue',
  sendAtPast: 'Choose a time in the future',
  sendAtTooFar: `Choose a time within ${newsletterIssueLimits.scheduleMaxDays} days`,
  notScheduled: 'This issue is not scheduled.',
  notADraftScheduled: 'This issue is scheduled: cancel the schedule to change, delete or send it.',
  webVersionMissing: 'This newsletter issue is not available.',
  /** "Leave without saving?" on a draft with unsaved changes. */
  leaveDescription: 'Your changes to this issue have not been saved.',
  testSent: (email: string) => `Test sent to ${email}.`,
  sendConfirmTitle: 'Send this issue?',
  sendConfirmDescription: (count: number) =>
    `It goes to ${count} confirmed ${count === 1 ? 'subscriber' : 'subscribers'} now, and cannot be sent again.`,
  scheduleConfirmTitle: 'Schedule this issue?',
  scheduleConfirmDescription: (when: string) =>
    `It goes out on ${when} to the confirmed subscribers of its audience at that moment. Until then you can cancel the schedule.`,
} as const;

/** "Send to 1 confirmed subscriber", "Send to 1,204 confirmed subscribers". */
export function sendToLabel(count: number): string {
  return `Send to ${count.toLocaleString('en-GB')} confirmed ${count === 1 ? 'subscriber' : 'subscribers'}`;
}

/** The path of an issue's public web version (linked from its mail only, never indexed). */
export function newsletterWebPath(slug: string): string {
  return `/newsletter/${slug}`;
}

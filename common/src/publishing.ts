/**
 * Scheduling, the review queue and slug redirects of posts (docs/product.md#publishing): what the
 * browser and the server share.
 */
import type { PostStatus } from './types.js';

/** How the back office names each status. The public only ever sees published posts. */
export const postStatusLabels: Record<PostStatus, string> = {
  draft: 'Draft',
  in_review: 'Awaiting review',
  scheduled: 'Scheduled',
  published: 'Published',
};

export const publishingLimits = {
  /** The longest note an admin may send back to an author. */
  reviewNoteMax: 2000,
  /** How often each instance looks for scheduled posts that are due (one of them publishes them). */
  scheduledPublishCheckSeconds: 15,
} as const;

/** User-facing sentences of scheduling and review (exact). */
export const publishingMessages = {
  onlyAdminsCanSchedule: 'Only admins can schedule',
  publishAtRequired: 'Choose when to publish',
  publishAtInvalid: 'Publish time must be a date and time',
  publishAtInPast: 'Choose a time in the future',
  alreadyPublished: 'This post is already published: save it as a draft first to schedule it',
  notAwaitingReview: 'This post is not awaiting review',
  reviewNoteRequired: 'Please write a note for the author',
  reviewNoteTooLong: `Note must be ${publishingLimits.reviewNoteMax} characters or less`,
  statusInvalid: 'Status must be draft, in_review, scheduled or published',
} as const;

/** `GET /api/admin/posts/workflow-counts`: the dashboard's "Awaiting review" card and the Posts tabs. */
export interface PostWorkflowCounts {
  awaitingReview: number;
  scheduled: number;
}

/** `POST /api/admin/posts/:id/send-back`. */
export interface SendBackRequest {
  note: string;
}

/**
 * What a staff member may do with a post (docs/product.md#publishing). `edit` (save, delete, restore a
 * revision): those with every post, or a consultant on their own draft; `submit_for_review`: an author
 * who cannot publish, on a draft they may edit; `publish`: those with every post; `schedule`: they too,
 * while the post is not live; `send_back`: they too, while it awaits review. `post` null: a new post.
 */
export const postActionNames = ['edit', 'submit_for_review', 'publish', 'schedule', 'send_back'] as const;
export type PostAction = (typeof postActionNames)[number];

import { HttpStatus } from '@nestjs/common';
import {
  postActions,
  publishingMessages,
  type ActivityAction,
  type PostStatus,
  type StaffUser,
} from '@northbeam/common';
import { ApiError } from '../../core/http/api-error.js';
import type { Post } from './entities/post.entity.js';

/** What a save writes besides the content: the status and its companions (docs/product.md#publishing). */
export interface WorkflowValues {
  status: PostStatus;
  publishAt: Date | null;
  /** Set only when the save changes it (a submission for review clears the last send-back note). */
  reviewNote?: null;
}

/**
 * The status a save asks for, checked against who saves and what the post is now. Publishing keeps
 * its own checks in the posts service; this adds scheduling (admins only, a time in the future, never
 * over a live post) and the review queue (a submission clears the last send-back note).
 * `publishAt` is the ISO time of the request; a scheduled post saved again without one keeps its time.
 */
export function workflowOfSave(
  existing: Pick<Post, 'status' | 'publishAt' | 'createdById'> | null,
  status: PostStatus,
  publishAt: string | undefined | null,
  user: StaffUser,
  now: Date,
): WorkflowValues {
  if (status === 'in_review') return { status, publishAt: null, reviewNote: null };
  if (status !== 'scheduled') return { status, publishAt: null };
  if (!postActions(existing, user).includes('schedule')) {
    if (!postActions(null, user).includes('schedule'))
      throw new ApiError(HttpStatus.FORBIDDEN, publishingMessages.onlyAdminsCanSchedule);
    throw new ApiError(HttpStatus.CONFLICT, publishingMessages.alreadyPublished);
  }
  if (!publishAt) {
    if (existing?.status === 'scheduled' && existing.publishAt) return { status, publishAt: existing.publishAt };
    throw publishAtError(publishingMessages.publishAtRequired);
  }
  const at = new Date(publishAt);
  if (Number.isNaN(at.getTime())) throw publishAtError(publishingMessages.publishAtInvalid);
  const unchanged = existing?.status === 'scheduled' && existing.publishAt?.getTime() === at.getTime();
  if (!unchanged && at.getTime() <= now.getTime()) throw publishAtError(publishingMessages.publishAtInPast);
  return { status, publishAt: at };
}

function publishAtError(message: string): ApiError {
  return new ApiError(HttpStatus.BAD_REQUEST, message, { publishAt: [message] });
}

/**
 * The activity line of a save that enters or leaves the schedule or the review queue; undefined for
 * any other save (the posts service names those: created, updated, published, unpublished).
 */
export function workflowAction(before: PostStatus | null, after: PostStatus): ActivityAction | undefined {
  if (after === 'scheduled' && before !== 'scheduled') return 'post.scheduled';
  if (after === 'in_review' && before !== 'in_review') return 'post.submitted_for_review';
  if (before === 'scheduled' && after === 'draft') return 'post.unscheduled';
  return undefined;
}

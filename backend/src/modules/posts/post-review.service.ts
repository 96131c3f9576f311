import { HttpStatus, Injectable } from '@nestjs/common';
import {
  messages,
  postActions,
  publishingMessages,
  type AdminPost,
  type PostWorkflowCounts,
  type StaffUser,
} from '@northbeam/common';
import { ApiError } from '../../core/http/api-error.js';
import { ActivityService } from '../activity/activity.service.js';
import { mapAdminPost } from './dto/post-response.dto.js';
import type { SendBackPostDto } from './dto/send-back-post.dto.js';
import { PostNotifications } from './post-notifications.js';
import { PostsRepository } from './posts.repository.js';
import { isUuid } from '../../core/validation/uuid.js';
import { Transactions } from '../../database/transactions.js';

/**
 * The review queue (docs/product.md#publishing). Submitting is a save with status `in_review`
 * (PostsService); publishing and scheduling from the queue are saves too. This service adds what is
 * not a save: sending a post back to its author with a note, and the counts of the queue.
 */
@Injectable()
export class PostReviewService {
  constructor(
    private readonly postsRepository: PostsRepository,
    private readonly activity: ActivityService,
    private readonly notifications: PostNotifications,
    private readonly transactions: Transactions,
  ) {}

  /** Back to a draft with the admin's note, logged, and notified to the author (when their account still exists). */
  async sendBack(id: string, dto: SendBackPostDto, user: StaffUser): Promise<AdminPost> {
    const existing = isUuid(id) ? await this.postsRepository.findById(id) : null;
    if (!existing) throw new ApiError(HttpStatus.NOT_FOUND, messages.postNotFound);
    if (!postActions(existing, user).includes('send_back'))
      throw new ApiError(HttpStatus.CONFLICT, publishingMessages.notAwaitingReview);
    const saved = await this.transactions.run(async (manager) => {
      const updated = await this.postsRepository.update(manager, existing.id, {
        status: 'draft',
        publishAt: null,
        reviewNote: dto.note,
      });
      await this.activity.record(manager, {
        actor: user,
        action: 'post.sent_back',
        target: { type: 'post', id: updated.id, label: updated.title },
      });
      await this.notifications.sentBack(manager, updated, user, dto.note);
      return updated;
    });
    return mapAdminPost(saved, user);
  }

  async counts(): Promise<PostWorkflowCounts> {
    const [awaitingReview, scheduled] = await Promise.all([
      this.postsRepository.countByStatus('in_review'),
      this.postsRepository.countByStatus('scheduled'),
    ]);
    return { awaitingReview, scheduled };
  }
}

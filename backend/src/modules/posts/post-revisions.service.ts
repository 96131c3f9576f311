import { HttpStatus, Injectable } from '@nestjs/common';
import {
  revisionMessages,
  type AdminPost,
  type ListPage,
  type PostAutosaveFields,
  type PostAutosaveResponse,
  type PostRevision,
  type PostRevisionFields,
  type RevisionSummary,
  type StaffUser,
} from '@northbeam/common';
import { ApiError } from '../../core/http/api-error.js';
import { RevisionsService } from '../revisions/revisions.service.js';
import type { AutosavePostDto } from './dto/post-revisions.dto.js';
import type { SavePostDto } from './dto/save-post.dto.js';
import type { ContentRevision } from '../revisions/entities/content-revision.entity.js';
import { PostsService, revisionFields } from './posts.service.js';
import { isUuid } from '../../core/validation/uuid.js';
import { Transactions } from '../../database/transactions.js';

/** Fields a restore leaves as they are: whether and when the post is public is not part of its text. */
const notRestoredFields = new Set(['status', 'publishAt']);

/**
 * A post's revisions and its editors' autosaves (docs/product.md#revisions). Whoever may change the
 * post may see and restore its revisions (a consultant: their own drafts); an autosave is the
 * caller's own and never touches the post, its public pages or their caches.
 */
@Injectable()
export class PostRevisionsService {
  constructor(
    private readonly postsService: PostsService,
    private readonly revisions: RevisionsService,
    private readonly transactions: Transactions,
  ) {}

  async list(postId: string, page: number | undefined, user: StaffUser): Promise<ListPage<RevisionSummary>> {
    const post = await this.postsService.requireChangeable(postId, user);
    return this.revisions.page('post', post.id, page);
  }

  async findOne(postId: string, revisionId: string, user: StaffUser): Promise<PostRevision> {
    const post = await this.postsService.requireChangeable(postId, user);
    const revision = await this.requireRevision(post.id, revisionId);
    return { ...(await this.revisions.summaryOf(revision)), fields: revision.fields as PostRevisionFields };
  }

  /** Saves the post with the revision's fields (a new save: a new revision, logged as a restore); its status stays. */
  async restore(postId: string, revisionId: string, user: StaffUser): Promise<AdminPost> {
    const post = await this.postsService.requireChangeable(postId, user);
    const revision = await this.requireRevision(post.id, revisionId);
    const current = revisionFields(post);
    const restored = Object.fromEntries(
      Object.entries(revision.fields).filter(([field]) => field in current && !notRestoredFields.has(field)),
    );
    const dto = { ...current, ...restored, status: post.status } as unknown as SavePostDto;
    return this.postsService.update(post.id, dto, user, { restoredFromId: revision.id });
  }

  async findAutosave(postId: string, user: StaffUser): Promise<PostAutosaveResponse> {
    const post = await this.postsService.requireChangeable(postId, user);
    const autosave = await this.revisions.findAutosave('post', post.id, user.id);
    return {
      autosave: autosave ? { savedAt: autosave.savedAt.toISOString(), fields: autosaveFields(autosave.fields) } : null,
    };
  }

  /** Keeps the caller's text on the server. Not logged and no cache is told: nothing public changes. */
  async autosave(postId: string, dto: AutosavePostDto, user: StaffUser): Promise<{ savedAt: string }> {
    const post = await this.postsService.requireChangeable(postId, user);
    const savedAt = await this.revisions.saveAutosave('post', post.id, user.id, { ...autosaveFields(dto) });
    return { savedAt: savedAt.toISOString() };
  }

  async discardAutosave(postId: string, user: StaffUser): Promise<void> {
    const post = await this.postsService.requireChangeable(postId, user);
    await this.transactions.run((manager) => this.revisions.discardAutosave(manager, 'post', post.id, user.id));
  }

  private async requireRevision(postId: string, revisionId: string): Promise<ContentRevision> {
    const revision = isUuid(revisionId) ? await this.revisions.find('post', postId, revisionId) : null;
    if (!revision) throw new ApiError(HttpStatus.NOT_FOUND, revisionMessages.revisionNotFound);
    return revision;
  }
}

/** Every field of an autosave, absent ones empty. */
function autosaveFields(dto: AutosavePostDto): PostAutosaveFields {
  return {
    title: dto.title ?? '',
    slug: dto.slug ?? '',
    excerpt: dto.excerpt ?? '',
    body: dto.body ?? '',
    section: dto.section ?? '',
    authorId: dto.authorId ?? null,
    authorName: dto.authorName ?? null,
    authorCredentials: dto.authorCredentials ?? null,
    authorBio: dto.authorBio ?? null,
    tags: dto.tags ?? [],
    metaDescription: dto.metaDescription ?? null,
    customMetaTags: dto.customMetaTags ?? null,
  };
}

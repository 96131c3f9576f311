import { HttpStatus, Injectable } from '@nestjs/common';
import {
  postActions,
  countWords,
  isPostSection,
  limits,
  mediaIdsInMarkdown,
  mediaMessages,
  pageCount,
  messages,
  readingTimeMinutes,
  type AdminPost,
  type AdminPostCount,
  type AdminPostSummary,
  type ListPage,
  type Post as PostResponse,
  type PostPage,
  type PostStatus,
  type PostSummary,
  type StaffUser,
} from '@northbeam/common';
import { ApiError } from '../../core/http/api-error.js';
import { ActivityService } from '../activity/activity.service.js';
import { ContentVersionService } from '../content-version/content-version.service.js';
import { RevisionsService } from '../revisions/revisions.service.js';
import { MediaService } from '../media/media.service.js';
import type { AdminPostsSearchDto, ListAdminPostsQueryDto, ListPostsQueryDto } from './dto/list-posts-query.dto.js';
import type { SavePostDto } from './dto/save-post.dto.js';
import { mapAdminPost, mapAdminPostSummary, mapPost, mapPostSummary } from './dto/post-response.dto.js';
import type { Post } from './entities/post.entity.js';
import { PostNotifications } from './post-notifications.js';
import { PostWebhooks } from './post-webhooks.js';
import { PostRedirectsService } from './post-redirects.js';
import { workflowAction, workflowOfSave } from './post-workflow.js';
import { PostsRepository, type PostValues } from './posts.repository.js';
import { isUuid } from '../../core/validation/uuid.js';
import { postChangeKeys } from '../../core/http/cdn-cache.js';
import { Transactions } from '../../database/transactions.js';

@Injectable()
export class PostsService {
  constructor(
    private readonly postsRepository: PostsRepository,
    private readonly contentVersion: ContentVersionService,
    private readonly activity: ActivityService,
    private readonly revisions: RevisionsService,
    private readonly media: MediaService,
    private readonly redirects: PostRedirectsService,
    private readonly notifications: PostNotifications,
    private readonly webhooks: PostWebhooks,
    private readonly transactions: Transactions,
  ) {}

  /** A page of the published blog for readers (GET /api/posts). */
  async publishedPage(query: ListPostsQueryDto): Promise<PostPage> {
    const pageSize = query.pageSize ?? limits.blogPageSize;
    const page = query.page ?? 1;
    const [posts, total] = await this.postsRepository.findPublishedPage({
      section: query.section,
      search: query.search?.trim() || undefined,
      tag: query.tag,
      offset: (page - 1) * pageSize,
      limit: pageSize,
    });
    return { items: posts.map(mapPostSummary), total, page, pageSize, totalPages: pageCount(total, pageSize) };
  }

  async listPublished(section: string): Promise<PostSummary[]> {
    if (!isPostSection(section)) throw new ApiError(HttpStatus.NOT_FOUND, messages.notFound);
    const posts = await this.postsRepository.findPublishedSummaries(section);
    return posts.map(mapPostSummary);
  }

  /** A published post; a draft too when a signed-in staff member asks (preview). */
  async findForReader(section: string, slug: string, staff: StaffUser | null): Promise<PostResponse> {
    const post = isPostSection(section) ? await this.postsRepository.findBySectionAndSlug(section, slug) : null;
    if (!post || (post.status !== 'published' && !staff))
      throw new ApiError(HttpStatus.NOT_FOUND, messages.postNotFound);
    // The library images of the body, for their srcset and dimensions.
    const images = await this.media.images(mediaIdsInMarkdown(post.body));
    return { ...mapPost(post), bodyImages: Object.fromEntries(images) };
  }

  /**
   * A page of the staff posts list, newest first, without bodies. Every role sees every post of every
   * status (consultants read all posts and change only their own drafts): docs/product.md#posts-in-the-back-office.
   */
  async staffPage(query: ListAdminPostsQueryDto, user: StaffUser): Promise<ListPage<AdminPostSummary>> {
    const page = query.page ?? 1;
    const pageSize = limits.adminPostsPageSize;
    const [posts, total] = await this.postsRepository.findStaffPage({
      section: query.section,
      status: query.status,
      search: query.q || undefined,
      offset: (page - 1) * pageSize,
      limit: pageSize,
    });
    return { items: posts.map((post) => mapAdminPostSummary(post, user)), total, page, pageSize };
  }

  /** How many posts match the staff list's search, by section and status (its filter buttons). */
  staffCounts(query: AdminPostsSearchDto): Promise<AdminPostCount[]> {
    return this.postsRepository.countStaffMatches(query.q || undefined);
  }

  async findForStaff(id: string, user: StaffUser): Promise<AdminPost> {
    return mapAdminPost(await this.requirePost(id), user);
  }

  async create(dto: SavePostDto, user: StaffUser): Promise<AdminPost> {
    const status = dto.status ?? 'draft';
    if (status === 'published' && !postActions(null, user).includes('publish'))
      throw new ApiError(HttpStatus.FORBIDDEN, messages.onlyAdminsCanPublish);
    await this.assertSlugFree(dto.section, dto.slug);
    await this.assertFeatureImage(dto);
    const now = new Date();
    const workflow = workflowOfSave(null, status, dto.publishAt, user, now);
    const post = await this.transactions.run(async (manager) => {
      const created = await this.postsRepository.create(manager, {
        ...contentValues(dto),
        reviewNote: null,
        ...workflow,
        createdById: user.id,
        publishedAt: status === 'published' ? now : null,
        revisionDate: null,
      });
      // One line per call: a post created straight into publication is logged as published.
      await this.activity.record(manager, {
        actor: user,
        action: workflowAction(null, status) ?? (status === 'published' ? 'post.published' : 'post.created'),
        target: postTarget(created),
      });
      await this.revisions.record(manager, {
        kind: 'post',
        entityId: created.id,
        fields: revisionFields(created),
        author: user,
      });
      await this.redirects.afterSave(manager, null, created);
      if (created.status === 'in_review') await this.notifications.submitted(manager, created, user);
      if (created.status === 'published') await this.webhooks.published(manager, created, false, now);
      return created;
    });
    await this.contentVersion.bump(postChangeKeys(post.id, post.status === 'published' ? [post.section] : []));
    return mapAdminPost(post, user);
  }

  /** A save of the editor, or a restore of a revision (`restoredFromId`: docs/product.md#revisions). */
  async update(
    id: string,
    dto: SavePostDto,
    user: StaffUser,
    options: { restoredFromId?: string } = {},
  ): Promise<AdminPost> {
    const existing = await this.requirePost(id);
    const status = dto.status ?? 'draft';
    if (status === 'published' && !postActions(existing, user).includes('publish'))
      throw new ApiError(HttpStatus.FORBIDDEN, messages.onlyAdminsCanPublish);
    assertMayEdit(existing, user);
    if (dto.section !== existing.section || dto.slug !== existing.slug)
      await this.assertSlugFree(dto.section, dto.slug, existing.id);
    await this.assertFeatureImage(dto);
    const now = new Date();
    const values: Partial<PostValues> = {
      ...contentValues(dto),
      ...workflowOfSave(existing, status, dto.publishAt, user, now),
    };
    if (status === 'published' && !existing.publishedAt) values.publishedAt = now;
    // Editing what readers can already see is a revision; the first publication is not.
    if (existing.status === 'published') values.revisionDate = now;
    const updated = await this.transactions.run(async (manager) => {
      const saved = await this.postsRepository.update(manager, existing.id, values);
      await this.activity.record(manager, {
        actor: user,
        action: options.restoredFromId
          ? 'post.restored'
          : (workflowAction(existing.status, status) ?? updateAction(existing.status, status)),
        target: postTarget(saved),
      });
      // Every save keeps a revision, and ends the saver's autosave (the text is saved now).
      await this.revisions.record(manager, {
        kind: 'post',
        entityId: saved.id,
        fields: revisionFields(saved),
        author: user,
        restoredFromId: options.restoredFromId,
        previous: { fields: revisionFields(existing), savedAt: existing.updatedAt },
      });
      await this.revisions.discardAutosave(manager, 'post', saved.id, user.id);
      await this.redirects.afterSave(manager, existing, saved);
      if (saved.status === 'in_review' && existing.status !== 'in_review')
        await this.notifications.submitted(manager, saved, user);
      if (saved.status === 'published' && existing.status !== 'published') {
        await this.notifications.published(manager, saved, user);
        await this.webhooks.published(manager, saved, false, now);
      }
      if (existing.status === 'published' && saved.status !== 'published')
        await this.webhooks.unpublished(manager, saved, 'unpublished');
      return saved;
    });
    await this.contentVersion.bump(postChangeKeys(updated.id, listsChangedBy(existing, updated)));
    return mapAdminPost(updated, user);
  }

  async delete(id: string, user: StaffUser): Promise<void> {
    const existing = await this.requirePost(id);
    assertMayEdit(existing, user);
    await this.transactions.run(async (manager) => {
      await this.postsRepository.delete(manager, existing.id);
      await this.revisions.deleteFor(manager, 'post', existing.id);
      await this.activity.record(manager, { actor: user, action: 'post.deleted', target: postTarget(existing) });
      if (existing.status === 'published') await this.webhooks.unpublished(manager, existing, 'deleted');
    });
    await this.contentVersion.bump(
      postChangeKeys(existing.id, existing.status === 'published' ? [existing.section] : []),
    );
  }

  /** The post as staff may change it: 404 when unknown, 403 when a consultant may not change it. */
  async requireChangeable(id: string, user: StaffUser): Promise<Post> {
    const post = await this.requirePost(id);
    assertMayEdit(post, user);
    return post;
  }

  private async requirePost(id: string): Promise<Post> {
    const post = isUuid(id) ? await this.postsRepository.findById(id) : null;
    if (!post) throw new ApiError(HttpStatus.NOT_FOUND, messages.postNotFound);
    return post;
  }

  /** A feature image must be an image of the library (400 under its field otherwise). */
  private async assertFeatureImage(dto: SavePostDto): Promise<void> {
    if (dto.featureImageId && !(await this.media.exists(dto.featureImageId)))
      throw new ApiError(HttpStatus.BAD_REQUEST, messages.validationFailed, {
        featureImageId: [mediaMessages.featureImageInvalid],
      });
  }

  private async assertSlugFree(section: Post['section'], slug: string, exceptId?: string): Promise<void> {
    const clash = await this.postsRepository.findBySectionAndSlug(section, slug);
    if (clash && clash.id !== exceptId) throw new ApiError(HttpStatus.CONFLICT, messages.slugTaken);
  }
}

function postTarget(post: Post) {
  return { type: 'post' as const, id: post.id, label: post.title };
}

/** A save that changes the status is a publication or an unpublication; any other save is an update. */
function updateAction(before: PostStatus, after: PostStatus): 'post.published' | 'post.unpublished' | 'post.updated' {
  if (before !== 'published' && after === 'published') return 'post.published';
  if (before === 'published' && after !== 'published') return 'post.unpublished';
  return 'post.updated';
}

/** Columns a save does not write: the post's identity, dates and what the server computes. */
const notRevisedColumns = new Set<string>([
  'id',
  'createdAt',
  'updatedAt',
  'createdById',
  'publishedAt',
  'revisionDate',
  'wordCount',
  'readingTime',
  'importSource',
  'importSourceId',
]);

/**
 * What a revision keeps of a post: every column a save writes, including any added later (the
 * revision then holds it and a restore writes it back). docs/product.md#revisions
 */
export function revisionFields(post: Post): Record<string, unknown> {
  return Object.fromEntries(Object.entries(post).filter(([column]) => !notRevisedColumns.has(column)));
}

/** Consultants change only their own drafts. */
function assertMayEdit(post: Post, user: StaffUser): void {
  if (!postActions(post, user).includes('edit'))
    throw new ApiError(HttpStatus.FORBIDDEN, messages.consultantOwnDraftsOnly);
}

/** The fields a save writes, with word count and reading time computed here (client values are ignored). */
function contentValues(dto: SavePostDto) {
  const wordCount = countWords(dto.body);
  const hasAuthor = Boolean(dto.authorName);
  return {
    section: dto.section,
    slug: dto.slug,
    title: dto.title,
    excerpt: dto.excerpt,
    body: dto.body,
    authorId: hasAuthor ? (dto.authorId ?? null) : null,
    authorName: hasAuthor ? (dto.authorName ?? null) : null,
    authorCredentials: hasAuthor ? (dto.authorCredentials ?? null) : null,
    authorBio: hasAuthor ? (dto.authorBio ?? null) : null,
    tags: normaliseTags(dto.tags ?? []),
    metaDescription: dto.metaDescription ?? null,
    customMetaTags: dto.customMetaTags ?? null,
    featureImageId: dto.featureImageId?.toLowerCase() ?? null,
    wordCount,
    readingTime: readingTimeMinutes(wordCount),
  };
}

/** Trimmed, empties dropped, duplicates removed (first spelling kept). */
export function normaliseTags(tags: string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const tag of tags.map((value) => value.trim()).filter(Boolean)) {
    if (seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    result.push(tag);
  }
  return result;
}

/**
 * The sections whose lists a save changes: those the post enters or leaves (publication, unpublication,
 * a move of a published post). A change to a post that stays listed reaches the lists through its own key.
 */
function listsChangedBy(before: Post, after: Post): string[] {
  const wasListed = before.status === 'published';
  const isListed = after.status === 'published';
  if (!wasListed && !isListed) return [];
  // A published post whose tags change enters or leaves tag lists (/blog/tag/{tag}), which are lists across sections;
  // one credited to another member leaves one profile's articles and enters another's (lists of posts too).
  const sameTags = JSON.stringify(before.tags) === JSON.stringify(after.tags);
  const sameAuthor = before.authorId === after.authorId;
  if (wasListed && isListed && before.section === after.section && sameTags && sameAuthor) return [];
  return [before.section, after.section];
}

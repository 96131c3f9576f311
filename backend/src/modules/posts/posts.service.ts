import { HttpStatus, Injectable } from '@nestjs/common';
import {
  canPublish,
  countWords,
  isPostSection,
  limits,
  pageCount,
  messages,
  readingTimeMinutes,
  type AdminPost,
  type Post as PostResponse,
  type PostPage,
  type PostStatus,
  type PostSummary,
  type StaffIdentity,
} from '@northbeam/common';
import { ApiError } from '../../core/http/api-error.js';
import { storedBody, type StoredBody } from '../../core/http/stored-body.js';
import { ActivityService } from '../activity/activity.service.js';
import { ContentVersionService } from '../content-version/content-version.service.js';
import type { ListPostsQueryDto } from './dto/list-posts-query.dto.js';
import type { SavePostDto } from './dto/save-post.dto.js';
import { mapAdminPost, mapPost, mapPostSummary } from './dto/post-response.dto.js';
import type { Post } from './entities/post.entity.js';
import { PostRedirectsService } from './post-redirects.js';
import { workflowAction, workflowOfSave } from './post-workflow.js';
import { PostsRepository, type PostValues } from './posts.repository.js';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

@Injectable()
export class PostsService {
  private lists: { version: number; bySection: Map<string, Promise<StoredBody>> } = {
    version: Number.NaN,
    bySection: new Map(),
  };

  constructor(
    private readonly postsRepository: PostsRepository,
    private readonly contentVersion: ContentVersionService,
    private readonly activity: ActivityService,
    private readonly redirects: PostRedirectsService,
  ) {}

  /** A page of the published blog for readers (GET /api/posts). */
  async publishedPage(query: ListPostsQueryDto): Promise<PostPage> {
    const pageSize = query.pageSize ?? limits.blogPageSize;
    const page = query.page ?? 1;
    const [posts, total] = await this.postsRepository.findPublishedPage({
      section: query.section,
      search: query.search?.trim() || undefined,
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

  /**
   * GET /api/posts/{section} as stored JSON bytes (ETag, compressed copies), made once per content
   * version: the full list (thousands of posts) is read, serialised and compressed again only after a
   * post changes, on any instance. Kept as bytes: a string of megabytes would be copied and encoded on every request.
   */
  async publishedListJson(section: string): Promise<StoredBody> {
    if (!isPostSection(section)) throw new ApiError(HttpStatus.NOT_FOUND, messages.notFound);
    const version = await this.contentVersion.current();
    if (this.lists.version !== version) this.lists = { version, bySection: new Map() };
    const lists = this.lists;
    let entry = lists.bySection.get(section);
    if (!entry) {
      entry = this.listPublished(section).then((posts) => storedBody(Buffer.from(JSON.stringify(posts), 'utf8')));
      // A failed read is not kept: the next request tries again.
      entry.catch(() => lists.bySection.delete(section));
      lists.bySection.set(section, entry);
    }
    return entry;
  }

  /** A published post; a draft too when a signed-in staff member asks (preview). */
  async findForReader(section: string, slug: string, staff: StaffIdentity | null): Promise<PostResponse> {
    const post = isPostSection(section) ? await this.postsRepository.findBySectionAndSlug(section, slug) : null;
    if (!post || (post.status !== 'published' && !staff))
      throw new ApiError(HttpStatus.NOT_FOUND, messages.postNotFound);
    return mapPost(post);
  }

  async listForStaff(): Promise<AdminPost[]> {
    const posts = await this.postsRepository.findAllNewestFirst();
    return posts.map(mapAdminPost);
  }

  async findForStaff(id: string): Promise<AdminPost> {
    return mapAdminPost(await this.requirePost(id));
  }

  async create(dto: SavePostDto, user: StaffIdentity): Promise<AdminPost> {
    const status = dto.status ?? 'draft';
    if (status === 'published' && !canPublish(user.role))
      throw new ApiError(HttpStatus.FORBIDDEN, messages.onlyAdminsCanPublish);
    await this.assertSlugFree(dto.section, dto.slug);
    const now = new Date();
    const workflow = workflowOfSave(null, status, dto.publishAt, user, now);
    const post = await this.postsRepository.transaction(async (manager) => {
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
      await this.redirects.afterSave(manager, null, created);
      return created;
    });
    await this.contentVersion.bump();
    return mapAdminPost(post);
  }

  async update(id: string, dto: SavePostDto, user: StaffIdentity): Promise<AdminPost> {
    const existing = await this.requirePost(id);
    const status = dto.status ?? 'draft';
    if (!canPublish(user.role)) {
      if (status === 'published') throw new ApiError(HttpStatus.FORBIDDEN, messages.onlyAdminsCanPublish);
      assertConsultantMayChange(existing, user);
    }
    if (dto.section !== existing.section || dto.slug !== existing.slug)
      await this.assertSlugFree(dto.section, dto.slug, existing.id);
    const now = new Date();
    const values: Partial<PostValues> = { ...contentValues(dto), ...workflowOfSave(existing, status, dto.publishAt, user, now) };
    if (status === 'published' && !existing.publishedAt) values.publishedAt = now;
    // Editing what readers can already see is a revision; the first publication is not.
    if (existing.status === 'published') values.revisionDate = now;
    const updated = await this.postsRepository.transaction(async (manager) => {
      const saved = await this.postsRepository.update(manager, existing.id, values);
      await this.activity.record(manager, {
        actor: user,
        action: workflowAction(existing.status, status) ?? updateAction(existing.status, status),
        target: postTarget(saved),
      });
      await this.redirects.afterSave(manager, existing, saved);
      return saved;
    });
    await this.contentVersion.bump();
    return mapAdminPost(updated);
  }

  async delete(id: string, user: StaffIdentity): Promise<void> {
    const existing = await this.requirePost(id);
    if (!canPublish(user.role)) assertConsultantMayChange(existing, user);
    await this.postsRepository.transaction(async (manager) => {
      await this.postsRepository.delete(manager, existing.id);
      await this.activity.record(manager, { actor: user, action: 'post.deleted', target: postTarget(existing) });
    });
    await this.contentVersion.bump();
  }

  private async requirePost(id: string): Promise<Post> {
    const post = uuidPattern.test(id) ? await this.postsRepository.findById(id) : null;
    if (!post) throw new ApiError(HttpStatus.NOT_FOUND, messages.postNotFound);
    return post;
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

/** Consultants change only their own drafts. */
function assertConsultantMayChange(post: Post, user: StaffIdentity): void {
  if (post.createdById !== user.id || post.status !== 'draft')
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

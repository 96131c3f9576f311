import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository, type EntityManager, type SelectQueryBuilder } from 'typeorm';
import type { PostSection, PostStatus } from '@northbeam/common';
import { returnedRows } from '../../database/query-result.js';
import { Post } from './entities/post.entity.js';

const summaryColumns = {
  id: true,
  section: true,
  slug: true,
  title: true,
  excerpt: true,
  status: true,
  authorId: true,
  authorName: true,
  authorCredentials: true,
  authorBio: true,
  tags: true,
  metaDescription: true,
  customMetaTags: true,
  wordCount: true,
  readingTime: true,
  createdById: true,
  createdAt: true,
  updatedAt: true,
  publishedAt: true,
  revisionDate: true,
  featureImageId: true,
} as const;

/** What staff see of a post beside the summary (docs/product.md#publishing). */
const staffColumns = ['publishAt', 'reviewNote'] as const;

/** A search of title or slug, case-insensitive, the search taken literally (`%` and `_` are not wildcards). */
function whereTitleOrSlugMatches(query: SelectQueryBuilder<Post>, search: string): void {
  const pattern = `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  query.andWhere('(post.title ILIKE :pattern OR post.slug ILIKE :pattern)', { pattern });
}

/** The feature image's fields a page needs (never the stored bytes). */
const featureImageColumns = { id: true, alt: true, width: true, height: true, format: true } as const;
const withFeatureImage = { featureImage: true } as const;

export type PostValues = Omit<Post, 'id' | 'createdAt' | 'updatedAt' | 'featureImage' | 'featureImageId'> & {
  featureImageId?: string | null;
};

@Injectable()
export class PostsRepository {
  constructor(@InjectRepository(Post) private readonly posts: Repository<Post>) {}

  /** Published posts of a section, newest first, without their bodies. */
  findPublishedSummaries(section: PostSection): Promise<Post[]> {
    return this.posts.find({
      select: { ...summaryColumns, featureImage: featureImageColumns },
      relations: withFeatureImage,
      where: { section, status: 'published' },
      order: { createdAt: 'DESC', id: 'ASC' },
    });
  }

  /**
   * One page of published summaries, newest first, optionally of one section and matching a search
   * over title, excerpt, author name and section (case-insensitive). Work does not grow with the
   * bodies of the posts: they are never read.
   */
  async findPublishedPage(filter: {
    section?: PostSection;
    search?: string;
    /** A tag's slug (`tagSlug`): the posts with a tag that reads so. */
    tag?: string;
    offset: number;
    limit: number;
  }): Promise<[Post[], number]> {
    const query = this.summaries(Object.keys(summaryColumns)).where('post.status = :status', { status: 'published' });
    if (filter.section) query.andWhere('post.section = :section', { section: filter.section });
    if (filter.tag)
      // The slug rule of common/src/slugify.ts, in SQL.
      query.andWhere(
        `EXISTS (SELECT 1 FROM jsonb_array_elements_text(post.tags) AS tag(name)
                  WHERE regexp_replace(regexp_replace(lower(tag.name), '[^a-z0-9]+', '-', 'g'), '^-+|-+$', '', 'g') = :tag)`,
        { tag: filter.tag },
      );
    if (filter.search) {
      const pattern = `%${filter.search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
      query.andWhere(
        '(post.title ILIKE :pattern OR post.excerpt ILIKE :pattern OR post.authorName ILIKE :pattern OR post.section ILIKE :pattern)',
        { pattern },
      );
    }
    return newestFirstPage(query, filter);
  }

  /**
   * One page of every post for the staff list, newest first, without bodies: optionally of one
   * section and status, and matching a search over title and slug (case-insensitive). The order is
   * served by posts_created_idx, so a page reads 15 rows whatever the number of posts.
   */
  findStaffPage(filter: {
    section?: PostSection;
    status?: PostStatus;
    search?: string;
    offset: number;
    limit: number;
  }): Promise<[Post[], number]> {
    const query = this.summaries([...Object.keys(summaryColumns), ...staffColumns]);
    if (filter.section) query.andWhere('post.section = :section', { section: filter.section });
    if (filter.status) query.andWhere('post.status = :status', { status: filter.status });
    if (filter.search) whereTitleOrSlugMatches(query, filter.search);
    return newestFirstPage(query, filter);
  }

  /** Posts with `columns` and their feature image, bodies never read. */
  private summaries(columns: string[]): SelectQueryBuilder<Post> {
    return this.posts
      .createQueryBuilder('post')
      .select(columns.map((column) => `post.${column}`))
      .leftJoin('post.featureImage', 'featureImage')
      .addSelect(Object.keys(featureImageColumns).map((column) => `featureImage.${column}`));
  }

  /** How many posts match a staff search (title or slug), by section and status: one grouped count. */
  async countStaffMatches(search?: string): Promise<{ section: PostSection; status: PostStatus; count: number }[]> {
    const query = this.posts
      .createQueryBuilder('post')
      .select('post.section', 'section')
      .addSelect('post.status', 'status')
      .addSelect('COUNT(*)', 'count')
      .groupBy('post.section')
      .addGroupBy('post.status')
      .orderBy('post.section')
      .addOrderBy('post.status');
    if (search) whereTitleOrSlugMatches(query, search);
    const rows = await query.getRawMany<{ section: PostSection; status: PostStatus; count: string | number }>();
    return rows.map((row) => ({ section: row.section, status: row.status, count: Number(row.count) }));
  }

  findBySectionAndSlug(section: PostSection, slug: string): Promise<Post | null> {
    return this.posts.findOne({ where: { section, slug }, relations: withFeatureImage });
  }

  findById(id: string): Promise<Post | null> {
    return this.posts.findOne({ where: { id }, relations: withFeatureImage });
  }

  count(): Promise<number> {
    return this.posts.count();
  }

  countByStatus(status: PostStatus): Promise<number> {
    return this.posts.countBy({ status });
  }

  /** Whether a scheduled post is due at `now`: one indexed read, no lock. */
  async hasScheduledDue(now: Date): Promise<boolean> {
    const [due] = await this.posts.query<unknown[]>(
      `SELECT 1 FROM "posts" WHERE "status" = 'scheduled' AND "publish_at" <= $1 LIMIT 1`,
      [now],
    );
    return due !== undefined;
  }

  /**
   * Publishes every scheduled post due at `now` (a post published before keeps its `publishedAt`) and
   * answers the posts published. The status in the WHERE clause makes the change safe on its own: a
   * row published meanwhile is skipped.
   */
  async publishScheduledDue(
    manager: EntityManager,
    now: Date,
  ): Promise<{ id: string; title: string; section: string; slug: string; createdById: string | null }[]> {
    const result: unknown = await manager.query(
      `UPDATE "posts"
          SET "status" = 'published', "published_at" = COALESCE("published_at", $1), "publish_at" = NULL, "updated_at" = now()
        WHERE "status" = 'scheduled' AND "publish_at" <= $1
      RETURNING "id", "title", "section", "slug", "created_by_id" AS "createdById"`,
      [now],
    );
    return returnedRows<{ id: string; title: string; section: string; slug: string; createdById: string | null }>(
      result,
    );
  }

  async create(manager: EntityManager, values: PostValues): Promise<Post> {
    const posts = manager.getRepository(Post);
    const saved = await posts.save(posts.create(values));
    return (await posts.findOne({ where: { id: saved.id }, relations: withFeatureImage }))!;
  }

  async update(manager: EntityManager, id: string, values: Partial<PostValues>): Promise<Post> {
    const posts = manager.getRepository(Post);
    await posts.update({ id }, values);
    return (await posts.findOne({ where: { id }, relations: withFeatureImage }))!;
  }

  async delete(manager: EntityManager, id: string): Promise<void> {
    await manager.getRepository(Post).delete({ id });
  }
}

/** One page of a list, newest first (ties by id, so pages never overlap), with the total. */
function newestFirstPage(
  query: SelectQueryBuilder<Post>,
  page: { offset: number; limit: number },
): Promise<[Post[], number]> {
  return query
    .orderBy('post.createdAt', 'DESC')
    .addOrderBy('post.id', 'ASC')
    .offset(page.offset)
    .limit(page.limit)
    .getManyAndCount();
}

import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository, type EntityManager } from 'typeorm';
import type { PostSection, PostStatus } from '@northbeam/common';
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
    offset: number;
    limit: number;
  }): Promise<[Post[], number]> {
    const query = this.posts
      .createQueryBuilder('post')
      .select(Object.keys(summaryColumns).map((column) => `post.${column}`))
      .leftJoin('post.featureImage', 'featureImage')
      .addSelect(Object.keys(featureImageColumns).map((column) => `featureImage.${column}`))
      .where('post.status = :status', { status: 'published' });
    if (filter.section) query.andWhere('post.section = :section', { section: filter.section });
    if (filter.search) {
      const pattern = `%${filter.search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
      query.andWhere(
        '(post.title ILIKE :pattern OR post.excerpt ILIKE :pattern OR post.authorName ILIKE :pattern OR post.section ILIKE :pattern)',
        { pattern },
      );
    }
    return query
      .orderBy('post.createdAt', 'DESC')
      .addOrderBy('post.id', 'ASC')
      .offset(filter.offset)
      .limit(filter.limit)
      .getManyAndCount();
  }

  findBySectionAndSlug(section: PostSection, slug: string): Promise<Post | null> {
    return this.posts.findOne({ where: { section, slug }, relations: withFeatureImage });
  }

  findAllNewestFirst(): Promise<Post[]> {
    return this.posts.find({ order: { createdAt: 'DESC', id: 'ASC' }, relations: withFeatureImage });
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

  /** Runs `work` in one transaction: a change and its activity-log line commit together. */
  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.posts.manager.transaction(work);
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

import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { PostSection } from '@northbeam/common';
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
} as const;

export type PostValues = Omit<Post, 'id' | 'createdAt' | 'updatedAt'>;

@Injectable()
export class PostsRepository {
  constructor(@InjectRepository(Post) private readonly posts: Repository<Post>) {}

  /** Published posts of a section, newest first, without their bodies. */
  findPublishedSummaries(section: PostSection): Promise<Post[]> {
    return this.posts.find({
      select: summaryColumns,
      where: { section, status: 'published' },
      order: { createdAt: 'DESC', id: 'ASC' },
    });
  }

  findBySectionAndSlug(section: PostSection, slug: string): Promise<Post | null> {
    return this.posts.findOneBy({ section, slug });
  }

  findAllNewestFirst(): Promise<Post[]> {
    return this.posts.find({ order: { createdAt: 'DESC', id: 'ASC' } });
  }

  findById(id: string): Promise<Post | null> {
    return this.posts.findOneBy({ id });
  }

  count(): Promise<number> {
    return this.posts.count();
  }

  create(values: PostValues): Promise<Post> {
    return this.posts.save(this.posts.create(values));
  }

  async update(id: string, values: Partial<PostValues>): Promise<Post> {
    await this.posts.update({ id }, values);
    return (await this.findById(id))!;
  }

  async delete(id: string): Promise<void> {
    await this.posts.delete({ id });
  }
}

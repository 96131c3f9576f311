import {
  postActions,
  type AdminPost,
  type AdminPostSummary,
  type Post as PostResponse,
  type PostSummary,
  type StaffUser,
} from '@northbeam/common';
import { isoTimestamp } from '../../../database/query-result.js';
import type { Post } from '../entities/post.entity.js';
import { mapMediaImage } from '../../media/dto/media.dto.js';

export function mapPostSummary(post: Post): PostSummary {
  return {
    id: post.id,
    section: post.section,
    slug: post.slug,
    title: post.title,
    excerpt: post.excerpt,
    status: post.status,
    authorId: post.authorId,
    authorName: post.authorName,
    authorCredentials: post.authorCredentials,
    authorBio: post.authorBio,
    tags: post.tags,
    metaDescription: post.metaDescription,
    customMetaTags: post.customMetaTags,
    wordCount: post.wordCount,
    readingTime: post.readingTime,
    createdAt: post.createdAt.toISOString(),
    updatedAt: post.updatedAt.toISOString(),
    publishedAt: isoTimestamp(post.publishedAt),
    revisionDate: isoTimestamp(post.revisionDate),
    featureImage: post.featureImage ? mapMediaImage(post.featureImage) : null,
  };
}

export function mapPost(post: Post): PostResponse {
  return { ...mapPostSummary(post), body: post.body };
}

/** Staff see who created the post and what `user` may do with it (consultants may change only their own drafts). */
export function mapAdminPost(post: Post, user: StaffUser): AdminPost {
  return {
    ...mapPost(post),
    createdById: post.createdById,
    publishAt: isoTimestamp(post.publishAt),
    reviewNote: post.reviewNote,
    actions: postActions(post, user),
  };
}

/** A row of the staff posts list: what staff see of a post, without its text, and what `user` may do with it. */
export function mapAdminPostSummary(post: Post, user: StaffUser): AdminPostSummary {
  return {
    ...mapPostSummary(post),
    createdById: post.createdById,
    publishAt: isoTimestamp(post.publishAt),
    reviewNote: post.reviewNote,
    actions: postActions(post, user),
  };
}

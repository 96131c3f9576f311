import type { PostPage, PostSummary } from '@northbeam/common';

/**
 * What the site's lists show of a listed post (the blog's cards, the home page's insights, an
 * article's "More from"): the route data keeps only these fields, as the browser reads no other
 * and the server sends route data again as hydration data.
 */
export type PostCardData = Pick<
  PostSummary,
  | 'id'
  | 'section'
  | 'slug'
  | 'title'
  | 'excerpt'
  | 'authorId'
  | 'authorName'
  | 'createdAt'
  | 'readingTime'
  | 'featureImage'
>;

export function postCardData(post: PostSummary): PostCardData {
  const { id, section, slug, title, excerpt, authorId, authorName, createdAt, readingTime, featureImage } = post;
  return { id, section, slug, title, excerpt, authorId, authorName, createdAt, readingTime, featureImage };
}

/** A page of the post list, as the site's lists show it. */
export type PostCardPage = Omit<PostPage, 'items'> & { items: PostCardData[] };

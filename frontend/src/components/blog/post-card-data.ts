import type { PostPage, PostSummary } from '@northbeam/common';

/**
 * What the site's lists show of a listed post (the blog's cards, the home page's insights, an
 * article's "More from"). On the server the route data keeps only these fields: it goes to the browser
 * again as hydration data, and the browser reads no other. Callers trim under `import.meta.env.SSR`,
 * so that in the browser, where the data goes nowhere, neither the work nor this module is there.
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

import type { MediaImage } from './media.js';
import type { PostAction } from './publishing.js';
export const postSections = ['labs', 'consulting'] as const;
export type PostSection = (typeof postSections)[number];

/** `in_review` and `scheduled`: docs/product.md#publishing. */
export const postStatuses = ['draft', 'in_review', 'scheduled', 'published'] as const;
export type PostStatus = (typeof postStatuses)[number];

export const staffRoles = ['super_admin', 'admin', 'consultant', 'privacy_officer'] as const;
export type StaffRole = (typeof staffRoles)[number];

export function isPostSection(value: string | undefined | null): value is PostSection {
  return value === 'labs' || value === 'consulting';
}

export const sectionLabels: Record<PostSection, string> = {
  labs: 'Labs',
  consulting: 'Consulting',
};

export const sectionColours: Record<PostSection, string> = {
  labs: '#83FAFD',
  consulting: '#EFBBFF',
};

/** A post as public list calls return it: every field but body. */
export interface PostSummary {
  id: string;
  section: PostSection;
  slug: string;
  title: string;
  excerpt: string;
  status: PostStatus;
  authorId: string | null;
  authorName: string | null;
  authorCredentials: string | null;
  authorBio: string | null;
  tags: string[];
  metaDescription: string | null;
  customMetaTags: string | null;
  wordCount: number;
  readingTime: number;
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
  revisionDate: string | null;
  /** The post's feature image from the media library (docs/product.md#media); absent or null when none. */
  featureImage?: MediaImage | null;
}

/**
 * What the site's lists show of a listed post (the blog's cards, the home page's insights, an
 * article's "More from"). The front end's server keeps only these fields in route data: it goes to the
 * browser again as hydration data, and the browser reads no other. It trims under
 * `import.meta.env.SSR`, so that the browser, where the data goes nowhere, does no such work.
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

export interface Post extends PostSummary {
  body: string;
  /** The library images the body shows (`/media/{id}/…`), by id: their sizes for `srcset` and dimensions. */
  bodyImages?: Record<string, MediaImage>;
}

/** A post as the staff calls return it: with the staff account that created it. */
export interface AdminPost extends Post {
  createdById: string | null;
  /** When a scheduled post goes live (ISO); null unless the status is scheduled. */
  publishAt: string | null;
  /** The note of the admin who last sent the post back to its author; cleared when it is submitted again. */
  reviewNote: string | null;
  /** What the signed-in staff member may do with the post now (`postActions`). */
  actions: PostAction[];
}

/**
 * A row of the staff posts list (`GET /api/admin/posts?page=&section=&status=&q=`): an AdminPost without
 * its text, with what the signed-in staff member may do with it, so that the list offers nothing the
 * server would refuse.
 */
export type AdminPostSummary = Omit<AdminPost, 'body' | 'bodyImages'>;

/** `GET /api/admin/posts/counts?q=`: how many posts match the search, by section and status (the list's filter buttons). */
export interface AdminPostCount {
  section: PostSection;
  status: PostStatus;
  count: number;
}

/** Error body of every non-2xx /api answer. */
export interface ApiErrorBody {
  statusCode: number;
  error: string;
  fieldErrors?: Record<string, string[]>;
}

/** One page of a post list: `GET /api/posts?section=&search=&page=&pageSize=` (published only). */
export interface PostPage {
  items: PostSummary[];
  total: number;
  page: number;
  pageSize: number;
  totalPages: number;
}

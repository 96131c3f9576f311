/** Revisions and autosaves of edited content (posts; case studies' revisions): what the browser and the server share. */
import type { CaseStudyFields } from './case-studies.js';
import type { PostSection, PostStatus } from './types.js';

/** What a revision or an autosave belongs to. One table holds them all (docs/product.md#revisions). */
export const revisionKinds = ['post', 'case-study'] as const;
export type RevisionKind = (typeof revisionKinds)[number];

export const revisionLimits = {
  /** Revisions per page of `GET /api/admin/posts/{id}/revisions`. */
  listPageSize: 15,
  /** The editor saves an autosave at most this often while the text changes. */
  autosaveIntervalMs: 10_000,
} as const;

/** What a revision and an autosave of a post both keep. */
interface PostTextFields {
  title: string;
  slug: string;
  excerpt: string;
  body: string;
  authorId: string | null;
  authorName: string | null;
  authorCredentials: string | null;
  authorBio: string | null;
  tags: string[];
  metaDescription: string | null;
  customMetaTags: string | null;
}

/**
 * The editable fields of a post as a revision keeps them (every field a save writes). Fields added to
 * posts later are kept too: a revision stores what the save wrote, and a restore writes them back.
 */
export interface PostRevisionFields extends PostTextFields {
  section: PostSection;
  status: PostStatus;
  [field: string]: unknown;
}

/** A row of the editor's revisions list (`GET /api/admin/posts/{id}/revisions?page=`), newest first. */
export interface RevisionSummary {
  id: string;
  createdAt: string;
  /** Who saved it; null once their account is removed and for saves nobody made (seed, command line). */
  author: { id: string | null; name: string } | null;
  title: string;
  /** The revision this save restored, when it was a restore. */
  restoredFrom: { id: string; createdAt: string } | null;
}

/**
 * One revision of a case study with its fields (`GET /api/admin/case-studies/{id}/revisions/{revisionId}`):
 * every field a save writes (the status is not one of them).
 */
export interface CaseStudyRevision extends RevisionSummary {
  fields: Partial<CaseStudyFields>;
}

/** One revision with its fields (`GET /api/admin/posts/{id}/revisions/{revisionId}`). */
export interface PostRevision extends RevisionSummary {
  fields: PostRevisionFields;
}

/**
 * The text the editor keeps on the server while someone edits (`PUT /api/admin/posts/{id}/autosave`):
 * one per post and person, never the live post. Every field as the editor holds it, maybe unfinished.
 */
export interface PostAutosaveFields extends PostTextFields {
  /** Empty while the editor has no section chosen yet. */
  section: PostSection | '';
}

/** `GET /api/admin/posts/{id}/autosave`: the caller's own autosave of the post, if any. */
export interface PostAutosaveResponse {
  autosave: { savedAt: string; fields: PostAutosaveFields } | null;
}

/** User-facing sentences of revisions, autosave and live posts (exact). */
export const revisionMessages = {
  revisionNotFound: 'Revision not found',
  /** "Save Draft" on a published post asks this first. */
  unpublishConfirm: 'This will take the post off the site. Continue?',
  restored: 'Revision restored',
  restoreConfirmTitle: 'Restore this revision?',
  restoreConfirmDraft:
    'The post will be saved with the text of this revision. Your unsaved changes in the editor will be replaced.',
  restoreConfirmLive:
    'The post will be saved with the text of this revision and the live article will change at once. Your unsaved changes in the editor will be replaced.',
  caseStudyRestoreConfirmDraft:
    'The case study will be saved with the fields of this revision. Your unsaved changes in the editor will be replaced.',
  caseStudyRestoreConfirmLive:
    'The case study will be saved with the fields of this revision and its public page will change at once. Your unsaved changes in the editor will be replaced.',
  autosaveOfferTitle: 'A newer autosave of this post exists',
  leaveTitle: 'Leave without saving?',
  leaveDescription: 'Your changes to this post have not been saved.',
} as const;

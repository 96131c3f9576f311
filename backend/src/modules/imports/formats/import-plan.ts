import type { ImportKind, ImportSectionMapping, PostSection } from '@northbeam/common';

/** One post as an importer read it, before anything is written: the rest of the run works from this. */
export interface PlannedPost {
  /** The id the source gave it (WordPress guid, Ghost uuid): a second import of the same file finds it. */
  sourceId: string;
  title: string;
  slug: string;
  status: 'published' | 'draft';
  /** ISO 8601; null for a draft without a date. */
  publishedAt: string | null;
  markdown: string;
  excerpt: string;
  metaDescription: string | null;
  tags: string[];
  authorName: string | null;
  /** The WordPress category or Ghost primary tag the section mapping reads. */
  category: string | null;
  featureImage: { url: string; alt: string } | null;
  /** Images in the body, in order. */
  images: { url: string; alt: string }[];
  /** The address the post had on the old site (a path), for its redirect; null when it had none worth keeping. */
  oldPath: string | null;
  /** Sentences about this post (without its title: the runner prefixes it). */
  notes: string[];
}

/** A file as an importer read it: its posts and what it says about the rest. */
export interface ImportPlan {
  kind: Exclude<ImportKind, 'northbeam'>;
  posts: PlannedPost[];
  /** Sentences about the file as a whole (pages not imported, unknown statuses…). */
  problems: string[];
}

/** The section a category goes to unless the person importing chooses otherwise: the one whose name fits, else Consulting. */
export function defaultSection(category: string | null): PostSection {
  if (category && /\blabs?\b/i.test(category)) return 'labs';
  return 'consulting';
}

/** Plural-aware count for sentences: "1 page", "3 pages". */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

/** The section of a category: as the mapping says, else its default. */
export function sectionFor(mapping: ImportSectionMapping, category: string | null): PostSection {
  const key = category ?? '';
  return Object.prototype.hasOwnProperty.call(mapping, key) ? mapping[key] : defaultSection(category);
}

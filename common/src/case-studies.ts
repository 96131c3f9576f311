/** Case study shapes as the API returns them (docs/product.md#case-studies; snake_case kept). */
import { caseStudyLimits } from './limits.js';
import { isMediaAddressWellFormed, mediaIdOfUrl, type MediaImage } from './media.js';
import { isSitePath } from './site-path.js';

export interface CaseStudyMetric {
  value: string;
  label: string;
  context?: string;
}

export interface CaseStudyImage {
  src: string;
  alt: string;
  caption?: string;
}

export interface CaseStudySummary {
  slug: string;
  title: string;
  summary: string;
  hero_image: string;
  client: string;
  sector: string;
  services: string[];
}

/** A card of the public list (`GET /api/case-studies`). */
export interface CaseStudyCardItem extends CaseStudySummary {
  /** Present when the hero image is a media library image: its size for the card's srcset. */
  hero?: MediaImage;
}

export interface CaseStudy extends CaseStudySummary {
  tech: string[];
  /** `YYYY-MM-DD` */
  date: string;
  problem_md: string;
  approach_md: string;
  solution_md: string;
  outcomes_md: string;
  metrics: CaseStudyMetric[];
  gallery: CaseStudyImage[];
  cta: { label: string; href: string };
  seo: { title: string; description: string; image: string };
  link: string | null;
}

/** A case study is a draft (staff only) or published (everyone). */
export const caseStudyStatuses = ['draft', 'published'] as const;
export type CaseStudyStatus = (typeof caseStudyStatuses)[number];

export const caseStudyStatusLabels: Record<CaseStudyStatus, string> = {
  draft: 'Draft',
  published: 'Published',
};

/** `GET /api/case-studies/:slug` as a signed-in member of staff sees a draft (the preview). */
export interface CaseStudyPreview extends CaseStudy {
  /** Present only on a draft shown to staff. */
  draft?: true;
  /** When it was last saved (ISO 8601): the structured data's `dateModified`. */
  updatedAt?: string;
  /** The media library images among its hero, gallery and sharing image, by id: their size and srcset. */
  images: Record<string, MediaImage>;
}

/**
 * The library ids a case study shows (hero image, gallery, sharing image): an address
 * `/media/{id}/{width}.{format}` is a library image, any other is a static file or a web address.
 */
export function caseStudyMediaIds(study: Pick<CaseStudy, 'hero_image' | 'gallery' | 'seo'>): string[] {
  const addresses = [study.hero_image, ...study.gallery.map((image) => image.src), study.seo.image];
  return [...new Set(addresses.map(mediaIdOfUrl).filter((id): id is string => Boolean(id)))];
}

/** The fields staff write: `POST /api/admin/case-studies` (with an optional status) and `PUT /api/admin/case-studies/:id`. */
export type CaseStudyFields = CaseStudy;

export interface SaveCaseStudyRequest extends CaseStudyFields {
  /** On create only; a new case study is a draft unless it says otherwise. */
  status?: CaseStudyStatus;
}

/** `GET /api/admin/case-studies/:id`. */
export interface AdminCaseStudy extends CaseStudy {
  id: string;
  status: CaseStudyStatus;
  createdAt: string;
  updatedAt: string;
  /** What the staff member who asked may do with it (`caseStudyActions`). */
  actions: CaseStudyAction[];
}

/** A row of `/admin/case-studies` (`GET /api/admin/case-studies?page=&status=&q=`). */
export interface AdminCaseStudySummary {
  id: string;
  slug: string;
  title: string;
  client: string;
  sector: string;
  hero_image: string;
  date: string;
  status: CaseStudyStatus;
  updatedAt: string;
  /** What the staff member who asked may do with it (`caseStudyActions`). */
  actions: CaseStudyAction[];
}

export const caseStudyActionNames = ['edit', 'publish', 'unpublish', 'delete'] as const;
export type CaseStudyAction = (typeof caseStudyActionNames)[number];

/** A slug: lower-case letters and numbers in runs joined by single hyphens. */
export const caseStudySlugPattern = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** No white space anywhere in an address. */
const unbroken = /^\S*$/;

/**
 * An image: a path on this site (`/images/…`, `/media/…`: see site-path.ts, so never `/\host`,
 * `/%5Chost` or `/a/..//host`, which a browser reads as another host) or an https address.
 */
export function isCaseStudyImageAddress(value: string): boolean {
  return unbroken.test(value) && (value.startsWith('https://') || isSitePath(value)) && isMediaAddressWellFormed(value);
}

/** The call to action: a path on this site (as for images), a web address or a mailto link. */
export function isCaseStudyCtaHref(value: string): boolean {
  return unbroken.test(value) && (/^(https?:\/\/|mailto:)/.test(value) || isSitePath(value));
}

/** The optional project link: a web address. */
export const caseStudyLinkPattern = /^https?:\/\/\S+$/;

/** Whether `value` is a real calendar day `YYYY-MM-DD` within the years a case study may carry. */
export function isCaseStudyDate(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const year = Number(value.slice(0, 4));
  if (year < caseStudyLimits.yearMin || year > caseStudyLimits.yearMax) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

/**
 * A line in `outcomes_md` where the detail page places the second gallery image (used by the
 * panaquest layout). It is an HTML comment so that any other markdown renderer ignores it.
 */
export const outcomesSplitMarker = '<!-- gallery-split -->';

/**
 * The outcomes as the editor shows them: the text before the split line and, when there is one, the
 * text after it (without the line breaks around the marker). `joinOutcomes` puts them back exactly
 * when the marker has a line of its own after some text (the only way the editor writes it).
 */
export function splitOutcomes(markdown: string): { before: string; after: string | null } {
  const index = markdown.indexOf(outcomesSplitMarker);
  if (index < 0) return { before: markdown, after: null };
  return {
    before: markdown.slice(0, index).replace(/\n$/, ''),
    after: markdown.slice(index + outcomesSplitMarker.length).replace(/^\n/, ''),
  };
}

export function joinOutcomes(before: string, after: string | null): string {
  return after === null ? before : `${before}\n${outcomesSplitMarker}\n${after}`;
}

/** An item of the Simulation Creation feed (GET /api/rss/simulation-creation). */
export interface FeedItem {
  title: string;
  link: string;
  category: string;
  pubDate: string;
  description: string;
}

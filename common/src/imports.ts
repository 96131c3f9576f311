/** Importing a WordPress or Ghost site (docs/import.md): what the browser and the server share. */
import type { PostSection } from './types.js';

/** The importers: WordPress, Ghost and this site's own export (docs/export-format.md). */
export const importKinds = ['wordpress', 'ghost', 'northbeam'] as const;
export type ImportKind = (typeof importKinds)[number];

export const importStates = ['queued', 'running', 'done', 'failed'] as const;
export type ImportState = (typeof importStates)[number];

/** What an import counts (case studies, team members and settings come only from this site's own export). */
export const importCountKinds = [
  'posts',
  'tags',
  'authors',
  'images',
  'redirects',
  'caseStudies',
  'teamMembers',
  'settings',
] as const;
export type ImportCountKind = (typeof importCountKinds)[number];

export interface ImportCount {
  imported: number;
  skipped: number;
  failed: number;
}
export type ImportCounts = Record<ImportCountKind, ImportCount>;

export function emptyImportCounts(): ImportCounts {
  return {
    posts: { imported: 0, skipped: 0, failed: 0 },
    tags: { imported: 0, skipped: 0, failed: 0 },
    authors: { imported: 0, skipped: 0, failed: 0 },
    images: { imported: 0, skipped: 0, failed: 0 },
    redirects: { imported: 0, skipped: 0, failed: 0 },
    caseStudies: { imported: 0, skipped: 0, failed: 0 },
    teamMembers: { imported: 0, skipped: 0, failed: 0 },
    settings: { imported: 0, skipped: 0, failed: 0 },
  };
}

export const importLimits = {
  /** Largest file accepted: 100 MB, refused while it streams in. */
  fileMaxBytes: 100 * 1024 * 1024,
  /** How long one image may take to fetch. */
  imageTimeoutMs: 10_000,
  /** Problems kept per job (a file with thousands of broken images says so in one more line). */
  problemsMax: 500,
  /** Categories (WordPress) or primary tags (Ghost) listed for the section mapping. */
  categoriesMax: 200,
} as const;

/** Category (WordPress) or primary tag (Ghost) name → the section its posts go to. */
export type ImportSectionMapping = Record<string, PostSection>;

/** `POST /api/admin/imports` with `dryRun=true`: what the run would do; nothing is written. */
export interface ImportPreview {
  dryRun: true;
  kind: ImportKind;
  filename: string;
  /** What the run would bring in (posts: new ones; skipped: already imported from this source). */
  counts: ImportCounts;
  /** Posts by status they would have here. */
  statuses: { published: number; draft: number };
  /** The categories found, each with the section chosen by default. */
  categories: { name: string; posts: number; section: PostSection }[];
  /** Posts whose address is taken by another post: they get `-2`, `-3`… */
  slugClashes: { title: string; slug: string; newSlug: string }[];
  /** Images the posts point at; whether each can be fetched is checked during the run. */
  images: number;
  problems: string[];
}

/** `GET /api/admin/imports/{id}`. */
export interface ImportJob {
  id: string;
  kind: ImportKind;
  filename: string;
  state: ImportState;
  counts: ImportCounts;
  /** Posts handled so far, of `total`. */
  progress: { done: number; total: number };
  problems: string[];
  createdAt: string;
  finishedAt: string | null;
}

export interface ImportStarted {
  id: string;
}

/** User-facing sentences of the importer (exact). */
export const importMessages = {
  fileRequired: 'Choose a WordPress (.xml) or Ghost (.json) export file',
  tooLarge:
    'The file is over 100 MB: export a smaller part of the site (WordPress can export one category or date range at a time)',
  notAFormat: 'This file is neither a WordPress export (WXR .xml) nor a Ghost export (.json)',
  truncated: 'The file ends too early: it looks cut short. Export it again and upload the whole file',
  xmlEntities:
    'The file declares its own XML entities (a DOCTYPE), which a WordPress export never does: it was refused unread',
  mappingInvalid: 'The section mapping must name a section (labs or consulting) for each category',
  jobNotFound: 'Import not found',
  nothingToImport: 'The file holds no posts to import',
} as const;

/** `GET /api/admin/exports/site/summary`: what the site export would hold, and about how big it is. */
export interface SiteExportSummary {
  posts: number;
  caseStudies: number;
  teamMembers: number;
  redirects: number;
  tags: number;
  media: number;
  /** Stored files: every image's original and its variants, and the playbook document. */
  mediaObjects: number;
  /** The bytes of the stored files plus the records as JSON, before compression: the ZIP is about this size or less. */
  bytes: number;
}

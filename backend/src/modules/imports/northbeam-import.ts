import { Injectable } from '@nestjs/common';
import { emptyImportCounts, type ImportCounts, type ImportPreview } from '@northbeam/common';
import type { EntityManager } from 'typeorm';
import { Transactions } from '../../database/transactions.js';
import type { ExportRecord, SiteExportData } from '../site-export/site-export-format.js';
import { addProblem } from './import-problems.js';
import { ImportsRepository, type SiteTable } from './imports.repository.js';

/** A record's label in a sentence: its title, name or path. */
function labelOf(record: ExportRecord): string {
  const label = record.title ?? record.name ?? record.from_path ?? record.filename ?? record.slug ?? record.id;
  return `“${String(label)}”`;
}

/** References to staff accounts name accounts that are not in the export: left empty (docs/export-format.md). */
function withoutStaffReferences(record: ExportRecord): ExportRecord {
  return Object.fromEntries<unknown>(
    Object.entries(record).map(([key, value]) => [key, key.endsWith('_by_id') ? null : value]),
  );
}

/** What one kind of record is called in the counts and in sentences. */
const kinds: Array<{
  table: SiteTable;
  count: keyof ImportCounts;
  records: (site: SiteExportData) => ExportRecord[];
  clash: (record: ExportRecord) => string;
}> = [
  {
    table: 'team_members',
    count: 'teamMembers',
    records: (site) => site.teamMembers,
    clash: (record) => `The team member ${labelOf(record)} clashes with one already here: it was not imported.`,
  },
  {
    table: 'media',
    count: 'images',
    records: (site) => site.media.map((item) => item.record),
    clash: (record) => `The image ${labelOf(record)} clashes with one already here: it was not imported.`,
  },
  {
    table: 'posts',
    count: 'posts',
    records: (site) => site.posts,
    clash: (record) =>
      `${labelOf(record)}: its address /blog/${String(record.section)}/${String(record.slug)} is taken by another post: it was not imported.`,
  },
  {
    table: 'case_studies',
    count: 'caseStudies',
    records: (site) => site.caseStudies,
    clash: (record) =>
      `The case study ${labelOf(record)}: its address is taken by another case study: it was not imported.`,
  },
  {
    table: 'site_settings',
    count: 'settings',
    records: (site) => (site.settings ? [site.settings] : []),
    clash: () => 'The settings of the file could not be written.',
  },
  {
    table: 'redirects',
    count: 'redirects',
    records: (site) => site.redirects,
    clash: (record) =>
      `The redirect from ${String(record.from_path)} clashes with one already here: it was not imported.`,
  },
  {
    table: 'post_redirects',
    count: 'redirects',
    records: (site) => site.postRedirects,
    clash: (record) =>
      `The old address /blog/${String(record.section)}/${String(record.slug)} is kept for another post here: it was not imported.`,
  },
];

/**
 * Imports this site's own export (docs/export-format.md, docs/import.md): every record keeps its id,
 * so a second import of the same file finds each one and creates nothing; a record whose address
 * (slug, redirect path) is taken by another one here is left out and named; nothing here is ever
 * changed. The whole file is written in one transaction: an import that fails leaves the site as it was.
 */
@Injectable()
export class NorthbeamImport {
  constructor(
    private readonly repository: ImportsRepository,
    private readonly transactions: Transactions,
  ) {}

  /** The dry run: what the run would do, from the file and the site as they are now. */
  async preview(site: SiteExportData, filename: string, problems: string[]): Promise<ImportPreview> {
    const counts = await this.transactions
      .run(async (manager) => {
        const planned = await this.plan(manager, site, problems);
        // A dry run writes nothing: the plan's trial inserts are undone.
        throw new PreviewDone(planned);
      })
      .catch((error: unknown) => {
        if (error instanceof PreviewDone) return error.counts;
        throw error;
      });
    const statuses = { published: 0, draft: 0 };
    for (const post of site.posts) {
      if (post.status === 'published') statuses.published += 1;
      else statuses.draft += 1;
    }
    return {
      dryRun: true,
      kind: 'northbeam',
      filename,
      counts,
      statuses,
      // Posts keep their own sections: there is nothing to map.
      categories: [],
      slugClashes: [],
      images: site.media.length,
      problems,
    };
  }

  /** The run: the whole file in one transaction; answers the counts (the problems are added to `problems`). */
  async run(jobId: string, site: SiteExportData, problems: string[]): Promise<ImportCounts> {
    return this.transactions.run(async (manager) => {
      const counts = await this.plan(manager, site, problems, jobId);
      return counts;
    });
  }

  /** Writes every record that is new here, in the order references need (members and media before posts). */
  private async plan(
    manager: EntityManager,
    site: SiteExportData,
    problems: string[],
    jobId?: string,
  ): Promise<ImportCounts> {
    const counts = emptyImportCounts();
    const tagsBefore = await this.repository.tagsInUseIn(manager);
    const leftOut = new Set<string>();
    const objectsOf = new Map(site.media.map((item) => [item.record.id, item.objects]));
    let written = 0;
    for (const kind of kinds) {
      for (const record of kind.records(site)) {
        if (jobId && ++written % 50 === 0) await this.repository.renewLeaseIn(manager, jobId);
        if (await this.repository.recordExists(manager, kind.table, record.id)) {
          counts[kind.count].skipped += 1;
          if (kind.table === 'site_settings') {
            addProblem(problems, 'The site has settings already: they were kept, and the file’s were not applied.');
          }
          continue;
        }
        if (kind.table === 'post_redirects' && leftOut.has(String(record.post_id))) {
          counts[kind.count].failed += 1;
          continue;
        }
        if (await this.repository.insertRecord(manager, kind.table, withoutStaffReferences(record))) {
          counts[kind.count].imported += 1;
          if (kind.table === 'media') {
            for (const object of objectsOf.get(String(record.id)) ?? [])
              await this.repository.insertObject(manager, object);
          }
        } else {
          counts[kind.count].failed += 1;
          leftOut.add(String(record.id));
          addProblem(problems, kind.clash(record));
        }
      }
    }
    // Stored files that belong to no media record (the playbook document): kept when the key is free.
    for (const object of site.otherObjects) await this.repository.insertObject(manager, object);
    for (const tag of site.tags) counts.tags[tagsBefore.has(tag.name.toLowerCase()) ? 'skipped' : 'imported'] += 1;
    return counts;
  }
}

class PreviewDone extends Error {
  constructor(readonly counts: ImportCounts) {
    super('preview');
  }
}

import { HttpStatus, Injectable } from '@nestjs/common';
import {
  emptyImportCounts,
  importLimits,
  importMessages,
  isPostSection,
  type ImportJob,
  type ImportPreview,
  type ImportSectionMapping,
  type ImportStarted,
  type StaffUser,
} from '@northbeam/common';
import { ApiError } from '../../core/http/api-error.js';
import { isUuid } from '../../core/validation/uuid.js';
import { mapImportJob } from './dto/import-job.dto.js';
import type { StartImportDto } from './dto/start-import.dto.js';
import { ImportFileError } from './formats/import-file-error.js';
import { sectionFor, type ImportPlan } from './formats/import-plan.js';
import { siteRecordCount, type NorthbeamPlan } from './formats/northbeam.js';
import { parseUpload } from './formats/parse-upload.js';
import { addProblem } from './import-problems.js';
import { ImportRunner } from './import-runner.js';
import { ImportsRepository } from './imports.repository.js';
import { NorthbeamImport } from './northbeam-import.js';

/** An uploaded file as the multipart parser hands it over. */
export interface UploadedExport {
  originalname: string;
  buffer: Buffer;
  size: number;
}

/** A file name as a label: its folders, control characters and excess length dropped. */
function cleanFilename(name: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/[\p{Cc}\p{Cs}\uFFFE\uFFFF]/gu, '').trim();
  return [...(base || 'export')].slice(0, 200).join('');
}

/** Importing a WordPress or Ghost site (docs/import.md): the dry run, the job, its status. */
@Injectable()
export class ImportsService {
  constructor(
    private readonly repository: ImportsRepository,
    private readonly runner: ImportRunner,
    private readonly northbeam: NorthbeamImport,
  ) {}

  async start(
    file: UploadedExport | undefined,
    body: StartImportDto,
    user: StaffUser,
  ): Promise<ImportPreview | ImportStarted> {
    if (!file || file.size === 0) throw new ApiError(HttpStatus.BAD_REQUEST, importMessages.fileRequired);
    if (file.size > importLimits.fileMaxBytes)
      throw new ApiError(HttpStatus.PAYLOAD_TOO_LARGE, importMessages.tooLarge);
    const mapping = parseMapping(body.sections);
    let plan: ImportPlan | NorthbeamPlan;
    try {
      // In a worker thread: a large file does not hold up the requests of visitors meanwhile.
      plan = await parseUpload(file.buffer);
    } catch (error) {
      if (error instanceof ImportFileError)
        throw new ApiError(error.status, error.detail ?? importMessages[error.reason]);
      throw error;
    }
    if (plan.kind === 'northbeam') return this.startNorthbeam(plan, file, body, user);
    if (plan.posts.length === 0) throw new ApiError(HttpStatus.UNPROCESSABLE_ENTITY, importMessages.nothingToImport);
    const filename = cleanFilename(file.originalname);
    if (body.dryRun === 'true') return this.preview(plan, filename, mapping);
    const problems: string[] = [];
    for (const sentence of plan.problems) addProblem(problems, sentence);
    const id = await this.repository.create({
      kind: plan.kind,
      filename,
      payload: plan,
      total: plan.posts.length,
      mapping,
      counts: emptyImportCounts(),
      problems,
      createdBy: { id: user.id, name: user.name, role: user.role },
    });
    this.runner.kick();
    return { id };
  }

  /** This site's own export: previewed from a trial run that is undone, or stored whole for the job to read. */
  private async startNorthbeam(
    plan: NorthbeamPlan,
    file: UploadedExport,
    body: StartImportDto,
    user: StaffUser,
  ): Promise<ImportPreview | ImportStarted> {
    const total = siteRecordCount(plan.site);
    if (total === 0) throw new ApiError(HttpStatus.UNPROCESSABLE_ENTITY, importMessages.nothingToImport);
    const filename = cleanFilename(file.originalname);
    if (body.dryRun === 'true') return this.northbeam.preview(plan.site, filename, [...plan.problems]);
    const id = await this.repository.create({
      kind: 'northbeam',
      filename,
      payload: null,
      file: file.buffer,
      total,
      mapping: {},
      counts: emptyImportCounts(),
      problems: [...plan.problems],
      createdBy: { id: user.id, name: user.name, role: user.role },
    });
    this.runner.kick();
    return { id };
  }

  async job(id: string): Promise<ImportJob> {
    const row = isUuid(id) ? await this.repository.findSummary(id) : null;
    if (!row) throw new ApiError(HttpStatus.NOT_FOUND, importMessages.jobNotFound);
    return mapImportJob(row);
  }

  /** What the run would do, from the file and the site as they are now; nothing is written. */
  private async preview(plan: ImportPlan, filename: string, mapping: ImportSectionMapping): Promise<ImportPreview> {
    const counts = emptyImportCounts();
    const problems: string[] = [];
    for (const sentence of plan.problems) addProblem(problems, sentence);
    const imported = await this.repository.findImportedPost(
      plan.kind,
      plan.posts.map((post) => post.sourceId),
    );
    const slugs = await this.repository.slugsBySection();
    const tagsInUse = await this.repository.tagsInUse();
    const members = await this.repository.teamMembersByName();
    const categories = new Map<string, number>();
    const tags = new Set<string>();
    const authors = new Set<string>();
    const images = new Set<string>();
    const slugClashes: ImportPreview['slugClashes'] = [];
    const statuses = { published: 0, draft: 0 };
    for (const post of plan.posts) {
      if (imported.has(post.sourceId)) {
        counts.posts.skipped += 1;
        if (post.oldPath && post.status === 'published') counts.redirects.skipped += 1;
        continue;
      }
      if (!post.markdown.trim()) {
        counts.posts.failed += 1;
        addProblem(problems, `“${post.title}”: has no text, and a post here needs one: it would not be imported.`);
        continue;
      }
      counts.posts.imported += 1;
      statuses[post.status] += 1;
      const category = post.category ?? '';
      categories.set(category, (categories.get(category) ?? 0) + 1);
      const section = sectionFor(mapping, post.category);
      const taken = slugs.get(section) ?? new Set<string>();
      let slug = post.slug;
      for (let suffix = 2; taken.has(slug); suffix++) slug = `${post.slug.slice(0, 95)}-${suffix}`;
      if (slug !== post.slug) slugClashes.push({ title: post.title, slug: post.slug, newSlug: slug });
      slugs.set(section, taken.add(slug));
      for (const tag of post.tags) tags.add(tag.toLowerCase());
      if (post.authorName) authors.add(post.authorName.trim());
      if (post.featureImage) images.add(post.featureImage.url);
      for (const image of post.images) images.add(image.url);
      if (post.oldPath && post.status === 'published') counts.redirects.imported += 1;
      for (const note of post.notes) addProblem(problems, `“${post.title}”: ${note}.`);
    }
    for (const tag of tags) counts.tags[tagsInUse.has(tag) ? 'skipped' : 'imported'] += 1;
    counts.authors.imported = authors.size;
    for (const author of authors)
      if (!members.has(author.toLowerCase()))
        addProblem(problems, `The author “${author}” matches no team member: their posts would show the name only.`);
    counts.images.imported = images.size;
    return {
      dryRun: true,
      kind: plan.kind,
      filename,
      counts,
      statuses,
      categories: [...categories]
        .slice(0, importLimits.categoriesMax)
        .map(([name, posts]) => ({ name, posts, section: sectionFor(mapping, name || null) })),
      slugClashes,
      images: images.size,
      problems,
    };
  }
}

/** The `sections` field: a JSON object of category → section; 400 when it is anything else. */
function parseMapping(value: string | undefined): ImportSectionMapping {
  if (!value?.trim()) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new ApiError(HttpStatus.BAD_REQUEST, importMessages.mappingInvalid, {
      sections: [importMessages.mappingInvalid],
    });
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new ApiError(HttpStatus.BAD_REQUEST, importMessages.mappingInvalid, {
      sections: [importMessages.mappingInvalid],
    });
  const mapping: ImportSectionMapping = Object.create(null) as ImportSectionMapping;
  for (const [category, section] of Object.entries(parsed)) {
    if (typeof section !== 'string' || !isPostSection(section))
      throw new ApiError(HttpStatus.BAD_REQUEST, importMessages.mappingInvalid, {
        sections: [importMessages.mappingInvalid],
      });
    mapping[category] = section;
  }
  return { ...mapping };
}

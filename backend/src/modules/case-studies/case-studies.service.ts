import { isDeepStrictEqual } from 'node:util';
import { HttpStatus, Injectable } from '@nestjs/common';
import {
  caseStudyLimits,
  caseStudyMediaIds,
  caseStudyMessages,
  mediaIdOfUrl,
  caseStudyActions,
  messages,
  type ActivityAction,
  type AdminCaseStudy,
  type AdminCaseStudySummary,
  type CaseStudyFields,
  type CaseStudyPreview,
  type CaseStudyStatus,
  type CaseStudyCardItem,
  type ListPage,
  type MediaImage,
  type StaffUser,
  type CaseStudyAction,
} from '@northbeam/common';
import type { EntityManager } from 'typeorm';
import { ApiError } from '../../core/http/api-error.js';
import { caseStudyChangeKeys } from '../../core/http/cdn-cache.js';
import { isUniqueViolation } from '../../core/sql/unique-violation.js';
import { ActivityService } from '../activity/activity.service.js';
import { ContentVersionService } from '../content-version/content-version.service.js';
import { MediaService } from '../media/media.service.js';
import { RevisionsService } from '../revisions/revisions.service.js';
import { CaseStudiesRepository, type CaseStudyValues } from './case-studies.repository.js';
import {
  mapAdminCaseStudy,
  mapAdminCaseStudySummary,
  mapCaseStudy,
  mapCaseStudySummary,
} from './dto/case-study.dto.js';
import type { CaseStudyFieldsDto, SaveCaseStudyDto, ListCaseStudiesQueryDto } from './dto/save-case-study.dto.js';
import type { CaseStudyEntity } from './entities/case-study.entity.js';
import { isUuid } from '../../core/validation/uuid.js';
import { Transactions } from '../../database/transactions.js';

/** Whether a signed-in member of staff may see drafts (the preview of a case study on its public page). */
export function mayPreviewCaseStudies(user: StaffUser | null): boolean {
  return Boolean(user && !user.twoFactorSetupRequired && user.permissions['case-studies'] !== 'none');
}

/**
 * Case studies (docs/product.md#case-studies): the public list and page read published rows only;
 * staff with the case-studies area write every field, publish and unpublish, and preview drafts.
 * Every change is logged and bumps the content version, so that cached pages show it at once.
 */
@Injectable()
export class CaseStudiesService {
  constructor(
    private readonly caseStudiesRepository: CaseStudiesRepository,
    private readonly contentVersion: ContentVersionService,
    private readonly activity: ActivityService,
    private readonly media: MediaService,
    private readonly revisions: RevisionsService,
    private readonly transactions: Transactions,
  ) {}

  /** The public list; a library hero image comes with its size (for the card's srcset). */
  async list(): Promise<CaseStudyCardItem[]> {
    const rows = await this.caseStudiesRepository.findPublishedForIndex();
    const heroIds = rows.map((row) => mediaIdOfUrl(row.hero_image)).filter((id): id is string => Boolean(id));
    const heroes = heroIds.length > 0 ? await this.media.images(heroIds) : new Map<string, MediaImage>();
    return rows.map((row) => {
      const hero = heroes.get(mediaIdOfUrl(row.hero_image) ?? '');
      return hero ? { ...mapCaseStudySummary(row), hero } : mapCaseStudySummary(row);
    });
  }

  /** A published case study; a draft too when staff who may edit case studies ask (the preview, marked `draft`). */
  async get(slug: string, staff: StaffUser | null = null): Promise<CaseStudyPreview> {
    const row = await this.caseStudiesRepository.findBySlug(slug);
    if (!row || (row.status !== 'published' && !mayPreviewCaseStudies(staff)))
      throw new ApiError(HttpStatus.NOT_FOUND, messages.caseStudyNotFound);
    // The library images it shows, for their srcset and dimensions.
    const images = Object.fromEntries(await this.media.images(caseStudyMediaIds(row)));
    const study = { ...mapCaseStudy(row), updatedAt: row.updatedAt.toISOString(), images };
    return row.status === 'published' ? study : { ...study, draft: true };
  }

  async listForStaff(query: ListCaseStudiesQueryDto, user: StaffUser): Promise<ListPage<AdminCaseStudySummary>> {
    const page = query.page ?? 1;
    const pageSize = caseStudyLimits.listPageSize;
    const [rows, total] = await this.caseStudiesRepository.findPage(
      { status: query.status, search: query.q?.trim() || undefined },
      (page - 1) * pageSize,
      pageSize,
    );
    return { items: rows.map((row) => mapAdminCaseStudySummary(row, user)), total, page, pageSize };
  }

  async findForStaff(id: string, user: StaffUser): Promise<AdminCaseStudy> {
    return mapAdminCaseStudy(await this.require(id), user);
  }

  async create(dto: SaveCaseStudyDto, user: StaffUser): Promise<AdminCaseStudy> {
    const status = dto.status ?? 'draft';
    assertMay(null, user, status === 'published' ? 'publish' : 'edit');
    await this.assertSlugFree(dto.slug);
    await this.assertLibraryImages(dto);
    const created = await this.write(
      async (manager) => {
        const row = await this.caseStudiesRepository.create(manager, { ...fieldValues(dto), status });
        // One line per call: a case study created straight into publication is logged as published.
        await this.log(manager, user, status === 'published' ? 'case_study.published' : 'case_study.created', row);
        await this.revisions.record(manager, {
          kind: 'case-study',
          entityId: row.id,
          fields: revisionFields(row),
          author: user,
        });
        return row;
      },
      (row) => caseStudyChangeKeys([row.slug], row.status === 'published'),
    );
    return mapAdminCaseStudy(created, user);
  }

  /**
   * Saves every field and, when the save names one, the status (publishing or unpublishing with the
   * save, in the same transaction). Each save keeps a revision (docs/product.md#revisions); a restore
   * is a save logged `case_study.restored`.
   */
  async update(
    id: string,
    dto: SaveCaseStudyDto,
    user: StaffUser,
    options: { restoredFromId?: string } = {},
  ): Promise<AdminCaseStudy> {
    const existing = await this.require(id);
    assertMay(existing, user, 'edit');
    const status = dto.status ?? existing.status;
    if (status !== existing.status) assertMay(existing, user, status === 'published' ? 'publish' : 'unpublish');
    if (dto.slug !== existing.slug) await this.assertSlugFree(dto.slug, existing.id);
    await this.assertLibraryImages(dto);
    const updated = await this.write(
      async (manager) => {
        const locked = await this.caseStudiesRepository.lockById(manager, existing.id);
        if (!locked) throw new ApiError(HttpStatus.NOT_FOUND, messages.caseStudyNotFound);
        const row = await this.caseStudiesRepository.update(manager, existing.id, { ...fieldValues(dto), status });
        const statusChanged = status !== locked.status;
        if (statusChanged)
          await this.log(
            manager,
            user,
            status === 'published' ? 'case_study.published' : 'case_study.unpublished',
            row,
          );
        // A save that only publishes or unpublishes is that one line, and keeps no revision.
        const fieldsChanged = !isDeepStrictEqual(revisionFields(locked), revisionFields(row));
        if (statusChanged && !fieldsChanged && !options.restoredFromId) return row;
        await this.log(manager, user, options.restoredFromId ? 'case_study.restored' : 'case_study.updated', row);
        await this.revisions.record(manager, {
          kind: 'case-study',
          entityId: row.id,
          fields: revisionFields(row),
          author: user,
          restoredFromId: options.restoredFromId ?? null,
          // A case study saved before revisions were kept (the built-in ones) keeps its earlier state first.
          previous: { fields: revisionFields(locked), savedAt: locked.updatedAt },
        });
        return row;
      },
      (row) => caseStudyChangeKeys([existing.slug, row.slug], row.status !== existing.status),
    );
    return mapAdminCaseStudy(updated, user);
  }

  /**
   * Publishes or unpublishes without a save (the deprecated `POST /:id/publish` and `/:id/unpublish`);
   * asking for the status it already has changes nothing and logs nothing.
   */
  async setStatus(id: string, status: CaseStudyStatus, user: StaffUser): Promise<AdminCaseStudy> {
    const existing = await this.require(id);
    assertMay(existing, user, status === 'published' ? 'publish' : 'unpublish');
    if (existing.status === status) return mapAdminCaseStudy(existing, user);
    const updated = await this.write(
      async (manager) => {
        const locked = await this.caseStudiesRepository.lockById(manager, existing.id);
        if (!locked) throw new ApiError(HttpStatus.NOT_FOUND, messages.caseStudyNotFound);
        if (locked.status === status) return locked;
        const row = await this.caseStudiesRepository.update(manager, existing.id, { status });
        await this.log(manager, user, status === 'published' ? 'case_study.published' : 'case_study.unpublished', row);
        return row;
      },
      (row) => caseStudyChangeKeys([row.slug], true),
    );
    return mapAdminCaseStudy(updated, user);
  }

  async delete(id: string, user: StaffUser): Promise<void> {
    const existing = await this.require(id);
    assertMay(existing, user, 'delete');
    await this.write(
      async (manager) => {
        await this.caseStudiesRepository.delete(manager, existing.id);
        await this.revisions.deleteFor(manager, 'case-study', existing.id);
        await this.log(manager, user, 'case_study.deleted', existing);
      },
      () => caseStudyChangeKeys([existing.slug], existing.status === 'published'),
    );
  }

  /**
   * A change and its activity line in one transaction; then the content version moves on, once the
   * change is visible, so that no page render between the two can be cached under the new version,
   * and the shared cache drops what `changed` names.
   */
  private async write<T>(work: (manager: EntityManager) => Promise<T>, changed: (result: T) => string[]): Promise<T> {
    let result: T;
    try {
      result = await this.transactions.run(work);
    } catch (error) {
      // Two saves that took the same slug at once: the unique constraint decides.
      if (isUniqueViolation(error)) throw new ApiError(HttpStatus.CONFLICT, caseStudyMessages.slugTaken);
      throw error;
    }
    await this.contentVersion.bump(changed(result));
    return result;
  }

  private log(manager: EntityManager, user: StaffUser, action: ActivityAction, row: CaseStudyEntity): Promise<void> {
    return this.activity.record(manager, {
      actor: user,
      action,
      target: { type: 'case_study', id: row.id, label: row.title },
    });
  }

  /** The row, or 404 (for the revisions of a case study). */
  async requireRow(id: string): Promise<CaseStudyEntity> {
    return this.require(id);
  }

  private async require(id: string): Promise<CaseStudyEntity> {
    const row = isUuid(id) ? await this.caseStudiesRepository.findById(id) : null;
    if (!row) throw new ApiError(HttpStatus.NOT_FOUND, messages.caseStudyNotFound);
    return row;
  }

  /** A library address (`/media/{id}/…`) must name an image that is in the library: 400 under its field otherwise. */
  private async assertLibraryImages(dto: CaseStudyFieldsDto): Promise<void> {
    const fields: [string, string][] = [
      ['hero_image', dto.hero_image],
      ...dto.gallery.map((image, index): [string, string] => [`gallery.${index}.src`, image.src]),
      ['seo.image', dto.seo.image],
    ];
    const fieldErrors: Record<string, string[]> = {};
    for (const [field, address] of fields) {
      const id = mediaIdOfUrl(address);
      if (id && !(await this.media.exists(id))) fieldErrors[field] = [caseStudyMessages.imageNotInLibrary];
    }
    if (Object.keys(fieldErrors).length > 0)
      throw new ApiError(HttpStatus.BAD_REQUEST, messages.validationFailed, fieldErrors);
  }

  private async assertSlugFree(slug: string, exceptId?: string): Promise<void> {
    const clash = await this.caseStudiesRepository.findBySlug(slug);
    if (clash && clash.id !== exceptId) throw new ApiError(HttpStatus.CONFLICT, caseStudyMessages.slugTaken);
  }
}

/** Trimmed names, empties dropped, duplicates removed (first spelling kept). */
export function normaliseNames(names: string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const name of names.map((value) => value.trim()).filter(Boolean)) {
    if (seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    result.push(name);
  }
  return result;
}

/** The columns a save writes; optional texts left blank are absent. */
function fieldValues(dto: CaseStudyFieldsDto): Omit<CaseStudyValues, 'status'> {
  return {
    slug: dto.slug,
    title: dto.title,
    summary: dto.summary,
    hero_image: dto.hero_image,
    client: dto.client,
    sector: dto.sector,
    services: normaliseNames(dto.services),
    tech: normaliseNames(dto.tech),
    date: dto.date,
    problem_md: dto.problem_md,
    approach_md: dto.approach_md,
    solution_md: dto.solution_md,
    outcomes_md: dto.outcomes_md,
    metrics: dto.metrics.map(({ value, label, context }) => (context ? { value, label, context } : { value, label })),
    gallery: dto.gallery.map(({ src, alt, caption }) => (caption ? { src, alt, caption } : { src, alt })),
    cta: { label: dto.cta.label, href: dto.cta.href },
    seo: { title: dto.seo.title, description: dto.seo.description, image: dto.seo.image },
    link: dto.link ?? null,
  };
}

/** The fields a revision keeps: every field a save writes, as the API names them (the status is not one). */
export function revisionFields(row: CaseStudyEntity): Record<string, unknown> {
  return { ...(mapCaseStudy(row) satisfies CaseStudyFields) };
}

/** Refuses what `caseStudyActions` does not offer (`caseStudy` null: adding one). */
function assertMay(caseStudy: { id: string } | null, user: StaffUser, action: CaseStudyAction): void {
  if (!caseStudyActions(caseStudy, user).includes(action)) throw new ApiError(HttpStatus.FORBIDDEN, messages.forbidden);
}

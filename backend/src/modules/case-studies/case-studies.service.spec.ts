import { HttpException } from '@nestjs/common';
import { permissionsFor, type StaffRole, type StaffUser } from '@northbeam/common';
import { caseStudySeed } from '../../database/seed/case-studies.js';
import type { ActivityService } from '../activity/activity.service.js';
import type { ContentVersionService } from '../content-version/content-version.service.js';
import type { MediaService } from '../media/media.service.js';
import type { RevisionsService } from '../revisions/revisions.service.js';
import type { CaseStudiesRepository } from './case-studies.repository.js';
import type { Transactions } from '../../database/transactions.js';
import { CaseStudiesService, mayPreviewCaseStudies, normaliseNames } from './case-studies.service.js';
import type { CaseStudyEntity } from './entities/case-study.entity.js';

function entity(slug: string, status: CaseStudyEntity['status'] = 'published'): CaseStudyEntity {
  const seed = caseStudySeed.find((row) => row.slug === slug)!;
  return { ...seed, status, id: `id-${slug}`, createdAt: new Date(), updatedAt: new Date() };
}

function staff(role: StaffRole, twoFactorSetupRequired = false): StaffUser {
  return {
    id: 'u1',
    name: 'Sam',
    email: 'sam@example.com',
    role,
    twoFactorEnabled: true,
    twoFactorSetupRequired,
    permissions: permissionsFor(role),
    teamMemberId: null,
  };
}

function service(overrides: Partial<CaseStudiesRepository>): CaseStudiesService {
  const fail = (name: string) => () => {
    throw new Error(`Unexpected call to ${name}`);
  };
  const repository = {
    findPublishedForIndex: fail('findPublishedForIndex'),
    findBySlug: fail('findBySlug'),
    ...overrides,
  } as unknown as CaseStudiesRepository;
  // The built-in case studies show static files only: no library image to look up.
  const media = { images: () => Promise.resolve(new Map()) } as unknown as MediaService;
  return new CaseStudiesService(
    repository,
    {} as ContentVersionService,
    {} as ActivityService,
    media,
    {} as RevisionsService,
    {} as Transactions,
  );
}

async function statusOf(promise: Promise<unknown>): Promise<number> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof HttpException)) throw new Error('expected an HTTP error');
  return error.getStatus();
}

describe(CaseStudiesService.name, () => {
  describe('list', () => {
    it('maps rows to the index fields only', async () => {
      const [item] = await service({ findPublishedForIndex: () => Promise.resolve([entity('panaquest')]) }).list();
      expect(Object.keys(item).sort()).toEqual([
        'client',
        'hero_image',
        'sector',
        'services',
        'slug',
        'summary',
        'title',
      ]);
    });
  });

  describe('get', () => {
    it('answers the full published case study without its id or status', async () => {
      const caseStudy = await service({ findBySlug: () => Promise.resolve(entity('relative-probability')) }).get(
        'relative-probability',
      );
      expect(caseStudy.metrics.length).toBeGreaterThan(0);
      expect(caseStudy).not.toHaveProperty('id');
      expect(caseStudy).not.toHaveProperty('status');
      expect(caseStudy).not.toHaveProperty('draft');
    });

    it("throws 404 'Case study not found' for an unknown slug", async () => {
      const error = await service({ findBySlug: () => Promise.resolve(null) })
        .get('nope')
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(HttpException);
      expect((error as HttpException).getStatus()).toBe(404);
      expect((error as HttpException).getResponse()).toEqual({ statusCode: 404, error: 'Case study not found' });
    });

    it('hides a draft from visitors and from consultants', async () => {
      const drafts = service({ findBySlug: () => Promise.resolve(entity('panaquest', 'draft')) });
      expect(await statusOf(drafts.get('panaquest'))).toBe(404);
      expect(await statusOf(drafts.get('panaquest', staff('consultant')))).toBe(404);
    });

    it('shows a draft to an admin as a preview marked draft', async () => {
      const caseStudy = await service({ findBySlug: () => Promise.resolve(entity('panaquest', 'draft')) }).get(
        'panaquest',
        staff('admin'),
      );
      expect(caseStudy).toMatchObject({ slug: 'panaquest', draft: true });
    });
  });

  it('lets only staff who may edit case studies, with two-factor sign-in settled, preview drafts', () => {
    expect(mayPreviewCaseStudies(null)).toBe(false);
    expect(mayPreviewCaseStudies(staff('super_admin'))).toBe(true);
    expect(mayPreviewCaseStudies(staff('admin'))).toBe(true);
    expect(mayPreviewCaseStudies(staff('consultant'))).toBe(false);
    expect(mayPreviewCaseStudies(staff('admin', true))).toBe(false);
  });

  it('keeps services and technologies trimmed, without blanks or repeats', () => {
    expect(normaliseNames([' React ', '', 'react', 'Azure'])).toEqual(['React', 'Azure']);
  });

  it('seeds at least six case studies including relative-probability and panaquest', () => {
    expect(caseStudySeed.length).toBeGreaterThanOrEqual(6);
    expect(caseStudySeed.map((row) => row.slug)).toEqual(expect.arrayContaining(['relative-probability', 'panaquest']));
  });
});

import { jest } from '@jest/globals';
import { HttpException } from '@nestjs/common';
import { caseStudySeed } from '../../database/seeds/case-studies.seed.js';
import type { CaseStudiesRepository } from './case-studies.repository.js';
import { CaseStudiesService } from './case-studies.service.js';
import type { CaseStudyEntity } from './entities/case-study.entity.js';

function entity(slug: string): CaseStudyEntity {
  const seed = caseStudySeed.find((row) => row.slug === slug)!;
  return { ...seed, id: `id-${slug}`, createdAt: new Date(), updatedAt: new Date() };
}

function fakeRepository(overrides: Partial<CaseStudiesRepository>): CaseStudiesRepository {
  const fail = (name: string) => () => {
    throw new Error(`Unexpected call to ${name}`);
  };
  return {
    findAllForIndex: fail('findAllForIndex'),
    findBySlug: fail('findBySlug'),
    count: fail('count'),
    insertMissing: fail('insertMissing'),
    ...overrides,
  } as unknown as CaseStudiesRepository;
}

describe(CaseStudiesService.name, () => {
  describe('onApplicationBootstrap', () => {
    it('seeds the built-in case studies into an empty table', async () => {
      const insertMissing = jest.fn<CaseStudiesRepository['insertMissing']>().mockResolvedValue(undefined);
      const service = new CaseStudiesService(fakeRepository({ count: () => Promise.resolve(0), insertMissing }));
      await service.onApplicationBootstrap();
      expect(insertMissing).toHaveBeenCalledWith(caseStudySeed);
    });

    it('leaves a table that already has case studies alone', async () => {
      const service = new CaseStudiesService(fakeRepository({ count: () => Promise.resolve(2) }));
      await expect(service.onApplicationBootstrap()).resolves.toBeUndefined();
    });
  });

  describe('list', () => {
    it('maps rows to the index fields only', async () => {
      const service = new CaseStudiesService(fakeRepository({ findAllForIndex: () => Promise.resolve([entity('panaquest')]) }));
      const [item] = await service.list();
      expect(Object.keys(item).sort()).toEqual(['client', 'hero_image', 'sector', 'services', 'slug', 'summary', 'title']);
    });
  });

  describe('get', () => {
    it('answers the full case study', async () => {
      const service = new CaseStudiesService(fakeRepository({ findBySlug: () => Promise.resolve(entity('relative-probability')) }));
      const caseStudy = await service.get('relative-probability');
      expect(caseStudy.metrics.length).toBeGreaterThan(0);
      expect(caseStudy).not.toHaveProperty('id');
    });

    it("throws 404 'Case study not found' for an unknown slug", async () => {
      const service = new CaseStudiesService(fakeRepository({ findBySlug: () => Promise.resolve(null) }));
      const error = await service.get('nope').catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(HttpException);
      expect((error as HttpException).getStatus()).toBe(404);
      expect((error as HttpException).getResponse()).toEqual({ statusCode: 404, error: 'Case study not found' });
    });
  });

  it('seeds at least six case studies including relative-probability and panaquest', () => {
    expect(caseStudySeed.length).toBeGreaterThanOrEqual(6);
    expect(caseStudySeed.map((row) => row.slug)).toEqual(expect.arrayContaining(['relative-probability', 'panaquest']));
  });
});

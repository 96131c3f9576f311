import {
  caseStudyActions,
  type AdminCaseStudy,
  type AdminCaseStudySummary,
  type CaseStudy,
  type CaseStudySummary,
  type StaffRole,
} from '@northbeam/common';
import type { CaseStudyEntity } from '../entities/case-study.entity.js';

export function mapCaseStudySummary(entity: CaseStudyEntity): CaseStudySummary {
  return {
    slug: entity.slug,
    title: entity.title,
    summary: entity.summary,
    hero_image: entity.hero_image,
    client: entity.client,
    sector: entity.sector,
    services: entity.services,
  };
}

export function mapCaseStudy(entity: CaseStudyEntity): CaseStudy {
  return {
    ...mapCaseStudySummary(entity),
    tech: entity.tech,
    date: entity.date,
    problem_md: entity.problem_md,
    approach_md: entity.approach_md,
    solution_md: entity.solution_md,
    outcomes_md: entity.outcomes_md,
    metrics: entity.metrics,
    gallery: entity.gallery,
    cta: entity.cta,
    seo: entity.seo,
    link: entity.link,
  };
}

/** A case study for the admin, with what `user` may do with it (`caseStudyActions`). */
export function mapAdminCaseStudy(entity: CaseStudyEntity, user: { role: StaffRole }): AdminCaseStudy {
  return {
    id: entity.id,
    ...mapCaseStudy(entity),
    status: entity.status,
    createdAt: entity.createdAt.toISOString(),
    updatedAt: entity.updatedAt.toISOString(),
    actions: caseStudyActions(entity, user),
  };
}

export function mapAdminCaseStudySummary(entity: CaseStudyEntity, user: { role: StaffRole }): AdminCaseStudySummary {
  return {
    id: entity.id,
    slug: entity.slug,
    title: entity.title,
    client: entity.client,
    sector: entity.sector,
    hero_image: entity.hero_image,
    date: entity.date,
    status: entity.status,
    updatedAt: entity.updatedAt.toISOString(),
    actions: caseStudyActions(entity, user),
  };
}

import type { CaseStudy, CaseStudySummary } from '@northbeam/common';
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

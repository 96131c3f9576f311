import { HttpStatus, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { messages, type CaseStudy, type CaseStudySummary } from '@northbeam/common';
import { ApiError } from '../../core/http/api-error.js';
import { caseStudySeed } from '../../database/seeds/case-studies.seed.js';
import { CaseStudiesRepository } from './case-studies.repository.js';
import { mapCaseStudy, mapCaseStudySummary } from './dto/case-study.dto.js';

@Injectable()
export class CaseStudiesService implements OnApplicationBootstrap {
  constructor(private readonly caseStudiesRepository: CaseStudiesRepository) {}

  /** A fresh database starts with the built-in case studies; an edited one is left alone. */
  async onApplicationBootstrap(): Promise<void> {
    if ((await this.caseStudiesRepository.count()) > 0) return;
    await this.caseStudiesRepository.insertMissing(caseStudySeed);
  }

  async list(): Promise<CaseStudySummary[]> {
    const rows = await this.caseStudiesRepository.findAllForIndex();
    return rows.map(mapCaseStudySummary);
  }

  async get(slug: string): Promise<CaseStudy> {
    const row = await this.caseStudiesRepository.findBySlug(slug);
    if (!row) throw new ApiError(HttpStatus.NOT_FOUND, messages.caseStudyNotFound);
    return mapCaseStudy(row);
  }
}

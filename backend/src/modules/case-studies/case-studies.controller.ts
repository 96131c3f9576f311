import { Controller, Get, Param } from '@nestjs/common';
import type { CaseStudy, CaseStudySummary } from '@northbeam/common';
import { CaseStudiesService } from './case-studies.service.js';
import { Public } from '../auth/decorators/access.decorator.js';

@Public()
@Controller('case-studies')
export class CaseStudiesController {
  constructor(private readonly caseStudiesService: CaseStudiesService) {}

  @Get()
  list(): Promise<CaseStudySummary[]> {
    return this.caseStudiesService.list();
  }

  @Get(':slug')
  get(@Param('slug') slug: string): Promise<CaseStudy> {
    return this.caseStudiesService.get(slug);
  }
}

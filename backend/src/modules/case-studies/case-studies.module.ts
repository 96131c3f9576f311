import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ActivityModule } from '../activity/activity.module.js';
import { AuthModule } from '../auth/auth.module.js';
import { MediaModule } from '../media/media.module.js';
import { RevisionsModule } from '../revisions/revisions.module.js';
import { AdminCaseStudiesController, CaseStudiesController } from './case-studies.controller.js';
import { CaseStudiesRepository } from './case-studies.repository.js';
import { CaseStudiesService } from './case-studies.service.js';
import { CaseStudyRevisionsController, CaseStudyRevisionsService } from './case-study-revisions.controller.js';
import { CaseStudyEntity } from './entities/case-study.entity.js';

@Module({
  imports: [TypeOrmModule.forFeature([CaseStudyEntity]), AuthModule, ActivityModule, MediaModule, RevisionsModule],
  controllers: [CaseStudiesController, AdminCaseStudiesController, CaseStudyRevisionsController],
  providers: [CaseStudiesService, CaseStudiesRepository, CaseStudyRevisionsService],
})
export class CaseStudiesModule {}

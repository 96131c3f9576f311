import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CaseStudiesController } from './case-studies.controller.js';
import { CaseStudiesRepository } from './case-studies.repository.js';
import { CaseStudiesService } from './case-studies.service.js';
import { CaseStudyEntity } from './entities/case-study.entity.js';

@Module({
  imports: [TypeOrmModule.forFeature([CaseStudyEntity])],
  controllers: [CaseStudiesController],
  providers: [CaseStudiesService, CaseStudiesRepository],
})
export class CaseStudiesModule {}

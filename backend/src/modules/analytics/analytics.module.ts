import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AnalyticsClock } from './analytics-clock.js';
import { AnalyticsReportRepository } from './analytics-report.repository.js';
import { AnalyticsReportService } from './analytics-report.service.js';
import { AnalyticsRollups } from './analytics-rollups.js';
import { AnalyticsRollupsRepository } from './analytics-rollups.repository.js';
import { AnalyticsController } from './analytics.controller.js';
import { AnalyticsRepository } from './analytics.repository.js';
import { AnalyticsScheduler } from './analytics.scheduler.js';
import { AnalyticsService } from './analytics.service.js';
import { AnalyticsEvent } from './entities/analytics-event.entity.js';
import { ReadingPaths } from './reading-paths.js';
import { ReadingPathsRepository } from './reading-paths.repository.js';
import { VisitSalts } from './visit-salts.js';
import { VisitSaltsRepository } from './visit-salts.repository.js';

@Module({
  imports: [AuthModule, TypeOrmModule.forFeature([AnalyticsEvent])],
  controllers: [AnalyticsController],
  providers: [
    AnalyticsService,
    AnalyticsRepository,
    AnalyticsClock,
    VisitSalts,
    VisitSaltsRepository,
    AnalyticsReportRepository,
    AnalyticsReportService,
    AnalyticsRollups,
    AnalyticsRollupsRepository,
    AnalyticsScheduler,
    ReadingPaths,
    ReadingPathsRepository,
  ],
  exports: [AnalyticsRepository, ReadingPaths, AnalyticsClock],
})
export class AnalyticsModule {}

import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ActivityController } from './activity.controller.js';
import { ActivityRepository } from './activity.repository.js';
import { ActivityService } from './activity.service.js';
import { User } from '../users/entities/user.entity.js';
import { StaffActivity } from './entities/staff-activity.entity.js';

/** The staff activity log. Features import it and call `ActivityService.record(manager, …)` inside their transaction. */
@Module({
  imports: [TypeOrmModule.forFeature([StaffActivity, User])],
  controllers: [ActivityController],
  providers: [ActivityRepository, ActivityService],
  exports: [ActivityService],
})
export class ActivityModule {}

import { Controller, Get, Query } from '@nestjs/common';
import type { ActivityEntry, ListPage, StaffUser } from '@northbeam/common';
import { Access } from '../auth/decorators/access.decorator.js';
import { CurrentUser } from '../auth/decorators/current-user.decorator.js';
import { ActivityService } from './activity.service.js';
import { ListActivityQueryDto } from './dto/list-activity-query.dto.js';

@Controller('admin/activity')
export class ActivityController {
  constructor(private readonly activityService: ActivityService) {}

  /** Everyone with access reads the log; a consultant sees only their own actions. */
  @Get()
  @Access('activity', 'read')
  list(@Query() query: ListActivityQueryDto, @CurrentUser() user: StaffUser): Promise<ListPage<ActivityEntry>> {
    return this.activityService.list(query, user);
  }
}

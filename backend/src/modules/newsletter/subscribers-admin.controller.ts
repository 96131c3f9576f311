import { Controller, Delete, Get, Header, HttpCode, HttpStatus, Param, Query } from '@nestjs/common';
import type { ListPage, StaffUser, SubscriberCounts, SubscriberSummary } from '@northbeam/common';
import { Access } from '../auth/decorators/access.decorator.js';
import { CurrentUser } from '../auth/decorators/current-user.decorator.js';
import { ListSubscribersQueryDto, SubscriberFiltersDto } from './dto/subscribers-admin.dto.js';
import { SubscribersAdminService } from './subscribers-admin.service.js';

/** The admin's subscribers screen (admins only: consultants have no access to subscribers). */
@Controller('admin')
export class SubscribersAdminController {
  constructor(private readonly subscribersAdminService: SubscribersAdminService) {}

  @Get('subscribers')
  @Access('subscribers', 'read')
  list(@Query() query: ListSubscribersQueryDto, @CurrentUser() user: StaffUser): Promise<ListPage<SubscriberSummary>> {
    return this.subscribersAdminService.list(query, user);
  }

  @Get('subscribers.csv')
  @Access('subscribers', 'read')
  @Header('Content-Type', 'text/csv; charset=utf-8')
  @Header('Content-Disposition', 'attachment; filename="subscribers.csv"')
  @Header('Cache-Control', 'no-store')
  exportCsv(@Query() query: SubscriberFiltersDto, @CurrentUser() user: StaffUser): Promise<string> {
    return this.subscribersAdminService.exportCsv(query, user);
  }

  @Get('subscribers/counts')
  @Access('subscribers', 'read')
  counts(): Promise<SubscriberCounts> {
    return this.subscribersAdminService.counts();
  }

  @Delete('subscribers/:id')
  @Access('subscribers', 'all')
  @HttpCode(HttpStatus.NO_CONTENT)
  remove(@Param('id') id: string, @CurrentUser() user: StaffUser): Promise<void> {
    return this.subscribersAdminService.remove(id, user);
  }
}

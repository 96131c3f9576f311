import { Controller, Get, Header, Query } from '@nestjs/common';
import type { ListPage, PlaybookRequestSummary, StaffUser } from '@northbeam/common';
import { Access } from '../auth/decorators/access.decorator.js';
import { CurrentUser } from '../auth/decorators/current-user.decorator.js';
import { ListPlaybookRequestsQueryDto, PlaybookRequestFiltersDto } from './dto/playbook-admin.dto.js';
import { PlaybookAdminService } from './playbook-admin.service.js';

/** The admin's playbook requests screen (admins only). The dashboard card keeps `GET /api/admin/playbook-downloads`. */
@Controller('admin')
export class PlaybookAdminController {
  constructor(private readonly playbookAdminService: PlaybookAdminService) {}

  @Get('playbook-requests')
  @Access('playbook', 'read')
  list(@Query() query: ListPlaybookRequestsQueryDto): Promise<ListPage<PlaybookRequestSummary>> {
    return this.playbookAdminService.list(query);
  }

  @Get('playbook-requests.csv')
  @Access('playbook', 'read')
  @Header('Content-Type', 'text/csv; charset=utf-8')
  @Header('Content-Disposition', 'attachment; filename="playbook-requests.csv"')
  @Header('Cache-Control', 'no-store')
  exportCsv(@Query() query: PlaybookRequestFiltersDto, @CurrentUser() user: StaffUser): Promise<string> {
    return this.playbookAdminService.exportCsv(query, user);
  }
}

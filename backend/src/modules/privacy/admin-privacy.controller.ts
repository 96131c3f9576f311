import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import type { DeletionRequestDetail, DeletionRequestSummary, StaffIdentity } from '@northbeam/common';
import { CurrentUser } from '../auth/decorators/current-user.decorator.js';
import { Access } from '../auth/decorators/access.decorator.js';
import { CompleteDeletionRequestDto, RejectDeletionRequestDto } from './dto/decide-deletion-request.dto.js';
import { PrivacyService } from './privacy.service.js';

/** The privacy team's screen: admin and super_admin only. */
@Controller('admin/deletion-requests')
@Access('privacy', 'all')
export class AdminPrivacyController {
  constructor(private readonly privacyService: PrivacyService) {}

  @Get()
  list(): Promise<DeletionRequestSummary[]> {
    return this.privacyService.list();
  }

  @Get(':id')
  detail(@Param('id') id: string): Promise<DeletionRequestDetail> {
    return this.privacyService.detail(id);
  }

  @Post(':id/approve')
  @HttpCode(HttpStatus.OK)
  approve(@Param('id') id: string, @CurrentUser() user: StaffIdentity): Promise<DeletionRequestDetail> {
    return this.privacyService.approve(id, user);
  }

  @Post(':id/reject')
  @HttpCode(HttpStatus.OK)
  reject(
    @Param('id') id: string,
    @Body() body: RejectDeletionRequestDto,
    @CurrentUser() user: StaffIdentity,
  ): Promise<DeletionRequestDetail> {
    return this.privacyService.reject(id, user, body.reason);
  }

  @Post(':id/complete')
  @HttpCode(HttpStatus.OK)
  complete(
    @Param('id') id: string,
    @Body() body: CompleteDeletionRequestDto,
    @CurrentUser() user: StaffIdentity,
  ): Promise<DeletionRequestDetail> {
    return this.privacyService.completePartial(id, user, body.note);
  }
}

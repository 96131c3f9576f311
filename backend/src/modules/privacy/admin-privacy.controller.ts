import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Req, UseGuards } from '@nestjs/common';
import type { DeletionRequestDetail, DeletionRequestSummary } from '@northbeam/common';
import { AdminRoleGuard, requestUserOf } from '../../core/auth/admin-role.guard.js';
import { CompleteDeletionRequestDto, RejectDeletionRequestDto } from './dto/decide-deletion-request.dto.js';
import { PrivacyService } from './privacy.service.js';

/** The privacy team's screen: admin and super_admin only. */
@Controller('admin/deletion-requests')
@UseGuards(AdminRoleGuard)
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
  approve(@Param('id') id: string, @Req() request: unknown): Promise<DeletionRequestDetail> {
    return this.privacyService.approve(id, actorOf(request));
  }

  @Post(':id/reject')
  @HttpCode(HttpStatus.OK)
  reject(
    @Param('id') id: string,
    @Body() body: RejectDeletionRequestDto,
    @Req() request: unknown,
  ): Promise<DeletionRequestDetail> {
    return this.privacyService.reject(id, actorOf(request), body.reason);
  }

  @Post(':id/complete')
  @HttpCode(HttpStatus.OK)
  complete(
    @Param('id') id: string,
    @Body() body: CompleteDeletionRequestDto,
    @Req() request: unknown,
  ): Promise<DeletionRequestDetail> {
    return this.privacyService.completePartial(id, actorOf(request), body.note);
  }
}

function actorOf(request: unknown): string {
  const user = requestUserOf(request);
  return user?.email ?? user?.id ?? 'unknown';
}

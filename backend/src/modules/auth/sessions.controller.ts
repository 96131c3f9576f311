import { Controller, Delete, Get, HttpCode, HttpStatus, Param, Req } from '@nestjs/common';
import type { Request } from 'express';
import type { StaffSession, StaffUser } from '@northbeam/common';
import { SignedIn } from './decorators/access.decorator.js';
import { CurrentUser } from './decorators/current-user.decorator.js';
import { SessionsService } from './sessions.service.js';

/** My sessions: open while two-factor enrolment is owed, so a stolen session can still be ended. */
@Controller('admin/account/sessions')
export class SessionsController {
  constructor(private readonly sessionsService: SessionsService) {}

  @Get()
  @SignedIn({ duringTwoFactorSetup: true })
  list(@Req() request: Request, @CurrentUser() user: StaffUser): Promise<StaffSession[]> {
    return this.sessionsService.list(request, user);
  }

  @Delete(':id')
  @SignedIn({ duringTwoFactorSetup: true })
  @HttpCode(HttpStatus.NO_CONTENT)
  async end(@Param('id') id: string, @Req() request: Request, @CurrentUser() user: StaffUser): Promise<void> {
    await this.sessionsService.end(request, user, id);
  }
}

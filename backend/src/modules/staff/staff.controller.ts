import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Patch, Post, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import type { AcceptedInvitation, InvitationDetails, ListPage, StaffMember, StaffUser } from '@northbeam/common';
import { Access, Public } from '../auth/decorators/access.decorator.js';
import { CurrentUser } from '../auth/decorators/current-user.decorator.js';
import {
  AcceptInvitationDto,
  InviteStaffDto,
  ListStaffQueryDto,
  RequestPasswordResetDto,
  ResetPasswordDto,
  UpdateStaffDto,
} from './dto/staff.dto.js';
import { PasswordResetService } from './password-reset.service.js';
import { StaffService } from './staff.service.js';

/** The staff screen: admins read it, super admins change it. */
@Controller('admin/staff')
export class StaffController {
  constructor(private readonly staffService: StaffService) {}

  @Get()
  @Access('staff', 'read')
  list(@Query() query: ListStaffQueryDto, @CurrentUser() user: StaffUser): Promise<ListPage<StaffMember>> {
    return this.staffService.list(query, user);
  }

  @Post('invitations')
  @Access('staff', 'all')
  invite(@Body() body: InviteStaffDto, @CurrentUser() user: StaffUser): Promise<{ message: string }> {
    return this.staffService.invite(body, user);
  }

  @Patch(':id')
  @Access('staff', 'all')
  update(@Param('id') id: string, @Body() body: UpdateStaffDto, @CurrentUser() user: StaffUser): Promise<StaffMember> {
    return this.staffService.update(id, body, user);
  }

  @Post(':id/password-reset')
  @Access('staff', 'all')
  @HttpCode(HttpStatus.NO_CONTENT)
  async sendPasswordReset(@Param('id') id: string, @CurrentUser() user: StaffUser): Promise<void> {
    await this.staffService.sendPasswordReset(id, user);
  }

  @Post(':id/sign-out-everywhere')
  @Access('staff', 'all')
  @HttpCode(HttpStatus.NO_CONTENT)
  async signOutEverywhere(@Param('id') id: string, @CurrentUser() user: StaffUser): Promise<void> {
    await this.staffService.signOutEverywhere(id, user);
  }

  @Delete(':id')
  @Access('staff', 'all')
  @HttpCode(HttpStatus.NO_CONTENT)
  async remove(@Param('id') id: string, @CurrentUser() user: StaffUser): Promise<void> {
    await this.staffService.remove(id, user);
  }
}

/** The invitee's page: what the link grants, then name and password. */
@Controller('staff-invitations')
@Public()
export class StaffInvitationsController {
  constructor(private readonly staffService: StaffService) {}

  @Get(':token')
  details(@Param('token') token: string): Promise<InvitationDetails> {
    return this.staffService.invitationDetails(token);
  }

  /** Makes the account and signs its owner in. */
  @Post(':token')
  accept(
    @Param('token') token: string,
    @Body() body: AcceptInvitationDto,
    @Req() request: Request,
  ): Promise<AcceptedInvitation> {
    return this.staffService.acceptInvitation(request, token, body);
  }
}

/** "Forgot password?" and the page behind the mailed link. */
@Controller('password-reset')
@Public()
export class PasswordResetController {
  constructor(private readonly passwordResetService: PasswordResetService) {}

  @Post()
  @HttpCode(HttpStatus.OK)
  request(@Body() body: RequestPasswordResetDto, @Req() request: Request): Promise<{ message: string }> {
    return this.passwordResetService.request(body.email, request.ip ?? 'unknown');
  }

  @Get(':token')
  details(@Param('token') token: string): Promise<{ email: string }> {
    return this.passwordResetService.details(token);
  }

  @Post(':token')
  @HttpCode(HttpStatus.OK)
  reset(
    @Param('token') token: string,
    @Body() body: ResetPasswordDto,
    @Req() request: Request,
  ): Promise<{ message: string }> {
    return this.passwordResetService.reset(request, token, body.password);
  }
}

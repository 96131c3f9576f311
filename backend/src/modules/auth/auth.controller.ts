import { Controller, Get, HttpCode, HttpStatus, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { StaffIdentity } from '@northbeam/common';
import { APP_CONFIG, type AppConfig } from '../../core/config/config.js';
import { AuthService } from './auth.service.js';
import { CurrentUser } from './decorators/current-user.decorator.js';
import { LocalAuthGuard } from './guards/local-auth.guard.js';
import { StaffGuard } from './guards/staff.guard.js';
import { sessionCookieName, sessionCookieOptions } from './session.js';

@Controller('admin')
export class AuthController {
  constructor(
    private readonly authService: AuthService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('login')
  @HttpCode(HttpStatus.OK)
  @UseGuards(LocalAuthGuard)
  async login(@Req() request: Request & { user: StaffIdentity }): Promise<{ user: StaffIdentity }> {
    await this.authService.startSession(request, request.user);
    return { user: request.user };
  }

  @Post('logout')
  @HttpCode(HttpStatus.NO_CONTENT)
  async logout(@Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<void> {
    await this.authService.endSession(request);
    response.clearCookie(sessionCookieName(this.config), sessionCookieOptions(this.config));
  }

  @Get('user')
  @UseGuards(StaffGuard)
  user(@CurrentUser() user: StaffIdentity): StaffIdentity {
    return user;
  }
}

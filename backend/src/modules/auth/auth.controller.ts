import { Body, Controller, Get, HttpCode, HttpStatus, Inject, Patch, Post, Req, Res, UseGuards } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { LoginResponse, StaffUser } from '@northbeam/common';
import { APP_CONFIG, type AppConfig } from '../../core/config/config.js';
import type { User } from '../users/entities/user.entity.js';
import { AuthService } from './auth.service.js';
import { Public, SignedIn } from './decorators/access.decorator.js';
import { CurrentUser } from './decorators/current-user.decorator.js';
import { TwoFactorCodeDto } from './dto/two-factor.dto.js';
import { UpdateAccountDto } from '../staff/dto/staff.dto.js';
import { LocalAuthGuard } from './guards/local-auth.guard.js';
import { sessionCookieName, sessionCookieOptions } from './session.js';

@Controller('admin')
export class AuthController {
  constructor(
    private readonly authService: AuthService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('login')
  @Public()
  @HttpCode(HttpStatus.OK)
  @UseGuards(LocalAuthGuard)
  login(@Req() request: Request & { user: User }): Promise<LoginResponse> {
    return this.authService.beginSignIn(request, request.user, request.ip ?? 'unknown');
  }

  @Post('login/two-factor')
  @Public()
  @HttpCode(HttpStatus.OK)
  twoFactor(@Body() body: TwoFactorCodeDto, @Req() request: Request): Promise<{ user: StaffUser }> {
    return this.authService.completeTwoFactorSignIn(request, body.code, request.ip ?? 'unknown');
  }

  /** Open to anyone: signing out an expired session still clears the cookie. */
  @Post('logout')
  @Public()
  @HttpCode(HttpStatus.NO_CONTENT)
  async logout(@Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<void> {
    await this.authService.endSession(request);
    response.clearCookie(sessionCookieName(this.config), sessionCookieOptions(this.config));
  }

  @Get('user')
  @SignedIn({ duringTwoFactorSetup: true })
  user(@CurrentUser() user: StaffUser): StaffUser {
    return user;
  }

  /** Your own name: every member of staff changes it on /admin/account. */
  @Patch('account')
  @SignedIn()
  rename(@Body() body: UpdateAccountDto, @CurrentUser() user: StaffUser): Promise<StaffUser> {
    return this.authService.rename(body.name, user);
  }
}

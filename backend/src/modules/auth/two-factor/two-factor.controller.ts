import { Body, Controller, HttpCode, HttpStatus, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import type { RecoveryCodes, StaffUser, TwoFactorSetup } from '@northbeam/common';
import { SignedIn } from '../decorators/access.decorator.js';
import { CurrentUser } from '../decorators/current-user.decorator.js';
import { ConfirmPasswordDto, TwoFactorCodeDto } from '../dto/two-factor.dto.js';
import { TwoFactorService } from './two-factor.service.js';

/** Two-factor sign-in of the signed-in account. Setup and enable stay open while enrolment is owed. */
@Controller('admin/account/two-factor')
export class TwoFactorController {
  constructor(private readonly twoFactorService: TwoFactorService) {}

  @Post('setup')
  @SignedIn({ duringTwoFactorSetup: true })
  @HttpCode(HttpStatus.OK)
  setup(@CurrentUser() user: StaffUser): Promise<TwoFactorSetup> {
    return this.twoFactorService.setup(user);
  }

  @Post('enable')
  @SignedIn({ duringTwoFactorSetup: true })
  @HttpCode(HttpStatus.OK)
  enable(@Body() body: TwoFactorCodeDto, @CurrentUser() user: StaffUser): Promise<RecoveryCodes> {
    return this.twoFactorService.enable(body.code, user);
  }

  @Post('disable')
  @SignedIn()
  @HttpCode(HttpStatus.NO_CONTENT)
  async disable(
    @Body() body: ConfirmPasswordDto,
    @CurrentUser() user: StaffUser,
    @Req() request: Request,
  ): Promise<void> {
    await this.twoFactorService.disable(body.password, request.ip ?? 'unknown', user);
  }

  @Post('recovery-codes')
  @SignedIn()
  @HttpCode(HttpStatus.OK)
  recoveryCodes(
    @Body() body: ConfirmPasswordDto,
    @CurrentUser() user: StaffUser,
    @Req() request: Request,
  ): Promise<RecoveryCodes> {
    return this.twoFactorService.regenerateRecoveryCodes(body.password, request.ip ?? 'unknown', user);
  }
}

import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { limits, messages, staffMessages } from '@northbeam/common';

/** A 6-digit code from the authenticator app, or a recovery code `xxxxx-xxxxx`. */
export class TwoFactorCodeDto {
  @IsString({ message: staffMessages.invalidCode })
  @IsNotEmpty({ message: staffMessages.invalidCode })
  @MaxLength(20, { message: staffMessages.invalidCode })
  code: string;
}

/** The account's password, asked again before a two-factor change. */
export class ConfirmPasswordDto {
  @IsString({ message: messages.passwordRequired })
  @IsNotEmpty({ message: messages.passwordRequired })
  @MaxLength(limits.passwordMax * 4, { message: staffMessages.passwordIncorrect })
  password: string;
}

import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { limits, messages } from '@northbeam/common';
import { IsEmailAddress } from '../../../core/validation/is-required-email.js';

export class LoginDto {
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsEmailAddress(254)
  email: string;

  @IsString({ message: messages.passwordRequired })
  @IsNotEmpty({ message: messages.passwordRequired })
  @MaxLength(limits.passwordMax * 4, { message: messages.invalidCredentials })
  password: string;
}

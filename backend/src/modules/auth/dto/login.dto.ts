import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { limits, messages } from '@northbeam/common';

export class LoginDto {
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsEmail({}, { message: messages.emailInvalid })
  @MaxLength(254, { message: messages.emailInvalid })
  email: string;

  @IsString({ message: messages.passwordRequired })
  @IsNotEmpty({ message: messages.passwordRequired })
  @MaxLength(limits.passwordMax * 4, { message: messages.invalidCredentials })
  password: string;
}

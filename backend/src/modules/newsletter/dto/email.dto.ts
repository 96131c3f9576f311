import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { leadLimits, subscribeSources, type SubscribeSource } from '@northbeam/common';
import { IsRequiredEmail } from '../../../core/validation/is-required-email.js';
import { TrimToUndefined } from '../../../core/validation/trim.js';

export const normaliseEmail = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.trim().toLowerCase() : value;

/** POST /api/subscribe. */
export class SubscribeDto {
  @Transform(normaliseEmail)
  @IsRequiredEmail()
  email: string;

  @TrimToUndefined()
  @IsOptional()
  @IsIn(subscribeSources)
  source?: SubscribeSource;

  @TrimToUndefined()
  @IsOptional()
  @IsString()
  @MaxLength(leadLimits.pageMax)
  page?: string;
}

/** GET /api/unsubscribe?email= */
export class UnsubscribeQueryDto {
  @Transform(normaliseEmail)
  @IsRequiredEmail()
  email: string;
}

/** POST /api/unsubscribe/one-click?email=&token= (RFC 8058). */
export class OneClickUnsubscribeQueryDto extends UnsubscribeQueryDto {
  @IsString()
  @IsNotEmpty()
  token: string;
}

export interface NewsletterMessageDto {
  message: string;
}

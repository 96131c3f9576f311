import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { leadLimits, leadMessages, subscribeSources, type SubscribeSource } from '@northbeam/common';
import { IsRequiredEmail } from '../../../core/validation/is-required-email.js';
import { TrimToUndefined } from '../../../core/validation/trim.js';

/** A signature is 43 characters (SHA-256 in base64url); anything much longer is not one. */
const unsubscribeTokenMax = 100;

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

/** The address of an unsubscribe call, and the issue whose link was used (its web slug), if any. */
class UnsubscribeAddressDto {
  @Transform(normaliseEmail)
  @IsRequiredEmail()
  email: string;

  @IsOptional()
  @IsString({ message: leadMessages.unsubscribeLinkInvalid })
  @Matches(/^[a-z0-9-]{1,120}$/, { message: leadMessages.unsubscribeLinkInvalid })
  issue?: string;
}

/** GET /api/unsubscribe?email=&token= (the token of a mailed link; without one a link is mailed). */
export class UnsubscribeQueryDto extends UnsubscribeAddressDto {
  @IsOptional()
  @IsString({ message: leadMessages.unsubscribeLinkInvalid })
  @MaxLength(unsubscribeTokenMax, { message: leadMessages.unsubscribeLinkInvalid })
  token?: string;
}

/** POST /api/unsubscribe/one-click?email=&token= (RFC 8058). */
export class OneClickUnsubscribeQueryDto extends UnsubscribeAddressDto {
  @IsString({ message: leadMessages.unsubscribeLinkInvalid })
  @IsNotEmpty({ message: leadMessages.unsubscribeLinkInvalid })
  @MaxLength(unsubscribeTokenMax, { message: leadMessages.unsubscribeLinkInvalid })
  token: string;
}

export interface NewsletterMessageDto {
  message: string;
}

/** POST /api/newsletter/confirm: the token of the confirmation mail's link, sent by the confirm page's button. */
export class ConfirmSubscriptionDto {
  @IsString({ message: leadMessages.confirmLinkInvalid })
  @MinLength(1, { message: leadMessages.confirmLinkInvalid })
  @MaxLength(200, { message: leadMessages.confirmLinkInvalid })
  token: string;
}

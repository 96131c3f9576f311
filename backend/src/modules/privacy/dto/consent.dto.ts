import { IsBoolean, IsIn, Matches } from 'class-validator';
import { bannerVersionPattern, consentActions, messages } from '@northbeam/common';

/** POST /api/consent: one cookie-banner choice (docs/product.md#consent-records). No address, no IP. */
export class RecordConsentDto {
  @IsBoolean({ message: messages.consentChoiceInvalid })
  analytics: boolean;

  @IsBoolean({ message: messages.consentChoiceInvalid })
  marketing: boolean;

  @IsIn(consentActions, { message: messages.consentChoiceInvalid })
  action: (typeof consentActions)[number];

  @Matches(bannerVersionPattern, { message: messages.consentChoiceInvalid })
  bannerVersion: string;
}

import { IsBoolean, IsObject, IsOptional, IsString, Matches } from 'class-validator';
import { analyticsEventPattern, messages } from '@northbeam/common';

/** POST /api/analytics/track. `visitorId` is sent by the browser only with analytics consent (docs/product.md#analytics-counting). */
export class TrackEventDto {
  @IsString({ message: messages.analyticsEventInvalid })
  @Matches(analyticsEventPattern, { message: messages.analyticsEventInvalid })
  event: string;

  @IsOptional()
  @IsObject({ message: messages.analyticsPropertiesInvalid })
  properties?: Record<string, unknown>;

  @IsOptional()
  @IsString()
  visitorId?: string;

  @IsOptional()
  @IsBoolean()
  analyticsConsent?: boolean;

  /** Sent by a browser whose visitor refused analytics in the banner: then nothing is counted. */
  @IsOptional()
  @IsBoolean()
  analyticsRefused?: boolean;
}

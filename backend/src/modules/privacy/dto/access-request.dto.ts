import { Transform } from 'class-transformer';
import { Equals, IsOptional, IsString, Matches } from 'class-validator';
import { messages, visitorIdPattern } from '@northbeam/common';
import { IsEmailAddress } from '../../../core/validation/is-required-email.js';

/** POST /api/request-data-access (docs/product.md#privacy-requests): the deletion form's rules, without a type or reason. */
export class CreateAccessRequestDto {
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value))
  @IsEmailAddress(320)
  email: string;

  @Equals(true, { message: messages.deletionConsentRequired })
  consent: boolean;

  /** The anonymous visitor id, sent by the browser only with analytics consent: its events join the export. */
  @IsOptional()
  @IsString()
  @Matches(visitorIdPattern)
  visitorId?: string;
}

/** POST /api/request-data-access/download: the token from the mailed link. */
export class DownloadExportDto {
  @IsString({ message: messages.accessDownloadInvalid })
  @Matches(/^[A-Za-z0-9_-]{1,100}$/, { message: messages.accessDownloadInvalid })
  token: string;
}

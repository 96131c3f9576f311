import { Transform } from 'class-transformer';
import { Equals, IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { deletionRequestTypes, limits, messages, visitorIdPattern, type DeletionRequestType } from '@northbeam/common';
import { MultiLine } from '../../../core/validation/multi-line.decorator.js';
import { IsEmailAddress } from '../../../core/validation/is-required-email.js';
import { Trim } from '../../../core/validation/trim.js';

/** POST /api/request-data-deletion (docs/product.md#data-deletion). */
export class CreateDeletionRequestDto {
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value))
  @IsEmailAddress(320)
  email: string;

  /** Absent means full deletion (the initial value); null or anything else is not a choice. */
  @IsIn(deletionRequestTypes, { message: messages.deletionRequestTypeInvalid })
  requestType: DeletionRequestType = 'full_deletion';

  @MultiLine()
  @IsOptional()
  @Trim()
  @IsString({ message: messages.deletionReasonTooLong })
  @MaxLength(limits.deletionReasonMax, { message: messages.deletionReasonTooLong })
  reason?: string;

  @Equals(true, { message: messages.deletionConsentRequired })
  consent: boolean;

  /** The anonymous visitor id, sent by the browser only with analytics consent. */
  @IsOptional()
  @IsString()
  @Matches(visitorIdPattern)
  visitorId?: string;
}

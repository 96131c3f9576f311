import { Transform } from 'class-transformer';
import { Equals, IsEmail, IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { deletionRequestTypes, limits, messages, visitorIdPattern, type DeletionRequestType } from '@northbeam/common';

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** POST /api/request-data-deletion (spec admin-and-supporting-pages §5). */
export class CreateDeletionRequestDto {
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value))
  @IsEmail({}, { message: messages.emailInvalid })
  @MaxLength(320, { message: messages.emailInvalid })
  email: string;

  @IsOptional()
  @IsIn(deletionRequestTypes, { message: messages.deletionRequestTypeInvalid })
  requestType: DeletionRequestType = 'full_deletion';

  @IsOptional()
  @Transform(trimmed)
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

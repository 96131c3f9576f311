import { IsString, MaxLength, MinLength } from 'class-validator';
import { messages } from '@northbeam/common';

/** POST /api/request-data-deletion/verify: the token from the mailed link. */
export class VerifyDeletionRequestDto {
  @IsString({ message: messages.deletionLinkInvalid })
  @MinLength(1, { message: messages.deletionLinkInvalid })
  @MaxLength(100, { message: messages.deletionLinkInvalid })
  token: string;
}

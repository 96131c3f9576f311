import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { accessReviewLimits, accessReviewMessages, messages } from '@northbeam/common';
import { MultiLine } from '../../../core/validation/multi-line.decorator.js';
import { Trim } from '../../../core/validation/trim.js';

export class RejectDeletionRequestDto {
  @MultiLine()
  @Trim()
  @IsString({ message: messages.deletionRejectionReasonRequired })
  @MinLength(1, { message: messages.deletionRejectionReasonRequired })
  @MaxLength(1000, { message: 'Reason must be 1000 characters or less' })
  reason: string;
}

export class CompleteDeletionRequestDto {
  @MultiLine()
  @Trim()
  @IsString({ message: messages.deletionCompletionNoteRequired })
  @MinLength(1, { message: messages.deletionCompletionNoteRequired })
  @MaxLength(2000, { message: 'Note must be 2000 characters or less' })
  note: string;
}

const findingId = /^[a-f0-9]{20}(-\d{1,6})?$/;

/** One record an access request's reviewer leaves out, with the reason kept in the request's history. */
export class ExcludeFindingDto {
  @IsString({ message: accessReviewMessages.unknownRecord })
  @Matches(findingId, { message: accessReviewMessages.unknownRecord })
  id: string;

  @MultiLine()
  @Trim()
  @IsString({ message: accessReviewMessages.reasonRequired })
  @MinLength(1, { message: accessReviewMessages.reasonRequired })
  @MaxLength(accessReviewLimits.reasonMax, { message: accessReviewMessages.reasonTooLong })
  reason: string;
}

/**
 * POST /api/admin/deletion-requests/:id/approve. A deletion needs nothing; an access request carries
 * its review (docs/product.md#privacy-review): the digest of the findings reviewed, the flagged records
 * to disclose all the same, and the records left out with a reason.
 */
export class ApproveRequestDto {
  @IsOptional()
  @IsString({ message: accessReviewMessages.findingsChanged })
  @Matches(/^[a-f0-9]{32}$/, { message: accessReviewMessages.findingsChanged })
  digest?: string;

  @IsOptional()
  @IsArray({ message: accessReviewMessages.unknownRecord })
  @ArrayMaxSize(accessReviewLimits.decisionsMax, { message: accessReviewMessages.unknownRecord })
  @IsString({ each: true, message: accessReviewMessages.unknownRecord })
  @Matches(findingId, { each: true, message: accessReviewMessages.unknownRecord })
  include?: string[];

  @IsOptional()
  @IsArray({ message: accessReviewMessages.unknownRecord })
  @ArrayMaxSize(accessReviewLimits.decisionsMax, { message: accessReviewMessages.unknownRecord })
  @ValidateNested({ each: true })
  @Type(() => ExcludeFindingDto)
  exclude?: ExcludeFindingDto[];
}

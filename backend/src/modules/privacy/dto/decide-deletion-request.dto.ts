import { IsString, MaxLength, MinLength } from 'class-validator';
import { messages } from '@northbeam/common';
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

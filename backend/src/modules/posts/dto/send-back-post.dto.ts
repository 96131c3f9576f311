import { IsNotEmpty, IsString } from 'class-validator';
import { publishingLimits, publishingMessages } from '@northbeam/common';
import { MaxChars } from '../../../core/validation/max-chars.decorator.js';
import { MultiLine } from '../../../core/validation/multi-line.decorator.js';
import { Trim } from '../../../core/validation/trim.js';

/** Body of POST /api/admin/posts/:id/send-back: the note the author receives (docs/product.md#publishing). */
export class SendBackPostDto {
  @MultiLine()
  @Trim()
  @MaxChars(publishingLimits.reviewNoteMax, { message: publishingMessages.reviewNoteTooLong })
  @IsString({ message: publishingMessages.reviewNoteRequired })
  @IsNotEmpty({ message: publishingMessages.reviewNoteRequired })
  note: string;
}

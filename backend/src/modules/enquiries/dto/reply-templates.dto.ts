import { IsNotEmpty, IsString, ValidateBy } from 'class-validator';
import {
  enquiryLimits,
  enquiryMessages,
  unknownPlaceholderMessage,
  unknownTemplatePlaceholders,
} from '@northbeam/common';
import { IsListPage, IsListSearch } from '../../../core/validation/list-query.decorators.js';
import { MaxChars } from '../../../core/validation/max-chars.decorator.js';
import { MultiLine } from '../../../core/validation/multi-line.decorator.js';
import { Trim } from '../../../core/validation/trim.js';

/** Query of GET /api/admin/reply-templates: a page, and `q` to find templates by name or text. */
export class ListReplyTemplatesQueryDto {
  @IsListPage()
  page?: number;

  @IsListSearch(enquiryLimits.searchMax, enquiryMessages.searchTooLong)
  q?: string;
}

/** Body of POST /api/admin/reply-templates and PUT /api/admin/reply-templates/:id. */
export class SaveReplyTemplateDto {
  @Trim()
  @IsString({ message: enquiryMessages.templateNameRequired })
  @IsNotEmpty({ message: enquiryMessages.templateNameRequired })
  @MaxChars(enquiryLimits.templateNameMax, { message: enquiryMessages.templateNameTooLong })
  name: string;

  @Trim()
  @MultiLine()
  @IsString({ message: enquiryMessages.templateBodyRequired })
  @IsNotEmpty({ message: enquiryMessages.templateBodyRequired })
  @MaxChars(enquiryLimits.replyMax, { message: enquiryMessages.templateBodyTooLong })
  @ValidateBy({
    name: 'knownPlaceholders',
    validator: {
      validate: (value: unknown) => typeof value !== 'string' || unknownTemplatePlaceholders(value).length === 0,
      defaultMessage: (args) => unknownPlaceholderMessage(unknownTemplatePlaceholders(String(args?.value ?? ''))),
    },
  })
  body: string;
}

/** Body of POST /api/admin/enquiries/:id/replies. */
export class SendEnquiryReplyDto {
  @Trim()
  @IsString({ message: enquiryMessages.replySubjectRequired })
  @IsNotEmpty({ message: enquiryMessages.replySubjectRequired })
  @MaxChars(enquiryLimits.replySubjectMax, { message: enquiryMessages.replySubjectTooLong })
  subject: string;

  @Trim()
  @MultiLine()
  @IsString({ message: enquiryMessages.replyRequired })
  @IsNotEmpty({ message: enquiryMessages.replyRequired })
  @MaxChars(enquiryLimits.replyMax, { message: enquiryMessages.replyTooLong })
  body: string;
}

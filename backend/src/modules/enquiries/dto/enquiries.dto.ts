import { IsIn, IsNotEmpty, IsOptional, IsString, IsUUID, Matches, ValidateIf } from 'class-validator';
import { IsIsoDay, IsListPage, IsListSearch } from '../../../core/validation/list-query.decorators.js';
import {
  contactServiceValues,
  enquiryLimits,
  enquiryMessages,
  enquiryStatuses,
  type ContactService,
  type EnquiryStatus,
} from '@northbeam/common';
import { MaxChars } from '../../../core/validation/max-chars.decorator.js';
import { uuidSource } from '../../../core/validation/uuid.js';
import { Trim } from '../../../core/validation/trim.js';

const uuidOrNone = new RegExp(`^(${uuidSource}|none)$`, 'i');

/** The filters of the enquiries list and its CSV export (dates are UTC days, inclusive). */
export class EnquiryFiltersDto {
  @IsOptional()
  @IsIn(enquiryStatuses, { message: enquiryMessages.statusInvalid })
  status?: EnquiryStatus;

  @IsOptional()
  @IsIn(contactServiceValues, { message: enquiryMessages.serviceInvalid })
  service?: ContactService;

  /** A staff id, or `none` for enquiries nobody holds. */
  @IsOptional()
  @Matches(uuidOrNone, { message: enquiryMessages.assigneeFilterInvalid })
  assignee?: string;

  @IsIsoDay()
  from?: string;

  @IsIsoDay()
  to?: string;

  @IsListSearch(enquiryLimits.searchMax, enquiryMessages.searchTooLong)
  q?: string;
}

/** Query of GET /api/admin/enquiries. */
export class ListEnquiriesQueryDto extends EnquiryFiltersDto {
  @IsListPage()
  page?: number;
}

/** Body of PATCH /api/admin/enquiries/:id: `assigneeId: null` unassigns. */
export class UpdateEnquiryDto {
  @IsOptional()
  @IsIn(enquiryStatuses, { message: enquiryMessages.statusInvalid })
  status?: EnquiryStatus;

  @ValidateIf((_object, value) => value !== undefined && value !== null)
  @IsUUID('all', { message: enquiryMessages.assigneeInvalid })
  assigneeId?: string | null;
}

/** Body of POST /api/admin/enquiries/:id/notes. */
export class AddEnquiryNoteDto {
  @Trim()
  @IsString({ message: enquiryMessages.noteRequired })
  @IsNotEmpty({ message: enquiryMessages.noteRequired })
  @MaxChars(enquiryLimits.noteMax, { message: enquiryMessages.noteTooLong })
  body: string;
}

import { IsIn, IsNotEmpty, IsOptional, IsString, IsUUID, Matches, ValidateIf } from 'class-validator';
import { IsIsoDay, IsListPage, IsListSearch } from '../../../core/validation/list-query.decorators.js';
import {
  contactServiceValues,
  enquiryLimits,
  enquiryMessages,
  enquiryStatuses,
  type ContactService,
  type EnquiryDetail,
  type EnquiryNote,
  type EnquiryReadingPage,
  type EnquiryStatus,
  type EnquirySummary,
} from '@northbeam/common';
import { MaxChars } from '../../../core/validation/max-chars.decorator.js';
import { uuidSource } from '../../../core/validation/uuid.js';
import { Trim } from '../../../core/validation/trim.js';
import { isoTimestamp } from '../../../database/query-result.js';
import type { EnquiryNoteRow, EnquiryRow } from '../enquiries.repository.js';

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

/** The list shows this many characters of a message, whitespace folded. */
const excerptLength = 160;

function person(id: string | null, name: string | null): { id: string; name: string } | null {
  return id ? { id, name: name ?? '' } : null;
}

export function mapEnquirySummary(row: EnquiryRow): EnquirySummary {
  const message = row.message.replace(/\s+/g, ' ').trim();
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    company: row.company,
    service: (row.service as ContactService | null) ?? null,
    status: row.status,
    assignee: person(row.assignee_id, row.assignee_name),
    createdAt: isoTimestamp(row.created_at),
    excerpt: message.length > excerptLength ? `${message.slice(0, excerptLength - 1)}…` : message,
  };
}

export function mapNote(row: EnquiryNoteRow): EnquiryNote {
  return {
    id: row.id,
    author: row.author_id || row.author_name ? { id: row.author_id ?? '', name: row.author_name ?? '' } : null,
    body: row.body,
    createdAt: isoTimestamp(row.created_at),
  };
}

export function mapEnquiryDetail(
  row: EnquiryRow,
  notes: EnquiryNoteRow[],
  readingPath: EnquiryReadingPage[] = [],
): EnquiryDetail {
  const { excerpt: _excerpt, ...summary } = mapEnquirySummary(row);
  return { ...summary, message: row.message, notes: notes.map(mapNote), readingPath };
}

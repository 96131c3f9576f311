import { IsIn, IsNotEmpty, IsOptional, IsString, IsUUID, Matches, ValidateIf } from 'class-validator';
import { IsIsoDay, IsListPage, IsListSearch } from '../../../core/validation/list-query.decorators.js';
import {
  contactServiceValues,
  enquiryActions,
  enquiryLimits,
  enquiryMessages,
  enquiryStatuses,
  unansweredEnquiryStatuses,
  type ContactService,
  type EnquiryDetail,
  type EnquiryHistoryItem,
  type EnquiryNote,
  type EnquiryReply,
  type EnquiryReadingPage,
  type EnquiryStatus,
  type EnquirySummary,
  type StaffRole,
} from '@northbeam/common';
import { MaxChars } from '../../../core/validation/max-chars.decorator.js';
import { MultiLine } from '../../../core/validation/multi-line.decorator.js';
import { uuidSource } from '../../../core/validation/uuid.js';
import { Trim } from '../../../core/validation/trim.js';
import { isoTimestamp } from '../../../database/query-result.js';
import type { EnquiryHistoryRow, EnquiryNoteRow, EnquiryReplyRow, EnquiryRow } from '../enquiries.repository.js';

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

  /** `true`: only enquiries unanswered for more than 48 hours, oldest first. */
  @IsOptional()
  @IsIn(['true', 'false'], { message: enquiryMessages.overdueInvalid })
  overdue?: 'true' | 'false';
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
  @MultiLine()
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

function excerptOf(text: string): string {
  const message = text.replace(/\s+/g, ' ').trim();
  return message.length > excerptLength ? `${message.slice(0, excerptLength - 1)}…` : message;
}

/** When the enquiry's 48-hour clock started while it owes a reply, and whether the 48 hours are over. */
function waiting(row: EnquiryRow, now = Date.now()): { waitingSince: string | null; overdue: boolean } {
  if (!unansweredEnquiryStatuses.includes(row.status)) return { waitingSince: null, overdue: false };
  const since = isoTimestamp(row.clock_started_at ?? row.created_at);
  return {
    waitingSince: since,
    overdue: now - new Date(since).getTime() > enquiryLimits.replyPromiseHours * 3_600_000,
  };
}

/** A row of the inbox, with what `user` may do with it (`enquiryActions`). */
export function mapEnquirySummary(row: EnquiryRow, user: { id: string; role: StaffRole }): EnquirySummary {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    company: row.company,
    service: (row.service as ContactService | null) ?? null,
    status: row.status,
    assignee: person(row.assignee_id, row.assignee_name),
    createdAt: isoTimestamp(row.created_at),
    ...waiting(row),
    excerpt: excerptOf(row.message),
    actions: enquiryActions({ assigneeId: row.assignee_id }, user),
  };
}

export function mapReply(row: EnquiryReplyRow): EnquiryReply {
  return {
    id: row.id,
    author: row.author_id || row.author_name ? { id: row.author_id ?? '', name: row.author_name ?? '' } : null,
    subject: row.subject,
    body: row.body,
    createdAt: isoTimestamp(row.created_at),
  };
}

export function mapHistoryItem(row: EnquiryHistoryRow): EnquiryHistoryItem {
  return {
    id: row.id,
    status: row.status,
    createdAt: isoTimestamp(row.created_at),
    excerpt: excerptOf(row.message),
    replies: row.replies,
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
  user: { id: string; role: StaffRole },
  notes: EnquiryNoteRow[],
  readingPath: EnquiryReadingPage[] = [],
  replies: EnquiryReplyRow[] = [],
  history: EnquiryHistoryRow[] = [],
): EnquiryDetail {
  const { excerpt: _excerpt, ...summary } = mapEnquirySummary(row, user);
  return {
    ...summary,
    message: row.message,
    notes: notes.map(mapNote),
    replies: replies.map(mapReply),
    answers: [],
    mailboxConnected: false,
    history: history.map(mapHistoryItem),
    readingPath,
  };
}

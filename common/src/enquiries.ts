import type { EnquiryReadingPage } from './analytics.js';
/** The enquiries inbox of the admin: what the browser and the server share. */
import type { InboundMail } from './inbound-mail.js';
import type { ContactService } from './lead-capture.js';

/**
 * An enquiry moves new → open → replied → closed, or is marked spam; the enquirer's answer arriving in
 * the connected mailbox moves it to `awaiting` ("Awaiting us") and restarts its 48-hour clock. Staff may
 * move it back.
 */
export const enquiryStatuses = ['new', 'open', 'awaiting', 'replied', 'closed', 'spam'] as const;
export type EnquiryStatus = (typeof enquiryStatuses)[number];

export const enquiryStatusLabels: Record<EnquiryStatus, string> = {
  new: 'New',
  open: 'Open',
  awaiting: 'Awaiting us',
  replied: 'Replied',
  closed: 'Closed',
  spam: 'Spam',
};

/** Statuses that still owe the enquirer a reply (the site promises one within 48 hours). */
export const unansweredEnquiryStatuses: readonly EnquiryStatus[] = ['new', 'open', 'awaiting'];

export const enquiryLimits = {
  listPageSize: 15,
  /** An enquiry still unanswered after this many hours is late. */
  replyPromiseHours: 48,
  noteMax: 5000,
  searchMax: 200,
  replyMax: 10000,
  replySubjectMax: 200,
  templateNameMax: 120,
  templatesPageSize: 15,
  /** A contact's earlier enquiries shown on an enquiry. */
  historyMax: 20,
  /** Replies (mails from the company's address) to one enquiry, per window of this many minutes. */
  repliesPerEnquiry: 5,
  repliesPerEnquiryWindowMinutes: 10,
  /** Replies one staff member sends, across enquiries, per hour. */
  repliesPerStaff: 60,
} as const;

/** The assignee filter's value for enquiries nobody holds. */
export const unassignedFilter = 'none';

export interface EnquiryPerson {
  id: string;
  name: string;
}

/** A row of `/admin/enquiries` (`GET /api/admin/enquiries?page=&status=&service=&assignee=&from=&to=&q=`). */
export interface EnquirySummary {
  id: string;
  name: string;
  email: string;
  company: string | null;
  service: ContactService | null;
  status: EnquiryStatus;
  assignee: EnquiryPerson | null;
  createdAt: string;
  /**
   * While the enquiry owes the enquirer a reply: when its 48-hour clock started (its arrival, or the
   * enquirer's latest answer); null once answered, closed or spam.
   */
  waitingSince: string | null;
  /** Unanswered for more than 48 hours (`waitingSince` older than `enquiryLimits.replyPromiseHours`). */
  overdue: boolean;
  /** The first characters of the message. */
  excerpt: string;
  /** What the staff member who asked may do with this enquiry now (`enquiryActions`). */
  actions: EnquiryAction[];
}

export const enquiryActionNames = ['change_status', 'add_note', 'reply', 'assign'] as const;
export type EnquiryAction = (typeof enquiryActionNames)[number];

export interface EnquiryNote {
  id: string;
  /** Null when the author's account was removed and no name was kept. */
  author: EnquiryPerson | null;
  body: string;
  createdAt: string;
}

/** `GET /api/admin/enquiries/:id`. */
export interface EnquiryDetail extends Omit<EnquirySummary, 'excerpt'> {
  message: string;
  notes: EnquiryNote[];
  /** Replies sent from the inbox, oldest first. */
  replies: EnquiryReply[];
  /** What came back from the enquirer (and auto-replies or bounces) through the connected mailbox, oldest first. */
  answers: InboundMail[];
  /** A mailbox is connected (INBOUND_IMAP_URL): replies carry its Reply-To and the answers come back here. */
  mailboxConnected: boolean;
  /** The same address's other enquiries, newest first. */
  history: EnquiryHistoryItem[];
  /** Pages read before the enquiry, only where the visitor consented to analytics (docs/product.md#content-to-enquiry). */
  readingPath: EnquiryReadingPage[];
}

/** `PATCH /api/admin/enquiries/:id`: `assigneeId: null` unassigns. */
export interface UpdateEnquiryRequest {
  status?: EnquiryStatus;
  assigneeId?: string | null;
}

/** A reply sent from the inbox to the enquirer (through the outbox, `Reply-To` the staff member). */
export interface EnquiryReply {
  id: string;
  /** Null when the author's account was removed and no name was kept. */
  author: EnquiryPerson | null;
  subject: string;
  body: string;
  createdAt: string;
}

/** `POST /api/admin/enquiries/:id/replies`. */
export interface SendEnquiryReplyRequest {
  subject: string;
  body: string;
}

/** Another enquiry from the same address, with the replies it got, on the enquiry screen. */
export interface EnquiryHistoryItem {
  id: string;
  status: EnquiryStatus;
  createdAt: string;
  excerpt: string;
  replies: number;
}

/** A saved reply that admins manage on `/admin/reply-templates`. */
export interface ReplyTemplate {
  id: string;
  name: string;
  body: string;
  updatedAt: string;
  /** What the staff member who asked may do with this template (`replyTemplateActions`). */
  actions: ReplyTemplateAction[];
}

export const replyTemplateActionNames = ['edit', 'delete'] as const;
export type ReplyTemplateAction = (typeof replyTemplateActionNames)[number];

export interface SaveReplyTemplateRequest {
  name: string;
  body: string;
}

export interface AddEnquiryNoteRequest {
  body: string;
}

/** `GET /api/admin/enquiries/counts`: the dashboard card. */
export interface EnquiryCounts {
  new: number;
  /** New or open, and received more than 48 hours ago. */
  unanswered: number;
  /** Under Spam: mostly what the form's bot trap held back (docs/product.md#contact), for staff to look through. */
  spam: number;
}

/** The columns of `GET /api/admin/enquiries.csv`, in order. */
export const enquiryCsvColumns = [
  'Received',
  'Status',
  'Name',
  'Email',
  'Company',
  'Service',
  'Assignee',
  'Message',
] as const;

export const enquiryMessages = {
  notFound: 'Enquiry not found',
  statusInvalid: 'Choose one of the listed statuses',
  serviceInvalid: 'Choose one of the listed services',
  assigneeInvalid: 'Choose an active staff member',
  assigneeFilterInvalid: 'Assignee must be a staff member id or "none"',
  noteRequired: 'Write a note first',
  noteTooLong: `Note must be ${enquiryLimits.noteMax} characters or less`,
  searchTooLong: `Search must be ${enquiryLimits.searchMax} characters or less`,
  onlyAdminsAssign: 'Only admins can change who an enquiry is assigned to',
  nothingToChange: 'Send a status or an assignee to change',
  replyRequired: 'Write a reply first',
  replyTooLong: `Reply must be ${enquiryLimits.replyMax} characters or less`,
  replySubjectRequired: 'Give the reply a subject',
  replySubjectTooLong: `Subject must be ${enquiryLimits.replySubjectMax} characters or less`,
  replyNotToSpam: 'Spam is not answered: move the enquiry out of Spam first',
  repliesTooManyToEnquiry: `At most ${enquiryLimits.repliesPerEnquiry} replies to one enquiry every ${enquiryLimits.repliesPerEnquiryWindowMinutes} minutes: wait a few minutes before sending another`,
  repliesTooManyByStaff: `At most ${enquiryLimits.repliesPerStaff} replies an hour from one staff member: wait before sending another`,
  templateNotFound: 'Reply template not found',
  templateNameRequired: 'Give the template a name',
  templateNameTooLong: `Name must be ${enquiryLimits.templateNameMax} characters or less`,
  templateNameTaken: 'A template with this name already exists',
  templateBodyRequired: 'Write the template’s text',
  templateBodyTooLong: `Template must be ${enquiryLimits.replyMax} characters or less`,
  overdueInvalid: 'Overdue must be true or false',
} as const;

/**
 * The placeholders a reply template may use, filled when it is put into a reply: `{firstName}` the first
 * word of the name the visitor gave, `{name}` that whole name, `{assignee}` the name of the staff member
 * holding the enquiry (else the one replying), `{service}` the service interest they chose.
 */
export const replyTemplatePlaceholders = ['firstName', 'name', 'assignee', 'service'] as const;
export type ReplyTemplatePlaceholder = (typeof replyTemplatePlaceholders)[number];

/** The `{…}` placeholders in a template's text that are not `replyTemplatePlaceholders`, each once. */
export function unknownTemplatePlaceholders(text: string): string[] {
  const known = replyTemplatePlaceholders as readonly string[];
  const found = [...text.matchAll(/\{([^{}\s]{1,40})\}/g)].map((match) => match[1]);
  return [...new Set(found.filter((name) => !known.includes(name)))];
}

/** The sentence refusing a template with unknown placeholders. */
export function unknownPlaceholderMessage(names: string[]): string {
  return `Unknown placeholder${names.length === 1 ? '' : 's'} ${names.map((name) => `{${name}}`).join(', ')}: use {firstName}, {name}, {assignee} or {service}`;
}

/** A template's text for one enquiry, its placeholders filled ("Hi {firstName}," → "Hi Jo," for "Jo Bloggs"). */
export function fillReplyTemplate(text: string, values: Record<ReplyTemplatePlaceholder, string>): string {
  return text.replace(/\{(firstName|name|assignee|service)\}/g, (_match, key: ReplyTemplatePlaceholder) => values[key]);
}

/** The first word of the name a visitor gave ("Jo" for "Jo Bloggs"); the whole name when it has one word. */
export function firstNameOf(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
}

/** How long an enquiry has waited, in words for the inbox list: "under an hour", "5 hours", "2 days". */
export function waitedInWords(since: string, now = Date.now()): string {
  const hours = Math.floor((now - new Date(since).getTime()) / 3_600_000);
  if (hours < 1) return 'under an hour';
  if (hours < 48) return `${hours} hour${hours === 1 ? '' : 's'}`;
  return `${Math.floor(hours / 24)} days`;
}

/** The subject a reply starts with. */
export function defaultReplySubject(siteName: string): string {
  return `Your enquiry to ${siteName}`;
}

import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import {
  contactServiceLabel,
  enquiryActions,
  enquiryCsvColumns,
  enquiryLimits,
  enquiryMessages,
  enquiryStatusLabels,
  messages,
  permissionSatisfies,
  permissionTable,
  unassignedFilter,
  type EnquiryAction,
  type EnquiryCounts,
  type EnquiryDetail,
  type EnquiryNote,
  type EnquiryReply,
  type EnquirySummary,
  type ListPage,
  type StaffUser,
} from '@northbeam/common';
import { APP_CONFIG, type AppConfig } from '../../core/config/config.js';
import { ApiError } from '../../core/http/api-error.js';
import { RateLimiter } from '../../core/rate-limit/rate-limiter.js';
import { ReadingPaths } from '../analytics/reading-paths.js';
import { ActivityService } from '../activity/activity.service.js';
import { MailService } from '../mail/mail.service.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import { UsersRepository } from '../users/users.repository.js';
import {
  mapEnquiryDetail,
  mapEnquirySummary,
  mapNote,
  mapReply,
  type AddEnquiryNoteDto,
  type EnquiryFiltersDto,
  type ListEnquiriesQueryDto,
  type UpdateEnquiryDto,
} from './dto/enquiries.dto.js';
import { csvDateTime, toCsv } from '../../core/csv/csv.js';
import type { SendEnquiryReplyDto } from './dto/reply-templates.dto.js';
import { enquiryAssignedMail, enquiryReplyMail } from './enquiries.mails.js';
import { EnquiriesRepository, type EnquiryFilter, type EnquiryRow } from './enquiries.repository.js';
import { isUuid } from '../../core/validation/uuid.js';
import { isoTimestamp } from '../../database/query-result.js';
import { WebhookEvents } from '../webhooks/webhook-events.js';
import { InboundMailService } from '../inbound-mail/inbound-mail.service.js';
import { randomBytes } from 'node:crypto';
import { Transactions } from '../../database/transactions.js';

const dayMs = 24 * 60 * 60 * 1000;
const hourMs = 60 * 60 * 1000;

/**
 * The enquiries inbox. Admins see and change every enquiry; a consultant sees only the enquiries
 * assigned to them, may change their status and add notes, and may not reassign them.
 */
@Injectable()
export class EnquiriesService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly transactions: Transactions,
    private readonly enquiriesRepository: EnquiriesRepository,
    private readonly activityService: ActivityService,
    private readonly mailService: MailService,
    private readonly readingPaths: ReadingPaths,
    private readonly usersRepository: UsersRepository,
    private readonly notifications: NotificationsService,
    private readonly rateLimiter: RateLimiter,
    private readonly webhookEvents: WebhookEvents,
    private readonly inboundMail: InboundMailService,
  ) {}

  async list(query: ListEnquiriesQueryDto, user: StaffUser): Promise<ListPage<EnquirySummary>> {
    const page = query.page ?? 1;
    const pageSize = enquiryLimits.listPageSize;
    const [rows, total] = await this.enquiriesRepository.findPage(
      this.filterFor(user, query),
      (page - 1) * pageSize,
      pageSize,
    );
    return { items: rows.map((row) => mapEnquirySummary(row, user)), total, page, pageSize };
  }

  async detail(id: string, user: StaffUser): Promise<EnquiryDetail> {
    const row = await this.visibleEnquiry(user, id);
    const notes = await this.enquiriesRepository.findNotes(row.id);
    const readingPath = await this.readingPaths.forEnquiry(row.id);
    const replies = await this.enquiriesRepository.findReplies(row.id);
    const answers = await this.inboundMail.forEnquiry(row.id);
    // A consultant sees the contact's other enquiries only where they hold them too.
    const history = await this.enquiriesRepository.history(
      row.id,
      row.email,
      enquiryLimits.historyMax,
      this.assignedOnly(user) ? user.id : undefined,
    );
    return {
      ...mapEnquiryDetail(row, user, notes, readingPath, replies, history),
      answers,
      mailboxConnected: Boolean(this.config.inboundReplyAddress),
    };
  }

  /**
   * Status and assignee change under a row lock; each change that changes something writes one
   * activity line in the same transaction, and a new assignee gets a mail through the outbox.
   */
  async update(id: string, changes: UpdateEnquiryDto, user: StaffUser): Promise<EnquiryDetail> {
    if (changes.status === undefined && changes.assigneeId === undefined) {
      throw new ApiError(HttpStatus.BAD_REQUEST, enquiryMessages.nothingToChange);
    }
    const reassigning = changes.assigneeId !== undefined;
    await this.transactions.run(async (manager) => {
      const row = isUuid(id) ? await this.enquiriesRepository.lockById(manager, id) : undefined;
      if (!row) throw new ApiError(HttpStatus.NOT_FOUND, enquiryMessages.notFound);
      this.assertVisible(user, row);
      if (changes.status !== undefined) this.assertMay(user, row, 'change_status');
      if (reassigning) this.assertMay(user, row, 'assign');
      const actor = { id: user.id, name: user.name };

      if (changes.status !== undefined && changes.status !== row.status) {
        await this.enquiriesRepository.update(manager, row.id, { status: changes.status });
        await this.activityService.record(manager, {
          actor,
          action: 'enquiry.status_changed',
          target: {
            type: 'enquiry',
            id: row.id,
            label: `${row.name}: ${enquiryStatusLabels[row.status]} → ${enquiryStatusLabels[changes.status]}`,
          },
        });
      }

      const assigneeId = changes.assigneeId;
      if (assigneeId !== undefined && assigneeId !== row.assignee_id) {
        const found = assigneeId === null ? null : await this.usersRepository.findActiveById(assigneeId, manager);
        // Only someone who may work enquiries holds one (not the privacy officer).
        const assignee = found && permissionTable[found.role].enquiries !== 'none' ? found : null;
        if (assigneeId !== null && !assignee) {
          throw new ApiError(HttpStatus.BAD_REQUEST, messages.validationFailed, {
            assigneeId: [enquiryMessages.assigneeInvalid],
          });
        }
        await this.enquiriesRepository.update(manager, row.id, { assigneeId });
        // The previous holder's bell lines name the enquirer: they go with the enquiry.
        await this.notifications.withdrawEnquiryLines(manager, row.id, assigneeId);
        await this.activityService.record(manager, {
          actor,
          action: 'enquiry.assigned',
          target: { type: 'enquiry', id: row.id, label: `${row.name} → ${assignee?.name ?? 'nobody'}` },
        });
        // Whoever takes an enquiry themselves already knows.
        if (assignee && assigneeId) {
          await this.notifications.notify(
            manager,
            'enquiry_assigned',
            { userIds: [assigneeId], except: user.id },
            {
              title: `${user.name} assigned you the enquiry from ${row.name}`,
              path: `/admin/enquiries/${row.id}`,
              enquiryId: row.id,
              mail: (recipient) => enquiryAssignedMail(this.config.publicUrl, recipient.email, row, user.name),
            },
          );
        }
      }
    });
    return this.detail(id, user);
  }

  async addNote(id: string, body: AddEnquiryNoteDto, user: StaffUser): Promise<EnquiryNote> {
    const row = await this.visibleEnquiry(user, id);
    this.assertMay(user, row, 'add_note');
    return mapNote(await this.enquiriesRepository.addNote(row.id, { id: user.id, name: user.name }, body.body));
  }

  /**
   * Sends a reply to the enquirer through the outbox (from the site's address, `Reply-To` the staff
   * member), keeps it in the enquiry's timeline, moves a new or open enquiry to Replied and logs it,
   * all in one transaction under the enquiry's row lock. Replies are limited per enquiry and per staff
   * member (`enquiryLimits.repliesPerEnquiry`, `repliesPerStaff`; 429 with a sentence), counted before
   * the transaction opens (the limiter writes through its own connection).
   */
  async reply(id: string, dto: SendEnquiryReplyDto, user: StaffUser): Promise<EnquiryReply> {
    const visible = await this.visibleEnquiry(user, id);
    this.assertMay(user, visible, 'reply');
    await this.rateLimiter.enforce(
      `enquiry-reply:${visible.id}`,
      enquiryLimits.repliesPerEnquiry,
      enquiryLimits.repliesPerEnquiryWindowMinutes * 60,
      enquiryMessages.repliesTooManyToEnquiry,
    );
    await this.rateLimiter.enforce(
      `enquiry-reply-staff:${user.id}`,
      enquiryLimits.repliesPerStaff,
      hourMs / 1000,
      enquiryMessages.repliesTooManyByStaff,
    );
    return this.transactions.run(async (manager) => {
      const row = isUuid(id) ? await this.enquiriesRepository.lockById(manager, id) : undefined;
      if (!row) throw new ApiError(HttpStatus.NOT_FOUND, enquiryMessages.notFound);
      this.assertVisible(user, row);
      this.assertMay(user, row, 'reply');
      if (row.status === 'spam') throw new ApiError(HttpStatus.CONFLICT, enquiryMessages.replyNotToSpam);
      const reply = await this.enquiriesRepository.addReply(manager, row.id, { id: user.id, name: user.name }, dto);
      // With a connected mailbox, the enquirer's answer goes to it (plus-addressed with the enquiry's
      // token) and comes back onto the enquiry; the Message-ID carries the token too (the second key).
      const replyAddress = this.config.inboundReplyAddress;
      let thread: { replyTo: string; messageId: string } | undefined;
      if (replyAddress) {
        const token = await this.enquiriesRepository.replyToken(
          manager,
          row.id,
          randomBytes(15).toString('hex').slice(0, 24),
        );
        const [local, domain] = replyAddress.split('@');
        const messageId = `<reply.${reply.id}.${token}@${domain}>`;
        await this.enquiriesRepository.setReplyMessageId(manager, reply.id, messageId);
        thread = { replyTo: `${local}+${token}@${domain}`, messageId };
      }
      await this.mailService.enqueue(
        manager,
        enquiryReplyMail(
          { name: row.name, email: row.email, message: row.message, createdAt: isoTimestamp(row.created_at) },
          { name: user.name, email: user.email },
          dto,
          thread,
        ),
      );
      if (row.status === 'new' || row.status === 'open' || row.status === 'awaiting')
        await this.enquiriesRepository.update(manager, row.id, { status: 'replied' });
      await this.activityService.record(manager, {
        actor: { id: user.id, name: user.name },
        action: 'enquiry.replied',
        target: { type: 'enquiry', id: row.id, label: `${row.name}: ${dto.subject}` },
      });
      // The enquirer's side (their answer arriving in the inbox) will use the same event with side "enquirer".
      await this.webhookEvents.emit(manager, 'enquiry.answered', {
        side: 'staff',
        enquiry: { id: row.id, adminUrl: `${this.config.publicUrl}/admin/enquiries/${row.id}` },
        reply: { id: reply.id, subject: reply.subject, sentAt: isoTimestamp(reply.created_at), staffName: user.name },
      });
      return mapReply(reply);
    });
  }

  /** New enquiries, and those unanswered for more than 48 hours, within what the user may see. */
  async counts(user: StaffUser, now = Date.now()): Promise<EnquiryCounts> {
    const lateBefore = new Date(now - enquiryLimits.replyPromiseHours * hourMs);
    return this.enquiriesRepository.counts(lateBefore, this.assignedOnly(user) ? user.id : undefined);
  }

  /** The filtered list as CSV (the whole match, not one page); the export is logged. */
  async exportCsv(query: EnquiryFiltersDto, user: StaffUser): Promise<string> {
    const rows = await this.enquiriesRepository.findAll(this.filterFor(user, query));
    const filters = new URLSearchParams(
      Object.entries(query).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
      ),
    ).toString();
    await this.transactions.run((manager) =>
      this.activityService.record(manager, {
        actor: { id: user.id, name: user.name },
        action: 'enquiry.exported',
        target: { type: 'export', id: 'enquiries', label: `${rows.length} enquiries${filters ? ` (${filters})` : ''}` },
      }),
    );
    return toCsv(
      enquiryCsvColumns,
      rows.map((row) => [
        csvDateTime(row.created_at),
        enquiryStatusLabels[row.status],
        row.name,
        row.email,
        row.company,
        contactServiceLabel(row.service) ?? '',
        row.assignee_name,
        row.message,
      ]),
    );
  }

  private assignedOnly(user: StaffUser): boolean {
    return !permissionSatisfies(user.permissions.enquiries, 'all');
  }

  /** The query's filters; a consultant's list is always limited to their own assignments. */
  private filterFor(user: StaffUser, query: EnquiryFiltersDto): EnquiryFilter {
    const assigneeId = this.assignedOnly(user) ? user.id : query.assignee === unassignedFilter ? null : query.assignee;
    return {
      status: query.status,
      service: query.service,
      assigneeId,
      from: query.from ? new Date(`${query.from}T00:00:00Z`) : undefined,
      before: query.to ? new Date(new Date(`${query.to}T00:00:00Z`).getTime() + dayMs) : undefined,
      search: query.q || undefined,
      clockBefore:
        query.overdue === 'true' ? new Date(Date.now() - enquiryLimits.replyPromiseHours * hourMs) : undefined,
    };
  }

  private async visibleEnquiry(user: StaffUser, id: string): Promise<EnquiryRow> {
    const row = isUuid(id) ? await this.enquiriesRepository.findById(id) : undefined;
    if (!row) throw new ApiError(HttpStatus.NOT_FOUND, enquiryMessages.notFound);
    this.assertVisible(user, row);
    return row;
  }

  /** Refuses what `enquiryActions` does not offer on this enquiry (reassigning: "only admins"). */
  private assertMay(user: StaffUser, row: EnquiryRow, action: EnquiryAction): void {
    if (enquiryActions({ assigneeId: row.assignee_id }, user).includes(action)) return;
    throw new ApiError(
      HttpStatus.FORBIDDEN,
      action === 'assign' ? enquiryMessages.onlyAdminsAssign : messages.forbidden,
    );
  }

  private assertVisible(user: StaffUser, row: EnquiryRow): void {
    if (this.assignedOnly(user) && row.assignee_id !== user.id)
      throw new ApiError(HttpStatus.FORBIDDEN, messages.forbidden);
  }
}

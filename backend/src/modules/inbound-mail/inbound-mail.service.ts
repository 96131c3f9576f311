import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  inboundMailKindLabels,
  inboundMailLimits,
  inboundMailMessages,
  type InboundMail,
  type InboundMailboxStatus,
  type ListPage,
  type StaffUser,
} from '@northbeam/common';
import { APP_CONFIG, type AppConfig } from '../../core/config/config.js';
import { ApiError } from '../../core/http/api-error.js';
import { isUuid } from '../../core/validation/uuid.js';
import { Transactions } from '../../database/transactions.js';
import { isoTimestamp } from '../../database/query-result.js';
import { ActivityService } from '../activity/activity.service.js';
import { notificationMail } from '../notifications/notifications.mails.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import { WebhookEvents } from '../webhooks/webhook-events.js';
import type { InboundMessage } from './inbound-mail-handlers.js';
import {
  answeredMessageIds,
  classify,
  replyTokens,
  sanitiseMailHtml,
  sender,
  splitQuoted,
} from './inbound-mail.parse.js';
import {
  InboundMailRepository,
  type InboundAttachmentRow,
  type InboundMessageRow,
  type NewInboundMessage,
} from './inbound-mail.repository.js';

/** What the threading did with a fetched message. */
export type TakeOutcome = 'threaded' | 'unmatched' | 'duplicate';

const textMax = 200_000;

/**
 * The enquiry side of the connected mailbox (docs/adr/0010-inbound-mail.md): each fetched message is
 * recorded once (by UIDVALIDITY and UID, or its Message-ID), matched to an enquiry by the token of its
 * Reply-To address, else by the Message-ID of one of our replies it answers; an answer moves the
 * enquiry to "Awaiting us", restarts its 48-hour clock and tells its holder (else the admins); an
 * auto-reply or bounce is recorded and changes nothing; what matches nothing waits in Unmatched.
 */
@Injectable()
export class InboundMailService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly transactions: Transactions,
    private readonly repository: InboundMailRepository,
    private readonly notifications: NotificationsService,
    private readonly activity: ActivityService,
    private readonly webhookEvents: WebhookEvents,
  ) {}

  /** A message another handler took: only its UID is remembered. */
  async skip(uidValidity: number, uid: number): Promise<void> {
    await this.transactions.run((manager) => this.repository.advance(manager, uidValidity, uid));
  }

  /** Records, matches and threads one fetched message, and remembers its UID, in one transaction. */
  async take(message: InboundMessage, uidValidity: number, receivedAt = new Date()): Promise<TakeOutcome> {
    const parsed = message.parsed;
    const messageId = parsed.messageId && parsed.messageId.length <= 500 ? parsed.messageId : null;
    const kind = classify(parsed);
    const tokens = replyTokens(parsed, this.config.inboundReplyAddress);
    const answered = answeredMessageIds(parsed);
    const from = sender(parsed);
    const split = splitQuoted((parsed.text ?? '').slice(0, textMax));
    const html =
      typeof parsed.html === 'string' && parsed.html ? sanitiseMailHtml(parsed.html.slice(0, textMax * 5)) : null;
    const sentAt = parsed.date && !Number.isNaN(parsed.date.getTime()) ? parsed.date : receivedAt;
    const attachments = parsed.attachments.map((attachment) => {
      const size = attachment.size ?? attachment.content?.length ?? 0;
      return {
        filename:
          (attachment.filename ?? 'attachment').replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 300) || 'attachment',
        contentType: (attachment.contentType ?? 'application/octet-stream').slice(0, 200),
        size,
        content: size <= inboundMailLimits.attachmentStoreMaxBytes ? (attachment.content ?? null) : null,
      };
    });

    return this.transactions.run(async (manager) => {
      if (await this.repository.alreadyTaken(manager, uidValidity, message.uid, messageId)) {
        await this.repository.advance(manager, uidValidity, message.uid);
        return 'duplicate';
      }
      // The token names one enquiry; without one, only a Message-ID we sent (it carries the token) does.
      let enquiryId: string | undefined;
      for (const token of tokens) {
        enquiryId = await this.repository.enquiryByToken(manager, token);
        if (enquiryId) break;
      }
      enquiryId ??= await this.repository.enquiryByReplyMessageId(manager, answered);
      const record: NewInboundMessage = {
        uidValidity,
        uid: message.uid,
        enquiryId: enquiryId ?? null,
        state: enquiryId ? 'threaded' : 'unmatched',
        kind,
        messageId,
        fromAddress: from.address,
        fromName: from.name,
        subject: (parsed.subject ?? '(no subject)').replace(/[\u0000-\u001f\u007f]/g, ' ').slice(0, 500),
        sentAt,
        text: split.text.replace(/\u0000/g, ''),
        quoted: split.quoted.replace(/\u0000/g, ''),
        html,
        attachments,
      };
      const inboundId = await this.repository.insert(manager, record);
      if (enquiryId && kind === 'answer')
        await this.thread(manager, enquiryId, { ...record, id: inboundId }, receivedAt);
      await this.repository.advance(manager, uidValidity, message.uid);
      return enquiryId ? 'threaded' : 'unmatched';
    });
  }

  /** The enquirer answered: "Awaiting us", clock restarted, holder (else admins) told, webhook. */
  private async thread(
    manager: EntityManager,
    enquiryId: string,
    record: { id: string; fromName: string; fromAddress: string; subject: string; text: string },
    at: Date,
  ): Promise<void> {
    const enquiry = await this.repository.lockAnswerTarget(manager, enquiryId);
    if (!enquiry || enquiry.status === 'spam') return;
    await this.repository.markAwaiting(manager, enquiry.id, at);
    const path = `/admin/enquiries/${enquiry.id}`;
    const holder = enquiry.assignee_disabled ? null : enquiry.assignee_id;
    const excerpt = record.text.length > 300 ? `${record.text.slice(0, 299)}…` : record.text;
    await this.notifications.notify(manager, 'enquiry_answered', holder ? { userIds: [holder] } : { admins: true }, {
      title: `${enquiry.name} answered: ${record.subject}`,
      path,
      enquiryId: enquiry.id,
      mail: (recipient, accountUrl) =>
        notificationMail('enquiry_answered', recipient, accountUrl, {
          subject: `${enquiry.name} answered: ${record.subject}`,
          heading: 'The enquirer answered',
          paragraphs: [
            `${enquiry.name} answered the enquiry. It is awaiting us again, and the 48-hour reply promise starts again now.`,
            'Answer it in the inbox: the answer and your reply stay on the enquiry.',
          ],
          details: [
            { label: 'Subject', value: record.subject },
            { label: 'Answer', value: excerpt || '(no text)' },
          ],
          action: { label: 'Answer it in the inbox', url: `${this.config.publicUrl}${path}` },
        }),
    });
    await this.webhookEvents.emit(manager, 'enquiry.answered', {
      side: 'enquirer',
      enquiry: { id: enquiry.id, adminUrl: `${this.config.publicUrl}${path}` },
      reply: { id: record.id, subject: record.subject, sentAt: at.toISOString(), staffName: null },
    });
  }

  /** What came back on an enquiry, oldest first. */
  async forEnquiry(enquiryId: string): Promise<InboundMail[]> {
    const rows = await this.repository.forEnquiry(enquiryId);
    return this.mapAll(rows);
  }

  async unmatched(page: number): Promise<ListPage<InboundMail>> {
    const pageSize = inboundMailLimits.unmatchedPageSize;
    const [rows, total] = await this.repository.unmatchedPage((page - 1) * pageSize, pageSize);
    return { items: await this.mapAll(rows), total, page, pageSize };
  }

  /** An admin puts an unmatched mail on an enquiry: it then counts as that enquiry's answer. */
  async attach(id: string, enquiryId: string, user: StaffUser): Promise<InboundMail> {
    await this.transactions.run(async (manager) => {
      const message = isUuid(id) ? await this.repository.lockMessage(manager, id) : undefined;
      if (!message) throw new ApiError(HttpStatus.NOT_FOUND, inboundMailMessages.notFound);
      if (message.state !== 'unmatched') throw new ApiError(HttpStatus.CONFLICT, inboundMailMessages.notUnmatched);
      const enquiry = isUuid(enquiryId) ? await this.repository.lockAnswerTarget(manager, enquiryId) : undefined;
      if (!enquiry) throw new ApiError(HttpStatus.NOT_FOUND, inboundMailMessages.enquiryNotFound);
      await this.repository.setState(manager, message.id, 'threaded', enquiry.id);
      if (message.kind === 'answer')
        await this.thread(
          manager,
          enquiry.id,
          {
            id: message.id,
            fromName: message.from_name,
            fromAddress: message.from_address,
            subject: message.subject,
            text: message.text,
          },
          new Date(),
        );
      await this.activity.record(manager, {
        actor: { id: user.id, name: user.name },
        action: 'inbound_mail.attached',
        target: {
          type: 'enquiry',
          id: enquiry.id,
          label: `${message.from_address}: ${message.subject} → ${enquiry.name}`,
        },
      });
    });
    const [mail] = await this.mapAll((await this.repository.forEnquiry(enquiryId)).filter((row) => row.id === id));
    return mail;
  }

  /** An admin sets an unmatched mail aside: it leaves the list but is kept. */
  async dismiss(id: string, user: StaffUser): Promise<void> {
    await this.transactions.run(async (manager) => {
      const message = isUuid(id) ? await this.repository.lockMessage(manager, id) : undefined;
      if (!message) throw new ApiError(HttpStatus.NOT_FOUND, inboundMailMessages.notFound);
      if (message.state !== 'unmatched') throw new ApiError(HttpStatus.CONFLICT, inboundMailMessages.notUnmatched);
      await this.repository.setState(manager, message.id, 'dismissed', null);
      await this.activity.record(manager, {
        actor: { id: user.id, name: user.name },
        action: 'inbound_mail.dismissed',
        target: {
          type: 'inbound_mail',
          id: message.id,
          label: `${inboundMailKindLabels[message.kind]} from ${message.from_address}: ${message.subject}`,
        },
      });
    });
  }

  async status(): Promise<InboundMailboxStatus> {
    const row = await this.repository.mailbox();
    const unmatched = await this.repository.unmatchedCount();
    const configured = Boolean(this.config.inboundImapUrl);
    const time = (value: Date | string | null) => (value ? isoTimestamp(value) : null);
    return {
      configured,
      state: !configured ? 'off' : row.failures > 0 ? 'failing' : row.last_success_at ? 'ok' : 'waiting',
      lastSuccessAt: time(row.last_success_at),
      lastAttemptAt: time(row.last_attempt_at),
      lastError: row.last_error,
      failures: row.failures,
      nextAttemptAt: time(row.next_attempt_at),
      unmatched,
    };
  }

  async attachment(messageId: string, attachmentId: string): Promise<{ filename: string; content: Buffer }> {
    const found =
      isUuid(messageId) && isUuid(attachmentId)
        ? await this.repository.attachmentContent(messageId, attachmentId)
        : undefined;
    if (!found?.content) throw new ApiError(HttpStatus.NOT_FOUND, 'Attachment not found or not stored');
    return { filename: found.filename, content: found.content };
  }

  private async mapAll(rows: InboundMessageRow[]): Promise<InboundMail[]> {
    const attachments = await this.repository.attachmentsOf(rows.map((row) => row.id));
    return rows.map((row) =>
      mapInboundMail(
        row,
        attachments.filter((entry) => entry.inbound_message_id === row.id),
      ),
    );
  }
}

export function mapInboundMail(row: InboundMessageRow, attachments: InboundAttachmentRow[]): InboundMail {
  return {
    id: row.id,
    kind: row.kind,
    from: { name: row.from_name, address: row.from_address },
    subject: row.subject,
    sentAt: isoTimestamp(row.sent_at),
    receivedAt: isoTimestamp(row.created_at),
    text: row.text,
    quoted: row.quoted,
    html: row.html,
    attachments: attachments.map((attachment) => ({
      id: attachment.id,
      filename: attachment.filename,
      contentType: attachment.content_type,
      size: Number(attachment.size),
      stored: attachment.stored,
    })),
    enquiryId: row.enquiry_id,
  };
}

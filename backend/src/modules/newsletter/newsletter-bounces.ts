import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { ParsedMail } from 'mailparser';
import { Transactions } from '../../database/transactions.js';
import {
  InboundMailHandlers,
  type InboundMailHandler,
  type InboundMessage,
} from '../inbound-mail/inbound-mail-handlers.js';
import { NewsletterRepository, type DeliveryProblem } from './newsletter.repository.js';

/** The header every issue's mail carries naming the issue (its id), never the reader. */
export const newsletterIssueHeaderName = 'x-northbeam-issue';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A problem a report names: the address, and a hard bounce, a soft bounce or a complaint. */
export interface ReportedProblem {
  email: string;
  kind: DeliveryProblem;
}

/** The report of a message, when it is a delivery status notification or a feedback report. */
export interface DeliveryReport {
  problems: ReportedProblem[];
  /**
   * The issue named by the original message's headers, when the report quotes them (a DSN's
   * text/rfc822-headers part keeps them all; an attached message/rfc822 loses its X- headers in
   * mailparser's text, and then the issue last sent to the address is taken).
   */
  issueId: string | null;
}

/** `Name: value` fields of a header block (unfolded), lower-cased names; the first of each name. */
function fields(block: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const match = /^([A-Za-z0-9-]+):\s*(.*)$/.exec(line);
    if (match && !found.has(match[1].toLowerCase())) found.set(match[1].toLowerCase(), match[2].trim());
  }
  return found;
}

/** The address of an RFC 3464 / 5965 address field (`rfc822; a@b`, `<a@b>`, `Name <a@b>`), lower case. */
function addressOf(value: string | undefined): string | null {
  if (!value) return null;
  const bare = value.replace(/^rfc822\s*;\s*/i, '');
  const match = /<([^<>\s]+@[^<>\s]+)>/.exec(bare) ?? /([^\s<>;,]+@[^\s<>;,]+)/.exec(bare);
  return match ? match[1].toLowerCase() : null;
}

/** The texts of the report's parts: its attachments (as mailparser keeps them) and its text body. */
function partTexts(parsed: ParsedMail): { contentType: string; text: string }[] {
  const parts = parsed.attachments.map((attachment) => ({
    contentType: attachment.contentType.toLowerCase(),
    text: attachment.content.toString('utf8'),
  }));
  if (parsed.text) parts.push({ contentType: 'text/plain', text: parsed.text });
  return parts;
}

/** The issue id from the original message's headers, wherever the report quotes them. */
function quotedIssueId(texts: string[]): string | null {
  for (const text of texts) {
    const match = /^X-Northbeam-Issue:[ \t]*([0-9a-f-]{36})[ \t]*$/im.exec(text);
    if (match && uuidPattern.test(match[1])) return match[1].toLowerCase();
  }
  return null;
}

/**
 * Reads a delivery status notification (multipart/report; report-type=delivery-status, RFC 3464:
 * each recipient's Final-Recipient, Action and Status, 5.x.x a hard bounce and 4.x.x a soft one,
 * for an Action of failed or delayed) or a feedback report (report-type=feedback-report, RFC 5965:
 * a complaint about the original message's recipient). Anything else: null.
 */
export function readDeliveryReport(parsed: ParsedMail): DeliveryReport | null {
  const contentType = parsed.headers.get('content-type') as
    { value?: string; params?: Record<string, string> } | undefined;
  if (contentType?.value?.toLowerCase() !== 'multipart/report') return null;
  const reportType = contentType.params?.['report-type']?.toLowerCase();
  const parts = partTexts(parsed);
  const issueId = quotedIssueId(parts.map((part) => part.text));
  if (reportType === 'delivery-status') {
    // mailparser keeps message/delivery-status as an attachment or folds it into the text: either way
    // the per-recipient blocks are the ones that name a Final-Recipient.
    const problems: ReportedProblem[] = [];
    for (const part of parts) {
      if (part.contentType === 'text/rfc822-headers' || part.contentType === 'message/rfc822') continue;
      for (const block of part.text.split(/\r?\n\s*\r?\n/)) {
        const found = fields(block);
        const email = addressOf(found.get('final-recipient') ?? found.get('original-recipient'));
        const action = found.get('action')?.toLowerCase();
        const status = /^([245])\.\d{1,3}\.\d{1,3}/.exec(found.get('status') ?? '');
        if (!email || !status || (action !== 'failed' && action !== 'delayed')) continue;
        if (status[1] === '2') continue;
        if (!problems.some((problem) => problem.email === email))
          problems.push({ email, kind: status[1] === '5' ? 'hard_bounce' : 'soft_bounce' });
      }
    }
    return problems.length > 0 ? { problems, issueId } : null;
  }
  if (reportType === 'feedback-report') {
    const report = parts.find((part) => part.contentType === 'message/feedback-report');
    const reported = report ? fields(report.text) : new Map<string, string>();
    // The complaining reader: Original-Rcpt-To when the report gives it, else the To of the original
    // message (mailparser shows an attached message's From, Subject, Date and To in the text).
    let email = addressOf(reported.get('original-rcpt-to'));
    for (const part of parts) {
      if (email) break;
      if (part.contentType === 'message/feedback-report') continue;
      email = addressOf(/^To:[ \t]*(.+)$/im.exec(part.text)?.[1]);
    }
    return email ? { problems: [{ email, kind: 'complaint' }], issueId } : null;
  }
  return null;
}

/**
 * Keeps the list clean, as listmonk does (docs/product.md#newsletter-figures): hard bounces and
 * complaints reaching the connected mailbox mark the subscriber, who is no longer sent to; soft
 * bounces are counted only. Each is counted on the issue the original mail named. A report about an
 * address that is not a subscriber is left to the enquiry threading (answers false).
 */
@Injectable()
export class NewsletterBounces implements InboundMailHandler, OnModuleInit {
  readonly name = 'newsletter-bounces';
  private readonly logger = new Logger(NewsletterBounces.name);

  constructor(
    private readonly handlers: InboundMailHandlers,
    private readonly repository: NewsletterRepository,
    private readonly transactions: Transactions,
  ) {}

  onModuleInit(): void {
    this.handlers.register(this);
  }

  async take(message: InboundMessage): Promise<boolean> {
    let report: DeliveryReport | null;
    try {
      report = readDeliveryReport(message.parsed);
    } catch {
      return false;
    }
    if (!report) return false;
    const { problems, issueId } = report;
    const recorded = await this.transactions.run(async (manager) => {
      let count = 0;
      for (const problem of problems) {
        if (await this.repository.recordDeliveryProblem(manager, problem.email, problem.kind, issueId)) count += 1;
      }
      return count;
    });
    if (recorded > 0)
      this.logger.log(`Recorded ${recorded} newsletter delivery problem(s) from message ${message.uid}`);
    return recorded > 0;
  }
}

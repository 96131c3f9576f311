import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { formatDate, site, type DeletionRequestType } from '@northbeam/common';
import { APP_CONFIG, type AppConfig } from '../../core/config/config.js';
import { MAIL_OUTBOX, type MailOutbox } from './mail-outbox.js';

export interface DigestLine {
  requestId: string;
  status: string;
  deadlineAt: Date;
  overdue: boolean;
}

const typeLabels: Record<DeletionRequestType, string> = {
  full_deletion: 'full deletion',
  partial_deletion: 'partial deletion',
};

/** The privacy mails (docs/product.md#mail), written through the outbox inside the caller's transaction. */
@Injectable()
export class PrivacyMailer {
  constructor(
    @Inject(MAIL_OUTBOX) private readonly outbox: MailOutbox,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  verification(manager: EntityManager, to: string, requestId: string, requestType: DeletionRequestType, token: string) {
    // A page with a confirm button: opening the link (as mail scanners do) changes nothing.
    const link = `${this.config.publicUrl}/data-deletion/verify?token=${encodeURIComponent(token)}`;
    const text = [
      `We received a request to delete personal data held by ${site.name} about this email address (${typeLabels[requestType]}).`,
      `Request ID: ${requestId}`,
      '',
      `To confirm that you made this request, open this link within 14 days and press the confirm button:`,
      link,
      '',
      'If you did not make this request, ignore this email and nothing will happen.',
      `Our privacy team reviews confirmed requests within 5 business days; the whole process typically takes 10-15 business days.`,
    ].join('\n');
    return this.send(manager, to, `Confirm your data deletion request ${requestId}`, text, 'deletion_verification');
  }

  approved(manager: EntityManager, to: string, requestId: string, requestType: DeletionRequestType) {
    const next =
      requestType === 'full_deletion'
        ? 'We will now delete the personal data tied to this address and send a final confirmation when it is done.'
        : 'A member of our privacy team will contact you to agree which data to delete.';
    const text = [`Your data deletion request ${requestId} has been reviewed and approved.`, '', next].join('\n');
    return this.send(manager, to, `Your data deletion request ${requestId} is approved`, text, 'deletion_progress');
  }

  rejected(manager: EntityManager, to: string, requestId: string, reason: string) {
    const text = [
      `We could not carry out your data deletion request ${requestId}.`,
      '',
      `Reason: ${reason}`,
      '',
      `If you disagree, reply to ${site.privacyEmail}. You may also complain to the Information Commissioner's Office (ico.org.uk).`,
    ].join('\n');
    return this.send(manager, to, `Your data deletion request ${requestId}`, text, 'deletion_rejected');
  }

  completed(manager: EntityManager, to: string, requestId: string, summary: string) {
    const text = [
      `Your data deletion request ${requestId} is complete.`,
      '',
      summary,
      '',
      'Some records may be kept where the law requires it. To receive our newsletter again you would need to re-subscribe.',
      'This is the last email we send to this address about the request.',
    ].join('\n');
    return this.send(manager, to, `Your data deletion request ${requestId} is complete`, text, 'deletion_completed');
  }

  digest(manager: EntityManager, lines: DigestLine[]) {
    const text = [
      `Data deletion requests needing attention (${lines.length}):`,
      '',
      ...lines.map(
        (line) =>
          `${line.requestId}  ${line.status}  deadline ${formatDate(line.deadlineAt, 'yyyy-MM-dd')}${line.overdue ? '  OVERDUE' : '  due within 7 days'}`,
      ),
      '',
      `Open ${this.config.publicUrl}/admin/privacy to act on them.`,
    ].join('\n');
    return this.send(
      manager,
      this.config.privacyInbox,
      `Privacy digest: ${lines.length} deletion request(s) due`,
      text,
      'privacy_digest',
    );
  }

  private send(
    manager: EntityManager,
    to: string,
    subject: string,
    text: string,
    kind: Parameters<MailOutbox['enqueue']>[1]['kind'],
  ) {
    return this.outbox.enqueue(manager, { to, subject, text, html: toHtml(text), kind });
  }
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** Plain paragraphs with links made clickable; every value is escaped. */
function toHtml(text: string): string {
  const paragraphs = text.split(/\n{2,}/).map((block) =>
    escapeHtml(block)
      .replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>')
      .replace(/\n/g, '<br>'),
  );
  return `<!DOCTYPE html><html><body style="font-family:sans-serif;line-height:1.5">${paragraphs.map((p) => `<p>${p}</p>`).join('')}</body></html>`;
}

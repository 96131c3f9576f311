import { SiteSettingsService } from '../site-settings/site-settings.service.js';
import { Inject, Injectable, Optional } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { formatDate, site, type PrivacyRequestType } from '@northbeam/common';
import { APP_CONFIG, type AppConfig } from '../../core/config/config.js';
import { renderMail, type MailContent } from '../mail/mail-layout.js';
import { MailService } from '../mail/mail.service.js';

export interface DigestLine {
  requestId: string;
  requestType: PrivacyRequestType;
  status: string;
  deadlineAt: Date;
  overdue: boolean;
}

/** Every kind of mail the privacy module sends. */
export const privacyMailKinds = [
  'deletion_verification',
  'deletion_progress',
  'deletion_rejected',
  'deletion_completed',
  'access_export_ready',
  'privacy_extension',
  'privacy_digest',
] as const;
export type PrivacyMailKind = (typeof privacyMailKinds)[number];

const typeLabels: Record<PrivacyRequestType, string> = {
  full_deletion: 'full deletion',
  partial_deletion: 'partial deletion',
  access: 'a copy of your data',
};

/** "data deletion request" or "data access request", as the mails name a request. */
function requestNoun(type: PrivacyRequestType): string {
  return type === 'access' ? 'data access request' : 'data deletion request';
}

/**
 * The privacy mails (docs/product.md#mail, #privacy-requests), in the shared layout and through the
 * shared outbox, inside the caller's transaction.
 */
@Injectable()
export class PrivacyMailer {
  constructor(
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    /** The privacy mailbox of the site settings; PRIVACY_INBOX where there are none (unit tests). */
    @Optional() private readonly siteSettings: SiteSettingsService | null = null,
  ) {}

  verification(manager: EntityManager, to: string, requestId: string, requestType: PrivacyRequestType, token: string) {
    // A page with a confirm button: opening the link (as mail scanners do) changes nothing.
    const page = requestType === 'access' ? 'data-access' : 'data-deletion';
    const link = `${this.config.publicUrl}/${page}/verify?token=${encodeURIComponent(token)}`;
    const asked =
      requestType === 'access'
        ? `We received a request for a copy of the personal data ${site.name} holds about this email address.`
        : `We received a request to delete personal data held by ${site.name} about this email address (${typeLabels[requestType]}).`;
    return this.send(manager, 'deletion_verification', to, `Confirm your ${requestNoun(requestType)} ${requestId}`, {
      preview: 'Confirm the request with the link inside.',
      heading: `Confirm your ${requestNoun(requestType)}`,
      paragraphs: [
        asked,
        `Request ID: ${requestId}`,
        'To confirm that you made this request, open this link within 14 days and press the confirm button:',
      ],
      action: { label: 'Confirm the request', url: link },
      footer: [
        'If you did not make this request, ignore this email and nothing will happen.',
        'Our privacy team reviews confirmed requests within 5 business days; the whole process typically takes 10-15 business days.',
      ],
    });
  }

  approved(manager: EntityManager, to: string, requestId: string, requestType: PrivacyRequestType) {
    const next =
      requestType === 'full_deletion'
        ? 'We will now delete the personal data tied to this address and send a final confirmation when it is done.'
        : 'A member of our privacy team will contact you to agree which data to delete.';
    return this.send(manager, 'deletion_progress', to, `Your data deletion request ${requestId} is approved`, {
      preview: 'Your request is approved.',
      heading: 'Your request is approved',
      paragraphs: [`Your data deletion request ${requestId} has been reviewed and approved.`, next],
    });
  }

  async rejected(
    manager: EntityManager,
    to: string,
    requestId: string,
    requestType: PrivacyRequestType,
    reason: string,
  ) {
    const privacyEmail = await this.privacyEmail(manager);
    return this.send(manager, 'deletion_rejected', to, `Your ${requestNoun(requestType)} ${requestId}`, {
      preview: 'We could not carry out your request.',
      heading: 'We could not carry out your request',
      paragraphs: [
        `We could not carry out your ${requestNoun(requestType)} ${requestId}.`,
        `Reason: ${reason}`,
        `If you disagree, reply to ${privacyEmail}. You may also complain to the Information Commissioner's Office (ico.org.uk).`,
      ],
    });
  }

  completed(manager: EntityManager, to: string, requestId: string, summary: string) {
    return this.send(manager, 'deletion_completed', to, `Your data deletion request ${requestId} is complete`, {
      preview: 'Your request is complete.',
      heading: 'Your request is complete',
      paragraphs: [
        `Your data deletion request ${requestId} is complete.`,
        summary,
        'Some records may be kept where the law requires it. To receive our newsletter again you would need to re-subscribe.',
        'This is the last email we send to this address about the request.',
      ],
    });
  }

  /** The one-use link to the export of a data access request. */
  async exportReady(manager: EntityManager, to: string, requestId: string, token: string, expiresAt: Date) {
    const privacyEmail = await this.privacyEmail(manager);
    const link = `${this.config.publicUrl}/data-access/download?token=${encodeURIComponent(token)}`;
    return this.send(manager, 'access_export_ready', to, `Your data access request ${requestId}: your data is ready`, {
      preview: 'Your copy of your data is ready to download.',
      heading: 'Your data is ready',
      paragraphs: [
        `Your data access request ${requestId} is approved. A copy of every record we hold about this email address is ready: one ZIP file with the data as JSON and as a readable page.`,
        `The link works once and until ${formatDate(expiresAt, 'd MMM yyyy, HH:mm')} (UK time); after that the file is deleted.`,
      ],
      action: { label: 'Download your data', url: link },
      footer: [`Questions about your data: ${privacyEmail}.`],
    });
  }

  /** The deadline was extended (once, by up to two months), with the reason. */
  async extended(
    manager: EntityManager,
    to: string,
    requestId: string,
    requestType: PrivacyRequestType,
    deadline: Date,
    reason: string,
  ) {
    const privacyEmail = await this.privacyEmail(manager);
    return this.send(
      manager,
      'privacy_extension',
      to,
      `Your ${requestNoun(requestType)} ${requestId} needs more time`,
      {
        preview: 'We need more time to answer your request.',
        heading: 'We need more time',
        paragraphs: [
          `We need more time to complete your ${requestNoun(requestType)} ${requestId}.`,
          `Reason: ${reason}`,
          `We will answer by ${formatDate(deadline, 'd MMMM yyyy')}.`,
          `If you disagree, reply to ${privacyEmail}. You may also complain to the Information Commissioner's Office (ico.org.uk).`,
        ],
      },
    );
  }

  /** The privacy mailbox: the site settings' (PRIVACY_INBOX until staff change it). */
  private async privacyInbox(manager: EntityManager): Promise<string> {
    return (await this.siteSettings?.privacyInbox(manager)) ?? this.config.privacyInbox;
  }

  /** The privacy address visitors are told to write to: the site settings' (the brand facts' without them). */
  private async privacyEmail(manager: EntityManager): Promise<string> {
    return (await this.siteSettings?.publicSettings(manager))?.privacyEmail ?? site.privacyEmail;
  }

  async digest(manager: EntityManager, lines: DigestLine[]) {
    const inbox = await this.privacyInbox(manager);
    return this.send(manager, 'privacy_digest', inbox, `Privacy digest: ${lines.length} request(s) due`, {
      preview: `${lines.length} privacy request(s) due within 7 days or overdue.`,
      heading: `Privacy requests needing attention (${lines.length})`,
      paragraphs: [
        lines
          .map(
            (line) =>
              `${line.requestId}  ${line.status}  deadline ${formatDate(line.deadlineAt, 'yyyy-MM-dd')}${line.overdue ? '  OVERDUE' : '  due within 7 days'}  (${typeLabels[line.requestType]})`,
          )
          .join('\n'),
      ],
      action: { label: 'Open the requests', url: `${this.config.publicUrl}/admin/privacy` },
    });
  }

  private send(manager: EntityManager, kind: PrivacyMailKind, to: string, subject: string, content: MailContent) {
    return this.mail.enqueue(manager, { kind, to, subject, ...renderMail(content) });
  }
}

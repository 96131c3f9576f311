import { SiteSettingsService } from '../site-settings/site-settings.service.js';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { leadLimits, leadMessages, type ContactService as ServiceInterest } from '@northbeam/common';
import { APP_CONFIG, type AppConfig } from '../../core/config/config.js';
import { RateLimiter } from '../../core/rate-limit/rate-limiter.js';
import { Transactions } from '../../database/transactions.js';
import { AnalyticsClock } from '../analytics/analytics-clock.js';
import { ReadingPaths } from '../analytics/reading-paths.js';
import { MailService } from '../mail/mail.service.js';
import { contactNotificationMail, contactReceiptMail } from './contact.mails.js';
import { ContactRepository, type NewContactMessage } from './contact.repository.js';
import type { ContactAcceptedDto, CreateContactMessageDto } from './dto/create-contact-message.dto.js';
import { TurnstileVerifier } from './turnstile-verifier.js';
import { WebhookEvents } from '../webhooks/webhook-events.js';

export interface ContactClient {
  ip: string | undefined;
  /** Server time of the request, in milliseconds. */
  now: number;
  /** Used only to find the sender's visit for the pages read before it (with analytics consent). */
  userAgent?: string;
}

@Injectable()
export class ContactService {
  private readonly logger = new Logger(ContactService.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly transactions: Transactions,
    private readonly contactRepository: ContactRepository,
    private readonly rateLimiter: RateLimiter,
    private readonly turnstile: TurnstileVerifier,
    private readonly mailService: MailService,
    private readonly readingPaths: ReadingPaths,
    private readonly analyticsClock: AnalyticsClock,
    private readonly siteSettings: SiteSettingsService,
    private readonly webhookEvents: WebhookEvents,
  ) {}

  /**
   * Accepts an enquiry: rate limit per address; a submission that looks automated (honeypot or a
   * form sent faster than a person can) is kept as suspected spam for staff to look through, with
   * no mail and the same answer; otherwise the bot check, then the message and its two mails in one
   * transaction (docs/product.md#contact).
   */
  async submit(input: CreateContactMessageDto, client: ContactClient): Promise<ContactAcceptedDto> {
    await this.rateLimiter.enforce(
      `contact:${client.ip ?? 'unknown'}`,
      this.config.contactRateLimitMax,
      this.config.contactRateLimitWindowSeconds,
    );

    const accepted = { message: leadMessages.contactSent };
    const message: NewContactMessage = {
      name: input.name,
      email: input.email,
      company: input.company ?? null,
      service: input.service ?? null,
      message: input.message,
      consent: input.consent,
    };
    if (this.looksAutomated(input, client.now)) {
      // A person may have been caught (an autofilled trap field, a very quick paste): the message is
      // kept under Spam, where staff can rescue it, until the spam retention removes it. Nobody is
      // mailed, and the sender gets the same answer as everyone else.
      await this.transactions.run((manager) => this.contactRepository.insertSuspectedSpam(manager, message));
      this.logger.log('Contact form submission held as suspected spam (honeypot or filled too fast).');
      return accepted;
    }

    await this.turnstile.verify(input.turnstileToken, client.ip);

    // The settings the mails need are read before the transaction opens: inside it, nothing waits
    // on a query outside it (docs/adr/0009-persistence-and-transactions.md).
    const [inbox, settings] = await Promise.all([
      this.notificationInbox(message.service),
      this.siteSettings.publicSettings(),
    ]);
    await this.transactions.run(async (manager) => {
      const id = await this.contactRepository.insert(manager, message);
      // docs/product.md#content-to-enquiry: the pages read before it, only with analytics consent.
      await this.readingPaths.capture(manager, id, {
        ip: client.ip,
        userAgent: client.userAgent,
        now: this.analyticsClock.now(),
      });
      await this.mailService.enqueue(
        manager,
        contactNotificationMail(inbox, message, `${this.config.publicUrl}/admin/enquiries/${id}`),
      );
      await this.mailService.enqueue(manager, contactReceiptMail(message, settings));
      await this.webhookEvents.emit(manager, 'enquiry.created', {
        enquiry: {
          id,
          name: message.name,
          email: message.email,
          company: message.company,
          service: message.service,
          message: message.message,
          createdAt: new Date(client.now).toISOString(),
          adminUrl: `${this.config.publicUrl}/admin/enquiries/${id}`,
        },
      });
    });
    return accepted;
  }

  /**
   * ENQUIRY_ROUTES sends a service interest's enquiries to its own inbox; the rest go to the enquiry
   * mailbox of the site settings (CONTACT_INBOX until staff change it).
   */
  private async notificationInbox(service: string | null): Promise<string> {
    return (service && this.config.enquiryRoutes[service as ServiceInterest]) || this.siteSettings.enquiryInbox();
  }

  /** A filled honeypot, or a form sent under 3 s after the page loaded (or with no usable start time). */
  private looksAutomated(input: CreateContactMessageDto, now: number): boolean {
    // Optional fields may arrive as null: only a non-blank string is a filled-in honeypot.
    if (typeof input.website === 'string' && input.website.trim() !== '') return true;
    const startedAt = Number(input.startedAt);
    if (!input.startedAt || !Number.isFinite(startedAt)) return true;
    return now - startedAt < leadLimits.contactMinimumFillMs;
  }
}

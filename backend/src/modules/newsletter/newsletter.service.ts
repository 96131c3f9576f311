import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { leadMessages, type UnsubscribeResult } from '@northbeam/common';
import { APP_CONFIG, type AppConfig } from '../../core/config/config.js';
import { emailHash } from '../../core/crypto/email-hash.js';
import { ApiError } from '../../core/http/api-error.js';
import { RateLimiter } from '../../core/rate-limit/rate-limiter.js';
import { MailService } from '../mail/mail.service.js';
import type { SubscribeDto } from './dto/email.dto.js';
import { newsletterConfirmationMail, newsletterUnsubscribeLinkMail } from './newsletter.mails.js';
import { NewsletterRepository } from './newsletter.repository.js';
import { isSuppressed } from './suppression-list.repository.js';
import { Transactions } from '../../database/transactions.js';
import { WebhookEvents } from '../webhooks/webhook-events.js';

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

@Injectable()
export class NewsletterService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly newsletterRepository: NewsletterRepository,
    private readonly mailService: MailService,
    private readonly rateLimiter: RateLimiter,
    private readonly transactions: Transactions,
    private readonly webhookEvents: WebhookEvents,
  ) {}

  /**
   * Double opt-in. Idempotent, and the answer's words never reveal whether the address was known:
   * a confirmation mail goes out for a new or formerly unsubscribed address, or again for a pending
   * one after ten minutes; a confirmed or suppressed address gets nothing.
   */
  async subscribe(input: SubscribeDto, clientIp: string | undefined): Promise<{ message: string }> {
    // Each sign-up may mail the address: limits per client and per inbox keep the form from being
    // used to flood someone's mailbox; nothing is stored past them.
    await this.rateLimiter.enforceMailingForm('subscribe', clientIp, input.email, {
      perClient: this.config.subscribeRateLimitMax,
      perRecipient: this.config.subscribeRecipientRateLimitMax,
      windowSeconds: this.config.subscribeRateLimitWindowSeconds,
    });
    const token = randomBytes(32).toString('base64url');
    const subscriber = {
      email: input.email,
      source: input.source ?? null,
      page: input.page ?? null,
      confirmTokenHash: sha256(token),
    };
    await this.transactions.run(async (manager) => {
      // A removed or erased address is not mailed again, not even a confirmation (docs/product.md#subscribers-admin).
      if (await isSuppressed(manager, emailHash(this.config.sessionSecret, input.email))) return;
      const inserted = await this.newsletterRepository.insertPending(manager, subscriber);
      const mailDue = inserted || (await this.newsletterRepository.renewConfirmation(manager, subscriber));
      if (mailDue)
        await this.mailService.enqueue(
          manager,
          newsletterConfirmationMail(input.email, this.links(input.email, token)),
        );
    });
    return { message: leadMessages.subscribeThanks };
  }

  /** True when the token confirmed (or had already confirmed) a subscription. */
  async confirm(token: string | undefined): Promise<boolean> {
    if (!token || token.length > 200) return false;
    return this.transactions.run(async (manager) => {
      const confirmed = await this.newsletterRepository.confirmByTokenHash(manager, sha256(token));
      if (confirmed?.newlyConfirmed)
        await this.webhookEvents.emit(manager, 'subscriber.confirmed', {
          subscriber: {
            id: confirmed.id,
            email: confirmed.email,
            confirmedAt: new Date(confirmed.confirmedAt).toISOString(),
          },
        });
      return confirmed !== undefined;
    });
  }

  /**
   * `/unsubscribe` (docs/product.md#unsubscribe). With the token of a mailed link the address is
   * unsubscribed (400 for a token not signed for it). Without one, nobody but the inbox's owner may
   * unsubscribe it: a signed link is mailed to the address if it is signed up, with limits per client
   * and per inbox, and the answer's words are the same whether or not it is.
   */
  async unsubscribe(
    email: string,
    token: string | undefined,
    clientIp: string | undefined,
    issue?: string,
  ): Promise<UnsubscribeResult> {
    if (token !== undefined) return this.unsubscribeSigned(email, token, issue);
    await this.rateLimiter.enforceMailingForm('unsubscribe-link', clientIp, email, {
      perClient: this.config.unsubscribeLinkRateLimitMax,
      perRecipient: this.config.unsubscribeLinkRecipientRateLimitMax,
      windowSeconds: this.config.unsubscribeLinkRateLimitWindowSeconds,
    });
    await this.transactions.run(async (manager) => {
      if (await isSuppressed(manager, emailHash(this.config.sessionSecret, email))) return;
      if (!(await this.newsletterRepository.isSignedUp(manager, email))) return;
      await this.mailService.enqueue(manager, newsletterUnsubscribeLinkMail(email, this.unsubscribeLinks(email)));
    });
    return { message: leadMessages.unsubscribeLinkSent, outcome: 'link_sent' };
  }

  /**
   * Unsubscribes the address when the token is its signature, which only our mails carry (the page's
   * link and RFC 8058 one-click alike); same answer whether or not the address was subscribed. An
   * issue's link names the issue (its web slug, nothing of the reader's): the unsubscribe is counted
   * on it (docs/product.md#newsletter-figures).
   */
  async unsubscribeSigned(email: string, token: string, issue?: string): Promise<UnsubscribeResult> {
    const expected = Buffer.from(this.unsubscribeSignature(email));
    const given = Buffer.from(token);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      throw new ApiError(HttpStatus.BAD_REQUEST, leadMessages.unsubscribeLinkInvalid);
    }
    await this.transactions.run(async (manager) => {
      const left = await this.newsletterRepository.unsubscribe(manager, email);
      if (left && issue) await this.newsletterRepository.countIssueUnsubscribe(manager, issue);
      if (left)
        await this.webhookEvents.emit(manager, 'subscriber.unsubscribed', {
          subscriber: { id: left.id, email: left.email, unsubscribedAt: new Date(left.unsubscribedAt).toISOString() },
        });
    });
    return { message: leadMessages.unsubscribed, outcome: 'unsubscribed' };
  }

  /** The signature of a (trimmed, lower-cased) address: the token of its unsubscribe links. */
  unsubscribeSignature(email: string): string {
    return createHmac('sha256', this.config.sessionSecret)
      .update(`newsletter-unsubscribe:${email.trim().toLowerCase()}`)
      .digest('base64url');
  }

  private links(email: string, token: string) {
    return {
      // The confirm page: opening it changes nothing, its button confirms (mail scanners open links).
      confirmUrl: `${this.config.publicUrl}/newsletter/confirm?token=${encodeURIComponent(token)}`,
      ...this.unsubscribeLinks(email),
    };
  }

  /**
   * The address's own unsubscribe page and its RFC 8058 one-click target, both carrying the address's
   * signature (every mail to a subscriber carries both; the page sends the token back).
   */
  unsubscribeLinks(email: string, issue?: string): { unsubscribePageUrl: string; oneClickUnsubscribeUrl: string } {
    const base = this.config.publicUrl;
    const signed = `email=${encodeURIComponent(email)}&token=${this.unsubscribeSignature(email)}${issue ? `&issue=${encodeURIComponent(issue)}` : ''}`;
    return {
      unsubscribePageUrl: `${base}/unsubscribe?${signed}`,
      oneClickUnsubscribeUrl: `${base}/api/unsubscribe/one-click?${signed}`,
    };
  }
}

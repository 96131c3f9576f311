import { Logger } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import type { ClaimedMail } from './mail.repository.js';

/** Sends one mail or throws. */
export interface MailTransport {
  readonly kind: 'smtp' | 'log';
  send(from: string, mail: ClaimedMail): Promise<void>;
  close(): void;
}

export const MAIL_TRANSPORT = Symbol('MAIL_TRANSPORT');

/**
 * Mails the dispatcher has in flight at once, and the SMTP connections pooled for them: one at a
 * time, each waiting for the server's answer, a newsletter to 10,000 readers went out at about 70 a
 * second; the budget is 100 (docs/product.md#budgets).
 */
export const sendConcurrency = 5;

/**
 * nodemailer over SMTP_URL, with timeouts short enough to stay inside the dispatcher's lease. Pooled:
 * one connection carries many mails (a newsletter to thousands would otherwise open a connection,
 * greet and quit for each); a connection that breaks fails its mail, which the outbox retries.
 */
export class SmtpMailTransport implements MailTransport {
  readonly kind = 'smtp';
  private readonly transporter: Transporter;

  constructor(smtpUrl: string) {
    const url = new URL(smtpUrl);
    this.transporter = nodemailer.createTransport({
      host: url.hostname,
      port: url.port ? Number(url.port) : url.protocol === 'smtps:' ? 465 : 587,
      secure: url.protocol === 'smtps:',
      pool: true,
      maxConnections: sendConcurrency,
      maxMessages: 500,
      auth: url.username
        ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
        : undefined,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 60_000,
    });
  }

  async send(from: string, mail: ClaimedMail): Promise<void> {
    await this.transporter.sendMail({
      from,
      to: mail.toAddress,
      subject: mail.subject,
      text: mail.textBody,
      html: mail.htmlBody,
      headers: mail.headers,
    });
  }

  close(): void {
    this.transporter.close();
  }
}

/** Development fallback without SMTP_URL: the mail goes to the log and counts as sent. */
export class LogMailTransport implements MailTransport {
  readonly kind = 'log';
  private readonly logger = new Logger('Mail');

  send(from: string, mail: ClaimedMail): Promise<void> {
    this.logger.log(
      `Mail not sent (no SMTP_URL), logged instead. From: ${from}. To: ${mail.toAddress}. Subject: ${mail.subject}.\n${mail.textBody}`,
    );
    return Promise.resolve();
  }

  close(): void {}
}

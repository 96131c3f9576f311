import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { APP_CONFIG, type AppConfig } from '../../core/config/config.js';
import { MAIL_TRANSPORT, sendConcurrency, type MailTransport } from './mail-transport.js';
import { MailRepository, type ClaimedMail } from './mail.repository.js';

const batchSize = 50;
/** A claimed row is not claimed again for this long, so a send in progress is never repeated. */
const leaseSeconds = 300;
const maximumRetryDelayMs = 60 * 60 * 1000;
/** About two days of retries with the default first delay before a mail is given up as failed. */
export const maximumAttempts = 12;
/**
 * Newsletter copies one instance sends a second at most. Unpaced, a send to 10,000 readers went at
 * 400+ a second and took the cached pages below half the static rate on two cores; the budget asks
 * for 100 a second with the pages unaffected (docs/product.md#budgets).
 */
export const newsletterMailsPerSecond = 150;

export interface DispatchResult {
  sent: number;
  failed: number;
}

/** Exponential back-off: base, 2×base, 4×base … capped at an hour. */
export function retryDelayMs(attempts: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), maximumRetryDelayMs);
}

/** Sends due outbox rows on a schedule; `dispatchDue()` may also be called directly. */
@Injectable()
export class MailDispatcher implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(MailDispatcher.name);
  private running: Promise<DispatchResult> | undefined;
  /** The newsletter pace, and the clock it is kept by (tests give their own). */
  newsletterPace = newsletterMailsPerSecond;
  now = (): number => performance.now();
  wait = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(MAIL_TRANSPORT) private readonly transport: MailTransport,
    private readonly mailRepository: MailRepository,
    private readonly schedulerRegistry: SchedulerRegistry,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.mailDispatchIntervalMs <= 0) return;
    const interval = setInterval(() => {
      this.dispatchDue().catch((error: unknown) => this.logger.error(`Mail dispatch failed: ${String(error)}`));
    }, this.config.mailDispatchIntervalMs);
    interval.unref();
    this.schedulerRegistry.addInterval('mail-dispatcher', interval);
  }

  onApplicationShutdown(): void {
    if (this.schedulerRegistry.doesExist('interval', 'mail-dispatcher'))
      this.schedulerRegistry.deleteInterval('mail-dispatcher');
    this.transport.close();
  }

  /** Sends every due mail; a call while one is running in this process joins that run. */
  dispatchDue(): Promise<DispatchResult> {
    this.running ??= this.dispatchAll().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async dispatchAll(): Promise<DispatchResult> {
    const result: DispatchResult = { sent: 0, failed: 0 };
    const started = this.now();
    let newsletterCopies = 0;
    for (;;) {
      const batch = await this.mailRepository.claimDue(batchSize, leaseSeconds);
      // An unsubscribe during a newsletter send stops the copies not yet sent to that address.
      const cancelled = await this.mailRepository.cancelUnsubscribed(
        batch.filter((mail) => mail.newsletterIssueId !== null).map((mail) => mail.id),
      );
      const waiting = batch.filter((mail) => !cancelled.has(mail.id));
      const sender = async () => {
        for (let mail = waiting.shift(); mail; mail = waiting.shift()) await this.sendOne(mail, result);
      };
      newsletterCopies += waiting.filter((mail) => mail.newsletterIssueId !== null).length;
      await Promise.all(Array.from({ length: Math.min(sendConcurrency, waiting.length) }, sender));
      if (batch.length < batchSize) return result;
      // Other mails are claimed first (see claimDue), so the wait holds back only newsletter copies.
      const ahead = (newsletterCopies / this.newsletterPace) * 1000 - (this.now() - started);
      if (ahead > 0) await this.wait(ahead);
    }
  }

  /** Sends one claimed mail and records the outcome; a failure is retried later, never thrown. */
  private async sendOne(mail: ClaimedMail, result: DispatchResult): Promise<void> {
    try {
      await this.transport.send(this.config.mailFrom, mail);
      await this.mailRepository.markSent(mail.id);
      result.sent += 1;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const giveUp = mail.attempts >= maximumAttempts;
      await this.mailRepository.markFailed(
        mail.id,
        message,
        retryDelayMs(mail.attempts, this.config.mailRetryBaseMs) / 1000,
        giveUp,
      );
      result.failed += 1;
      this.logger.warn(
        `Mail ${mail.id} (${mail.kind}) attempt ${mail.attempts} failed${giveUp ? ', given up' : ', will retry'}: ${message}`,
      );
    }
  }
}

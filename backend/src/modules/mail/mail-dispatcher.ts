import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { APP_CONFIG, type AppConfig } from '../../core/config/config.js';
import { OutboxRunner, type OutboxOutcome } from '../../core/outbox/outbox-runner.js';
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

/**
 * Sends due outbox rows on a schedule through the outbox runner (core/outbox/outbox-runner.ts);
 * `dispatchDue()` may also be called directly. Newsletter copies are cancelled when their reader
 * unsubscribed since the issue was queued, and paced at `newsletterPace` a second.
 */
@Injectable()
export class MailDispatcher implements OnApplicationBootstrap, OnApplicationShutdown {
  /** The newsletter pace, and the clock it is kept by (tests give their own). */
  newsletterPace = newsletterMailsPerSecond;
  now = (): number => performance.now();
  wait = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
  /** The pass's start on `now`, and the newsletter copies it has sent, for the pace. */
  private pace = { started: 0, newsletterCopies: 0 };
  private readonly runner: OutboxRunner<ClaimedMail, OutboxOutcome>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(MAIL_TRANSPORT) private readonly transport: MailTransport,
    private readonly mailRepository: MailRepository,
    private readonly schedulerRegistry: SchedulerRegistry,
  ) {
    this.runner = new OutboxRunner<ClaimedMail, OutboxOutcome>({
      name: 'Mail',
      batchSize,
      concurrency: sendConcurrency,
      claim: (limit) => this.mailRepository.claimDue(limit, leaseSeconds),
      passStarted: () => {
        this.pace = { started: this.now(), newsletterCopies: 0 };
      },
      prepare: async (batch) => {
        // An unsubscribe during a newsletter send stops the copies not yet sent to that address.
        const cancelled = await this.mailRepository.cancelUnsubscribed(
          batch.filter((mail) => mail.newsletterIssueId !== null).map((mail) => mail.id),
        );
        const waiting = batch.filter((mail) => !cancelled.has(mail.id));
        this.pace.newsletterCopies += waiting.filter((mail) => mail.newsletterIssueId !== null).length;
        return waiting;
      },
      send: async (mail) => {
        try {
          await this.transport.send(this.config.mailFrom, mail);
          return { ok: true };
        } catch (error) {
          return { ok: false, error: error instanceof Error ? error.message : String(error) };
        }
      },
      markSent: (mail) => this.mailRepository.markSent(mail.id),
      retryDelayMs: (mail) =>
        mail.attempts >= maximumAttempts ? null : retryDelayMs(mail.attempts, this.config.mailRetryBaseMs),
      markFailed: (mail, outcome, retryInMs) =>
        this.mailRepository.markFailed(
          mail.id,
          outcome.error ?? 'Not sent',
          (retryInMs ?? retryDelayMs(mail.attempts, this.config.mailRetryBaseMs)) / 1000,
          retryInMs === null,
        ),
      release: (mails) => this.mailRepository.release(mails.map((mail) => mail.id)),
      // Other mails are claimed first (see claimDue), so the wait holds back only newsletter copies.
      betweenBatches: async () => {
        const ahead = (this.pace.newsletterCopies / this.newsletterPace) * 1000 - (this.now() - this.pace.started);
        if (ahead > 0) await this.wait(ahead);
      },
      describe: (mail) => `Mail ${mail.id} (${mail.kind})`,
    });
  }

  onApplicationBootstrap(): void {
    this.runner.start(this.schedulerRegistry, 'mail-dispatcher', this.config.mailDispatchIntervalMs);
  }

  /** Lets the sends under way finish (the claimed mails not sent go back to the outbox), then closes the transport. */
  async onApplicationShutdown(): Promise<void> {
    await this.runner.stop(this.schedulerRegistry, 'mail-dispatcher');
    this.transport.close();
  }

  /** Sends every due mail; a call while one is running in this process joins that run. */
  dispatchDue(): Promise<DispatchResult> {
    return this.runner.runDue();
  }
}

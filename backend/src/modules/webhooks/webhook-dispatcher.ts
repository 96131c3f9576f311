import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { Webhook } from 'standardwebhooks';
import { site, webhookLimits, webhookMessages } from '@northbeam/common';
import { APP_CONFIG, type AppConfig } from '../../core/config/config.js';
import { SecretBox } from '../../core/crypto/secret-box.js';
import { OutboxRunner } from '../../core/outbox/outbox-runner.js';
import { Transactions } from '../../database/transactions.js';
import { ActivityService } from '../activity/activity.service.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import { webhookPausedMail } from './webhooks.mails.js';
import { slackText } from './webhook-payloads.js';
import { WebhookSender, type AttemptOutcome } from './webhook-sender.js';
import { WebhooksRepository, type ClaimedDelivery } from './webhooks.repository.js';

const batchSize = 20;
const concurrency = 4;
/** A claimed delivery is not claimed again for this long (well past the attempt's timeout). */
const leaseMs = 60_000;

export interface WebhookDispatchResult {
  delivered: number;
  failed: number;
}

/** When the next attempt after `attempts` failed ones is due, or null when the delivery is given up. */
export function nextAttemptAt(attempts: number, now: Date): Date | null {
  const delay = retryDelayMs(attempts);
  return delay === null ? null : new Date(now.getTime() + delay);
}

/** The wait before the next attempt after `attempts` failed ones, or null when the delivery is given up. */
function retryDelayMs(attempts: number): number | null {
  const delay = webhookLimits.retryDelaysSeconds[attempts - 1];
  return delay === undefined ? null : delay * 1000;
}

/**
 * Sends due webhook deliveries (docs/webhooks.md#delivery): claimed from the outbox with SKIP LOCKED
 * (several instances share the work, a delivery is attempted by one at a time), signed as Standard
 * Webhooks says, retried with back-off for about a day. An endpoint that fails every attempt for a
 * day is paused and the admins are told. `now` is the dispatcher's clock: tests move it on instead
 * of waiting for the back-off. The claim loop is the outbox runner's (core/outbox/outbox-runner.ts).
 */
@Injectable()
export class WebhookDispatcher implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly secrets: SecretBox;
  private readonly runner: OutboxRunner<ClaimedDelivery, AttemptOutcome & { at: Date }>;
  now = (): Date => new Date();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repository: WebhooksRepository,
    private readonly sender: WebhookSender,
    private readonly transactions: Transactions,
    private readonly activity: ActivityService,
    private readonly notifications: NotificationsService,
    private readonly schedulerRegistry: SchedulerRegistry,
  ) {
    this.secrets = new SecretBox(config.sessionSecret, 'webhook-secret-v1');
    this.runner = new OutboxRunner({
      name: 'Webhook',
      batchSize,
      concurrency,
      claim: (limit) => {
        const now = this.now();
        return this.repository.claimDue(limit, now, new Date(now.getTime() + leaseMs));
      },
      send: (delivery) => this.attempt(delivery),
      markSent: async (delivery, attempt) => {
        await this.repository.recordAttempt(delivery.id, attempt, 'delivered', null);
        await this.repository.recordEndpointSuccess(delivery.endpointId);
      },
      retryDelayMs: (delivery) => retryDelayMs(delivery.attempts),
      markFailed: (delivery, attempt, retryInMs) => this.recordFailure(delivery, attempt, retryInMs),
      release: (deliveries) =>
        this.repository.release(
          deliveries.map((delivery) => delivery.id),
          this.now(),
        ),
      describe: (delivery) => `Webhook ${delivery.id} (${delivery.payload.type})`,
    });
  }

  onApplicationBootstrap(): void {
    this.runner.start(this.schedulerRegistry, 'webhook-dispatcher', this.config.webhookDispatchIntervalMs);
  }

  /** Lets the attempts under way finish (the claimed deliveries not attempted go back to the outbox). */
  async onApplicationShutdown(): Promise<void> {
    await this.runner.stop(this.schedulerRegistry, 'webhook-dispatcher');
  }

  /** Attempts every due delivery; a call while one runs in this process joins that run. */
  async dispatchDue(): Promise<WebhookDispatchResult> {
    const { sent, failed } = await this.runner.runDue();
    return { delivered: sent, failed };
  }

  /** The request of one delivery: the body in the endpoint's format, and the Standard Webhooks headers. */
  private request(delivery: ClaimedDelivery, at: Date): { headers: Record<string, string>; body: string } | string {
    const secret = this.secrets.open(delivery.secretSealed);
    if (secret === null) return 'The signing secret cannot be read (SESSION_SECRET changed?): make a new one';
    const body =
      delivery.format === 'slack'
        ? JSON.stringify({ text: slackText(delivery.payload) })
        : JSON.stringify(delivery.payload);
    const signature = new Webhook(secret).sign(delivery.messageId, at, body);
    return {
      body,
      headers: {
        'content-type': 'application/json',
        'user-agent': `${site.name}-Webhooks/1`,
        'webhook-id': delivery.messageId,
        'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
        'webhook-signature': signature,
      },
    };
  }

  /** One attempt at a delivery, at the dispatcher's `now`. */
  private async attempt(delivery: ClaimedDelivery): Promise<AttemptOutcome & { at: Date }> {
    const at = this.now();
    const request = this.request(delivery, at);
    const outcome: AttemptOutcome =
      typeof request === 'string'
        ? { ok: false, statusCode: null, durationMs: 0, responseExcerpt: null, error: request }
        : await this.sender.send(delivery.url, request.headers, request.body);
    return { ...outcome, at };
  }

  /**
   * Records a failed attempt (pending again after `retryInMs`, or given up) and counts it against the
   * endpoint, which is paused, and the admins told, after a day of failures.
   */
  private async recordFailure(
    delivery: ClaimedDelivery,
    attempt: AttemptOutcome & { at: Date },
    retryInMs: number | null,
  ): Promise<void> {
    const { at } = attempt;
    const next = retryInMs === null ? null : new Date(at.getTime() + retryInMs);
    await this.repository.recordAttempt(delivery.id, attempt, next ? 'pending' : 'failed', next);
    await this.transactions.run(async (manager) => {
      const paused = await this.repository.recordEndpointFailure(
        manager,
        delivery.endpointId,
        at,
        webhookLimits.pauseAfterFailures,
        webhookLimits.pauseAfterHours,
        webhookMessages.autoPaused(webhookLimits.pauseAfterHours),
      );
      if (!paused) return;
      await this.activity.record(manager, {
        actor: null,
        action: 'webhook.paused',
        target: { type: 'webhook_endpoint', id: paused.id, label: paused.url },
      });
      await this.notifications.notify(
        manager,
        'webhook_paused',
        { admins: true },
        {
          title: `Webhook endpoint paused: ${paused.url}`,
          path: `/admin/webhooks?endpoint=${paused.id}`,
          mail: (recipient, accountUrl) =>
            webhookPausedMail(
              recipient,
              accountUrl,
              paused.url,
              `${this.config.publicUrl}/admin/webhooks?endpoint=${paused.id}`,
            ),
        },
      );
    });
  }
}

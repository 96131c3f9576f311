import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { Webhook } from 'standardwebhooks';
import { site, webhookLimits, webhookMessages } from '@northbeam/common';
import { APP_CONFIG, type AppConfig } from '../../core/config/config.js';
import { SecretBox } from '../../core/crypto/secret-box.js';
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
  const delay = webhookLimits.retryDelaysSeconds[attempts - 1];
  return delay === undefined ? null : new Date(now.getTime() + delay * 1000);
}

/**
 * Sends due webhook deliveries (docs/webhooks.md#delivery): claimed from the outbox with SKIP LOCKED
 * (several instances share the work, a delivery is attempted by one at a time), signed as Standard
 * Webhooks says, retried with back-off for about a day. An endpoint that fails every attempt for a
 * day is paused and the admins are told. `now` is the dispatcher's clock: tests move it on instead
 * of waiting for the back-off.
 */
@Injectable()
export class WebhookDispatcher implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(WebhookDispatcher.name);
  private readonly secrets: SecretBox;
  private running: Promise<WebhookDispatchResult> | undefined;
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
  }

  onApplicationBootstrap(): void {
    if (this.config.webhookDispatchIntervalMs <= 0) return;
    const interval = setInterval(() => {
      this.dispatchDue().catch((error: unknown) => this.logger.error(`Webhook dispatch failed: ${String(error)}`));
    }, this.config.webhookDispatchIntervalMs);
    interval.unref();
    this.schedulerRegistry.addInterval('webhook-dispatcher', interval);
  }

  onApplicationShutdown(): void {
    if (this.schedulerRegistry.doesExist('interval', 'webhook-dispatcher'))
      this.schedulerRegistry.deleteInterval('webhook-dispatcher');
  }

  /** Attempts every due delivery; a call while one runs in this process joins that run. */
  dispatchDue(): Promise<WebhookDispatchResult> {
    this.running ??= this.dispatchAll().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async dispatchAll(): Promise<WebhookDispatchResult> {
    const result: WebhookDispatchResult = { delivered: 0, failed: 0 };
    for (;;) {
      const now = this.now();
      const batch = await this.repository.claimDue(batchSize, now, new Date(now.getTime() + leaseMs));
      const waiting = [...batch];
      const worker = async () => {
        for (let delivery = waiting.shift(); delivery; delivery = waiting.shift()) await this.attempt(delivery, result);
      };
      await Promise.all(Array.from({ length: Math.min(concurrency, batch.length) }, worker));
      if (batch.length < batchSize) return result;
    }
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

  private async attempt(delivery: ClaimedDelivery, result: WebhookDispatchResult): Promise<void> {
    const at = this.now();
    const request = this.request(delivery, at);
    const outcome: AttemptOutcome =
      typeof request === 'string'
        ? { ok: false, statusCode: null, durationMs: 0, responseExcerpt: null, error: request }
        : await this.sender.send(delivery.url, request.headers, request.body);
    const attempt = { ...outcome, at };
    try {
      if (outcome.ok) {
        await this.repository.recordAttempt(delivery.id, attempt, 'delivered', null);
        await this.repository.recordEndpointSuccess(delivery.endpointId);
        result.delivered += 1;
        return;
      }
      const next = nextAttemptAt(delivery.attempts, at);
      await this.repository.recordAttempt(delivery.id, attempt, next ? 'pending' : 'failed', next);
      result.failed += 1;
      this.logger.warn(
        `Webhook ${delivery.id} (${delivery.payload.type}) attempt ${delivery.attempts} failed${next ? ', will retry' : ', given up'}: ${outcome.error}`,
      );
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
    } catch (error) {
      // The lease brings the delivery back: an attempt whose outcome could not be written is retried.
      this.logger.error(`Recording webhook ${delivery.id} failed: ${String(error)}`);
    }
  }
}

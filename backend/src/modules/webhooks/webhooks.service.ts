import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  messages,
  webhookEndpointActions,
  webhookLimits,
  webhookMessages,
  webhookDeliveryActions,
  webhookTestEventType,
  type ActivityAction,
  type ListPage,
  type StaffUser,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointAction,
  type WebhookEndpointWithSecret,
} from '@northbeam/common';
import { APP_CONFIG, type AppConfig } from '../../core/config/config.js';
import { SecretBox } from '../../core/crypto/secret-box.js';
import { ApiError } from '../../core/http/api-error.js';
import { isUuid } from '../../core/validation/uuid.js';
import { Transactions } from '../../database/transactions.js';
import { ActivityService } from '../activity/activity.service.js';
import { mapDelivery, mapEndpoint, type SaveWebhookEndpointDto } from './dto/webhook.dto.js';
import { endpointUrlProblem } from './webhook-address.js';
import { newMessageId, newSigningSecret, webhookPayload } from './webhook-payloads.js';
import { WebhooksRepository, type EndpointRecord, type EndpointValues } from './webhooks.repository.js';
import { listPage } from '../../core/http/list-page.js';

/**
 * Webhook endpoints on `/admin/webhooks` (docs/webhooks.md, docs/product.md#webhooks): admins and
 * super admins add, change, pause, resume and delete them, make a new signing secret (shown once),
 * send a test, read each one's delivery log and redeliver an event. Every change is in the activity
 * log under the endpoint's address; the secret never is.
 */
@Injectable()
export class WebhooksService {
  private readonly secrets: SecretBox;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repository: WebhooksRepository,
    private readonly transactions: Transactions,
    private readonly activity: ActivityService,
  ) {
    this.secrets = new SecretBox(config.sessionSecret, 'webhook-secret-v1');
  }

  async list(page: number, user: StaffUser): Promise<ListPage<WebhookEndpoint>> {
    return listPage(
      page,
      webhookLimits.pageSize,
      (offset, limit) => this.repository.endpointPage(offset, limit),
      (row) => mapEndpoint(row, user),
    );
  }

  async find(id: string, user: StaffUser): Promise<WebhookEndpoint> {
    const row = isUuid(id) ? await this.repository.findEndpoint(id) : undefined;
    if (!row) throw new ApiError(HttpStatus.NOT_FOUND, webhookMessages.notFound);
    return mapEndpoint(row, user);
  }

  async create(dto: SaveWebhookEndpointDto, user: StaffUser): Promise<WebhookEndpointWithSecret> {
    if (!webhookEndpointActions(null, user).includes('edit'))
      throw new ApiError(HttpStatus.FORBIDDEN, messages.forbidden);
    const values = this.values(dto);
    const secret = newSigningSecret();
    const row = await this.transactions.run(async (manager) => {
      const created = await this.repository.insertEndpoint(manager, values, this.secrets.seal(secret));
      await this.record(manager, user, 'webhook.created', created);
      return created;
    });
    return { endpoint: mapEndpoint(row, user), secret };
  }

  async update(id: string, dto: SaveWebhookEndpointDto, user: StaffUser): Promise<WebhookEndpoint> {
    const values = this.values(dto);
    return this.change(id, user, 'edit', 'webhook.updated', (manager, row) =>
      this.repository.updateEndpoint(manager, row.id, values),
    );
  }

  async rotateSecret(id: string, user: StaffUser): Promise<WebhookEndpointWithSecret> {
    const secret = newSigningSecret();
    const endpoint = await this.change(id, user, 'rotate_secret', 'webhook.secret_rotated', (manager, row) =>
      this.repository.setSecret(manager, row.id, this.secrets.seal(secret)),
    );
    return { endpoint, secret };
  }

  pause(id: string, user: StaffUser): Promise<WebhookEndpoint> {
    return this.change(
      id,
      user,
      'pause',
      'webhook.paused',
      (manager, row) => this.repository.setStatus(manager, row.id, 'paused', `Paused by ${user.name}`),
      webhookMessages.alreadyPaused,
    );
  }

  resume(id: string, user: StaffUser): Promise<WebhookEndpoint> {
    return this.change(
      id,
      user,
      'resume',
      'webhook.resumed',
      (manager, row) => this.repository.setStatus(manager, row.id, 'active', null),
      webhookMessages.notPaused,
    );
  }

  async delete(id: string, user: StaffUser): Promise<void> {
    await this.change(id, user, 'delete', 'webhook.deleted', (manager, row) =>
      this.repository.deleteEndpoint(manager, row.id),
    );
  }

  /** Queues a `webhook.test` event for this endpoint alone (whatever events it wants). */
  async sendTest(id: string, user: StaffUser): Promise<WebhookEndpoint> {
    return this.change(
      id,
      user,
      'send_test',
      'webhook.test_sent',
      async (manager, row) => {
        const now = new Date();
        const payload = webhookPayload(
          webhookTestEventType,
          { endpointId: row.id, message: `A test event from ${this.config.publicUrl}, sent by ${user.name}` },
          now,
        );
        await this.repository.insertDeliveries(
          manager,
          [{ endpointId: row.id, messageId: newMessageId(), payload }],
          now,
        );
      },
      webhookMessages.testWhilePaused,
    );
  }

  async deliveries(id: string, page: number, user: StaffUser): Promise<ListPage<WebhookDelivery>> {
    await this.find(id, user);
    return listPage(
      page,
      webhookLimits.pageSize,
      (offset, limit) => this.repository.deliveryPage(id, offset, limit),
      (row) => mapDelivery(row, user),
    );
  }

  /**
   * Sends a logged event again: a new line of the log with the same `webhook-id` and payload (a
   * receiver that already has it can drop it), due at once.
   */
  async redeliver(id: string, deliveryId: string, user: StaffUser): Promise<WebhookDelivery> {
    if (!isUuid(deliveryId)) throw new ApiError(HttpStatus.NOT_FOUND, webhookMessages.deliveryNotFound);
    let createdId = '';
    await this.change(id, user, 'edit', 'webhook.redelivered', async (manager, row) => {
      const delivery = await this.repository.findDelivery(manager, row.id, deliveryId);
      if (!delivery) throw new ApiError(HttpStatus.NOT_FOUND, webhookMessages.deliveryNotFound);
      if (!webhookDeliveryActions(delivery, user).includes('redeliver'))
        throw new ApiError(HttpStatus.CONFLICT, webhookMessages.stillPending);
      [createdId] = await this.repository.insertDeliveries(
        manager,
        [{ endpointId: row.id, messageId: delivery.messageId, payload: delivery.payload }],
        new Date(),
      );
    });
    const [rows] = await this.repository.deliveryPage(id, 0, webhookLimits.pageSize);
    const created = rows.find((row) => row.id === createdId);
    if (!created) throw new ApiError(HttpStatus.NOT_FOUND, webhookMessages.deliveryNotFound);
    return mapDelivery(created, user);
  }

  /** The endpoint's values from the form; the address refused with a sentence under its field. */
  private values(dto: SaveWebhookEndpointDto): EndpointValues {
    const problem = endpointUrlProblem(dto.url, this.config.webhookAllowPrivate);
    if (problem) throw new ApiError(HttpStatus.BAD_REQUEST, messages.validationFailed, { url: [problem] });
    return { url: dto.url, description: dto.description ?? '', events: [...new Set(dto.events)], format: dto.format };
  }

  /**
   * Runs one change on the locked endpoint if the user may (`webhookEndpointActions`: 403 when the
   * area is closed to them, 409 with `refusal` when the endpoint's state does not allow it), logged.
   */
  private async change(
    id: string,
    user: StaffUser,
    action: WebhookEndpointAction,
    logged: ActivityAction,
    work: (manager: EntityManager, row: EndpointRecord) => Promise<void>,
    refusal: string = messages.forbidden,
  ): Promise<WebhookEndpoint> {
    if (!webhookEndpointActions(null, user).includes('edit'))
      throw new ApiError(HttpStatus.FORBIDDEN, messages.forbidden);
    if (!isUuid(id)) throw new ApiError(HttpStatus.NOT_FOUND, webhookMessages.notFound);
    const after = await this.transactions.run(async (manager) => {
      const row = await this.repository.lockEndpoint(manager, id);
      if (!row) throw new ApiError(HttpStatus.NOT_FOUND, webhookMessages.notFound);
      if (!webhookEndpointActions(row, user).includes(action)) throw new ApiError(HttpStatus.CONFLICT, refusal);
      await work(manager, row);
      const changed = (await this.repository.findEndpoint(row.id, manager)) ?? row;
      await this.record(manager, user, logged, changed);
      return changed;
    });
    return mapEndpoint(after, user);
  }

  private record(manager: EntityManager, user: StaffUser, action: ActivityAction, row: EndpointRecord): Promise<void> {
    return this.activity.record(manager, {
      actor: { id: user.id, name: user.name },
      action,
      target: { type: 'webhook_endpoint', id: row.id, label: row.url },
    });
  }
}

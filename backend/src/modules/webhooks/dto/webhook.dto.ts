import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsOptional, IsString } from 'class-validator';
import {
  webhookDeliveryActions,
  webhookEndpointActions,
  webhookEventTypes,
  webhookFormats,
  webhookLimits,
  webhookMessages,
  type StaffRole,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
  type WebhookFormat,
} from '@northbeam/common';
import { MaxChars } from '../../../core/validation/max-chars.decorator.js';
import { Trim } from '../../../core/validation/trim.js';
import type { DeliveryRecord, EndpointRecord } from '../webhooks.repository.js';

/** `POST /api/admin/webhooks` and `PUT /api/admin/webhooks/:id`. The address's own rules are the service's (webhook-address.ts). */
export class SaveWebhookEndpointDto {
  @Trim()
  @IsString({ message: webhookMessages.urlInvalid })
  @MaxChars(webhookLimits.urlMax, { message: webhookMessages.urlTooLong })
  url: string;

  @IsOptional()
  @Trim()
  @IsString({ message: webhookMessages.descriptionTooLong })
  @MaxChars(webhookLimits.descriptionMax, { message: webhookMessages.descriptionTooLong })
  description?: string;

  @IsArray({ message: webhookMessages.eventsRequired })
  @ArrayMinSize(1, { message: webhookMessages.eventsRequired })
  @ArrayMaxSize(webhookEventTypes.length, { message: webhookMessages.eventInvalid })
  @IsIn(webhookEventTypes, { each: true, message: webhookMessages.eventInvalid })
  events: WebhookEventType[];

  @IsIn(webhookFormats, { message: webhookMessages.formatInvalid })
  format: WebhookFormat;
}

export function mapEndpoint(record: EndpointRecord, user: { role: StaffRole }): WebhookEndpoint {
  return {
    id: record.id,
    url: record.url,
    description: record.description,
    events: webhookEventTypes.filter((type) => record.events.includes(type)),
    format: record.format,
    status: record.status,
    pausedReason: record.pausedReason,
    createdAt: record.createdAt,
    lastAttemptAt: record.lastAttemptAt,
    lastAttemptOk: record.lastAttemptOk,
    actions: webhookEndpointActions(record, user),
  };
}

export function mapDelivery(record: DeliveryRecord, user: { role: StaffRole }): WebhookDelivery {
  return {
    id: record.id,
    messageId: record.messageId,
    eventType: record.eventType,
    status: record.status,
    attempts: record.attempts,
    createdAt: record.createdAt,
    lastAttemptAt: record.lastAttemptAt,
    nextAttemptAt: record.nextAttemptAt,
    statusCode: record.statusCode,
    durationMs: record.durationMs,
    responseExcerpt: record.responseExcerpt,
    error: record.error,
    actions: webhookDeliveryActions(record, user),
  };
}

/**
 * Webhooks (docs/webhooks.md, docs/product.md#webhooks): what the admin screen and the server share.
 * Admin-only: public pages never import this module.
 */

/** The events an endpoint may subscribe to, in the order the admin lists them. */
export const webhookEventTypes = [
  'enquiry.created',
  'enquiry.answered',
  'post.published',
  'post.unpublished',
  'subscriber.confirmed',
  'subscriber.unsubscribed',
  'newsletter.sent',
  'privacy_request.created',
  'privacy_request.completed',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

/** The event "Send test" delivers: it goes to the one endpoint, whatever events it wants. */
export const webhookTestEventType = 'webhook.test';

export const webhookEventLabels: Record<WebhookEventType, string> = {
  'enquiry.created': 'A new enquiry arrives',
  'enquiry.answered': 'An enquiry is answered',
  'post.published': 'A post is published',
  'post.unpublished': 'A post is unpublished or deleted',
  'subscriber.confirmed': 'A newsletter subscriber confirms',
  'subscriber.unsubscribed': 'A newsletter subscriber unsubscribes',
  'newsletter.sent': 'A newsletter issue has been sent',
  'privacy_request.created': 'A privacy request arrives (id and type only)',
  'privacy_request.completed': 'A privacy request is completed (id and type only)',
};

/** `standard`: the signed JSON event; `slack`: `{ text }`, what a Slack or Teams incoming webhook posts in its channel. */
export const webhookFormats = ['standard', 'slack'] as const;
export type WebhookFormat = (typeof webhookFormats)[number];
export const webhookFormatLabels: Record<WebhookFormat, string> = {
  standard: 'Standard Webhooks JSON',
  slack: 'Slack or Teams message',
};

export const webhookEndpointStatuses = ['active', 'paused'] as const;
export type WebhookEndpointStatus = (typeof webhookEndpointStatuses)[number];

export const webhookDeliveryStatuses = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof webhookDeliveryStatuses)[number];
export const webhookDeliveryStatusLabels: Record<WebhookDeliveryStatus, string> = {
  pending: 'Waiting',
  delivered: 'Delivered',
  failed: 'Failed',
};

export const webhookLimits = {
  pageSize: 15,
  urlMax: 2000,
  descriptionMax: 200,
  /** Each attempt gives up after this long (connection, answer and body together). */
  timeoutMs: 10_000,
  /** Of a receiver's answer, the log keeps at most this many bytes. */
  responseExcerptBytes: 1024,
  /**
   * The wait before each retry of a failed delivery: 30 s, 2 min, 10 min, 1 h, 4 h, 8 h, 9 h (about a
   * day in all); after the last one fails, the delivery is failed.
   */
  retryDelaysSeconds: [30, 120, 600, 3600, 14_400, 28_800, 32_400],
  /** An endpoint whose attempts have all failed for this long, at least `pauseAfterFailures` of them, is paused. */
  pauseAfterHours: 24,
  pauseAfterFailures: 5,
} as const;

/** A row of `/admin/webhooks`. */
export interface WebhookEndpoint {
  id: string;
  url: string;
  description: string;
  events: WebhookEventType[];
  format: WebhookFormat;
  status: WebhookEndpointStatus;
  /** Why it was paused: by whom, or that every delivery failed for a day. */
  pausedReason: string | null;
  createdAt: string;
  /** Its last attempt, if any. */
  lastAttemptAt: string | null;
  lastAttemptOk: boolean | null;
  /** What the staff member who asked may do with it (`webhookEndpointActions`). */
  actions: WebhookEndpointAction[];
}

/** Create and rotate answer the secret, once. */
export interface WebhookEndpointWithSecret {
  endpoint: WebhookEndpoint;
  secret: string;
}

/** A line of an endpoint's delivery log. */
export interface WebhookDelivery {
  id: string;
  /** The `webhook-id` header: the same on every attempt and redelivery of one event. */
  messageId: string;
  eventType: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  createdAt: string;
  lastAttemptAt: string | null;
  nextAttemptAt: string | null;
  /** The receiver's HTTP status, null when none came (refused address, timeout, connection error). */
  statusCode: number | null;
  durationMs: number | null;
  /** The first kilobyte of the receiver's answer, or what went wrong. */
  responseExcerpt: string | null;
  error: string | null;
  actions: WebhookDeliveryAction[];
}

export interface SaveWebhookEndpointRequest {
  url: string;
  description?: string;
  events: WebhookEventType[];
  format: WebhookFormat;
}

export const webhookEndpointActionNames = ['edit', 'rotate_secret', 'pause', 'resume', 'delete', 'send_test'] as const;
export type WebhookEndpointAction = (typeof webhookEndpointActionNames)[number];
export const webhookDeliveryActionNames = ['redeliver'] as const;
export type WebhookDeliveryAction = (typeof webhookDeliveryActionNames)[number];

/** User-facing sentences (exact). */
export const webhookMessages = {
  notFound: 'Webhook endpoint not found',
  deliveryNotFound: 'Delivery not found',
  urlInvalid: 'Enter a web address starting with https:// or http://',
  urlTooLong: `The address must be ${webhookLimits.urlMax} characters or less`,
  urlCredentials: 'The address must not contain a user name or password',
  urlPrivate:
    'The address points inside this network (a private, loopback or link-local address): webhooks only go to public addresses',
  eventsRequired: 'Choose at least one event',
  eventInvalid: 'Choose among the listed events',
  formatInvalid: 'Choose a format',
  descriptionTooLong: `The description must be ${webhookLimits.descriptionMax} characters or less`,
  created: 'Endpoint added. Copy its signing secret now: it is shown only once.',
  updated: 'Endpoint saved',
  rotated: 'New signing secret made. Copy it now: it is shown only once. The old one no longer signs.',
  paused: 'Endpoint paused: no events are sent to it until it is resumed',
  resumed: 'Endpoint resumed',
  deleted: 'Endpoint deleted',
  testQueued: 'Test event queued: it appears in the delivery log',
  redeliveryQueued: 'Redelivery queued: it appears in the delivery log',
  alreadyPaused: 'The endpoint is already paused',
  notPaused: 'The endpoint is not paused',
  stillPending: 'This delivery is still being tried',
  testWhilePaused: 'Resume the endpoint to send it a test',
  /** Refusals of an attempt, as the delivery log shows them. */
  refusedAddress: (host: string) => `Refused: ${host} resolves to a private, loopback or link-local address`,
  redirectRefused: 'The receiver answered with a redirect, which is not followed',
  timedOut: `No answer within ${webhookLimits.timeoutMs / 1000} seconds`,
  autoPaused: (hours: number) => `Paused automatically: every delivery failed for ${hours} hours`,
} as const;

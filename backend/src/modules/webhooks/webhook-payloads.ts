import { randomBytes } from 'node:crypto';
import { site, type WebhookEventType } from '@northbeam/common';

/** The version of the payloads documented in docs/webhooks.md; a change that breaks a receiver raises it. */
export const webhookPayloadVersion = 1;

/** What each event carries in `data` (docs/webhooks.md has one example of each). */
export interface WebhookEventData {
  'enquiry.created': {
    enquiry: {
      id: string;
      name: string;
      email: string;
      company: string | null;
      service: string | null;
      message: string;
      createdAt: string;
      adminUrl: string;
    };
  };
  'enquiry.answered': {
    /** `staff`: a reply was sent from the admin. `enquirer`: the enquirer wrote back (a later release). */
    side: 'staff' | 'enquirer';
    enquiry: { id: string; adminUrl: string };
    reply: { id: string; subject: string; sentAt: string; staffName: string | null };
  };
  'post.published': {
    post: { id: string; title: string; section: string; slug: string; url: string; publishedAt: string };
    /** True when the scheduler published it at its planned time. */
    scheduled: boolean;
  };
  'post.unpublished': {
    post: { id: string; title: string; section: string; slug: string };
    /** `unpublished`: taken back to draft or review; `deleted`: a published post deleted. */
    reason: 'unpublished' | 'deleted';
  };
  'subscriber.confirmed': { subscriber: { id: string; email: string; confirmedAt: string } };
  'subscriber.unsubscribed': { subscriber: { id: string; email: string; unsubscribedAt: string } };
  'newsletter.sent': {
    issue: { id: string; subject: string; recipients: number; sentAt: string; webUrl: string | null };
  };
  'privacy_request.created': { request: { id: string; type: string } };
  'privacy_request.completed': { request: { id: string; type: string } };
  'webhook.test': { endpointId: string; message: string };
}

export type WebhookEventName = WebhookEventType | 'webhook.test';

/** The JSON body of a `standard` delivery. */
export interface WebhookPayload<T extends WebhookEventName = WebhookEventName> {
  type: T;
  timestamp: string;
  version: typeof webhookPayloadVersion;
  data: WebhookEventData[T];
}

export function webhookPayload<T extends WebhookEventName>(
  type: T,
  data: WebhookEventData[T],
  now: Date,
): WebhookPayload<T> {
  return { type, timestamp: now.toISOString(), version: webhookPayloadVersion, data };
}

/** A `webhook-id`: the same on every attempt and redelivery of one event, so receivers can drop repeats. */
export function newMessageId(): string {
  return `msg_${randomBytes(16).toString('base64url')}`;
}

/** A Standard Webhooks secret: `whsec_` and the base64 of 32 random bytes. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

const limit = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * The message a `slack` endpoint posts (`{ text }`, what Slack's and Teams' incoming webhooks take):
 * one line for people in the channel, with the link to act on it.
 */
export function slackText(payload: WebhookPayload): string {
  const data = payload.data;
  switch (payload.type) {
    case 'enquiry.created': {
      const { enquiry } = data as WebhookEventData['enquiry.created'];
      const from = enquiry.company ? `${enquiry.name} (${enquiry.company})` : enquiry.name;
      return `New enquiry from ${from}${enquiry.service ? ` about ${enquiry.service}` : ''}: "${limit(enquiry.message, 280)}" ${enquiry.adminUrl}`;
    }
    case 'enquiry.answered': {
      const { reply, enquiry, side } = data as WebhookEventData['enquiry.answered'];
      return side === 'staff'
        ? `${reply.staffName ?? 'Staff'} replied to an enquiry: "${reply.subject}" ${enquiry.adminUrl}`
        : `The enquirer wrote back: "${reply.subject}" ${enquiry.adminUrl}`;
    }
    case 'post.published': {
      const { post } = data as WebhookEventData['post.published'];
      return `Published on the ${site.name} blog: ${post.title} ${post.url}`;
    }
    case 'post.unpublished': {
      const { post, reason } = data as WebhookEventData['post.unpublished'];
      return `${reason === 'deleted' ? 'Deleted' : 'Unpublished'}: ${post.title}`;
    }
    case 'subscriber.confirmed':
      return `New newsletter subscriber: ${(data as WebhookEventData['subscriber.confirmed']).subscriber.email}`;
    case 'subscriber.unsubscribed':
      return `Unsubscribed from the newsletter: ${(data as WebhookEventData['subscriber.unsubscribed']).subscriber.email}`;
    case 'newsletter.sent': {
      const { issue } = data as WebhookEventData['newsletter.sent'];
      return `Newsletter sent: ${issue.subject} (${issue.recipients} ${issue.recipients === 1 ? 'subscriber' : 'subscribers'})`;
    }
    case 'privacy_request.created':
      return `New privacy request (${(data as WebhookEventData['privacy_request.created']).request.type})`;
    case 'privacy_request.completed':
      return `Privacy request completed (${(data as WebhookEventData['privacy_request.completed']).request.type})`;
    case 'webhook.test':
      return (data as WebhookEventData['webhook.test']).message;
  }
}

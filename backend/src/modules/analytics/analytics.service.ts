import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { limits, messages, visitorIdPattern, type AnalyticsSummary } from '@northbeam/common';
import { APP_CONFIG, type AppConfig } from '../../core/config/config.js';
import { ApiError } from '../../core/http/api-error.js';
import { RateLimiter } from '../../core/rate-limit/rate-limiter.js';
import {
  AnalyticsRepository,
  contactFormStartEvents,
  contactFormSubmitEvents,
  pageViewEvent,
} from './analytics.repository.js';
import { isObviousBot } from './bot-filter.js';
import type { TrackEventDto } from './dto/track-event.dto.js';
import type { AnalyticsPropertyValue } from './entities/analytics-event.entity.js';

export interface TrackContext {
  clientIp: string | undefined;
  userAgent: string | undefined;
  /** Size of the JSON body as received, in bytes. */
  bodyBytes: number;
}

export interface PublicAnalyticsConfig {
  analyticsTagId: string | null;
  marketingTrackerId: string | null;
}

const summaryDays = 30;
const topPagesLimit = 10;

@Injectable()
export class AnalyticsService {
  constructor(
    private readonly repository: AnalyticsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly rateLimiter: RateLimiter,
  ) {}

  /**
   * Stores one event, or drops it silently for a bot. Refuses malformed or oversized bodies, and
   * more events from one client address than a reader's pages send (every request counts).
   */
  async track(body: TrackEventDto, context: TrackContext): Promise<void> {
    await this.rateLimiter.enforce(
      `analytics:${context.clientIp ?? 'unknown'}`,
      this.config.analyticsRateLimitMax,
      this.config.analyticsRateLimitWindowSeconds,
    );
    if (context.bodyBytes > limits.analyticsBodyMaxBytes)
      throw new ApiError(HttpStatus.PAYLOAD_TOO_LARGE, messages.payloadTooLarge);
    const properties = flatProperties(body.properties ?? {});
    if (!properties) {
      throw new ApiError(HttpStatus.BAD_REQUEST, messages.analyticsPropertiesInvalid, {
        properties: [messages.analyticsPropertiesInvalid],
      });
    }
    if (isObviousBot(context.userAgent)) return;
    const consented =
      body.analyticsConsent === true && typeof body.visitorId === 'string' && visitorIdPattern.test(body.visitorId);
    await this.repository.insert({
      event: body.event,
      properties,
      path: pathOf(properties.page_url),
      referrer:
        typeof properties.referrer === 'string' && properties.referrer !== 'direct' ? properties.referrer : null,
      visitorId: consented ? (body.visitorId ?? null) : null,
    });
  }

  async summary(now = new Date()): Promise<AnalyticsSummary> {
    const since = new Date(now.getTime() - summaryDays * 24 * 60 * 60 * 1000);
    const [pageViews, topPages, contactFormStarts, contactFormSubmissions] = await Promise.all([
      this.repository.countEvents([pageViewEvent], since),
      this.repository.topPages(since, topPagesLimit),
      this.repository.countEvents(contactFormStartEvents, since),
      this.repository.countEvents(contactFormSubmitEvents, since),
    ]);
    return { since: since.toISOString(), pageViews, topPages, contactFormStarts, contactFormSubmissions };
  }

  /** The third-party ids the browser may load after consent; both null when not configured. */
  publicConfig(): PublicAnalyticsConfig {
    return {
      analyticsTagId: this.config.analyticsTagId ?? null,
      marketingTrackerId: this.config.marketingTrackerId ?? null,
    };
  }
}

/** The properties if they form a flat object of at most 40 scalar values, otherwise null. */
export function flatProperties(input: Record<string, unknown>): Record<string, AnalyticsPropertyValue> | null {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return null;
  const entries = Object.entries(input);
  if (entries.length > limits.analyticsPropertiesMax) return null;
  const output: Record<string, AnalyticsPropertyValue> = {};
  for (const [key, value] of entries) {
    if (key.length === 0 || key.length > 64) return null;
    if (value === null || typeof value === 'boolean') output[key] = value;
    else if (typeof value === 'number' && Number.isFinite(value)) output[key] = value;
    else if (typeof value === 'string' && value.length <= limits.analyticsStringMax) output[key] = value;
    else return null;
  }
  return output;
}

function pathOf(value: AnalyticsPropertyValue | undefined): string | null {
  if (typeof value !== 'string' || !value.startsWith('/')) return null;
  return value.slice(0, 2048);
}

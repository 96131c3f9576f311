import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import {
  analyticsLimits,
  isSitePath,
  limits,
  messages,
  visitorIdPattern,
  type AnalyticsSummary,
} from '@northbeam/common';
import { APP_CONFIG, type AppConfig } from '../../core/config/config.js';
import { ApiError } from '../../core/http/api-error.js';
import { RateLimiter } from '../../core/rate-limit/rate-limiter.js';
import {
  AnalyticsRepository,
  contactFormStartEvents,
  contactFormSubmitEvents,
  cookieConsentEvent,
  pageViewEvent,
} from './analytics.repository.js';
import { AnalyticsClock } from './analytics-clock.js';
import { isObviousBot } from './bot-filter.js';
import { ukDay } from './uk-days.js';
import { parseUserAgent } from './user-agent.js';
import { VisitSalts, visitorHash } from './visit-salts.js';
import type { TrackEventDto } from './dto/track-event.dto.js';
import type { AnalyticsPropertyValue } from './entities/analytics-event.entity.js';
import { Transactions } from '../../database/transactions.js';

export interface TrackContext {
  clientIp: string | undefined;
  userAgent: string | undefined;
  /** Size of the JSON body as received, in bytes. */
  bodyBytes: number;
  /** The Host the request was sent to: a referrer on the site itself is not a referrer. */
  host?: string;
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
    private readonly transactions: Transactions,
    private readonly salts: VisitSalts,
    private readonly clock: AnalyticsClock,
  ) {
    this.ownHost = hostnameOf(config.publicUrl);
  }

  private readonly ownHost: string | null;

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
    const now = this.clock.now();
    if (body.analyticsRefused === true) {
      // The objection is honoured: nothing of a refusing visitor is counted, except the choice itself,
      // stored bare (no page, no visit, no device) so that the banner's refusals can be counted.
      if (body.event !== cookieConsentEvent) return;
      await this.transactions.run(async (manager) => {
        // The objection reaches back over the day: what this browser sent today before the choice
        // (counted cookielessly until then) is forgotten, so that a refusing visitor is not counted.
        const day = ukDay(now);
        const salt = await this.salts.existingSalt(day, manager);
        if (salt)
          await this.repository.forgetVisitor(
            manager,
            visitorHash(salt, context.clientIp ?? 'unknown', context.userAgent!),
            day,
          );
        await this.repository.insert(
          {
            event: body.event,
            properties: pick(properties, consentChoiceKeys),
            path: null,
            referrer: null,
            visitorId: null,
            createdAt: now,
          },
          manager,
        );
      });
      return;
    }
    const consented =
      body.analyticsConsent === true && typeof body.visitorId === 'string' && visitorIdPattern.test(body.visitorId);
    const path = pathOf(properties.page_url);
    const ownHosts = [this.ownHost, context.host?.toLowerCase()].filter((host): host is string => !!host);
    const referrerHost = hostOf(properties.referrer, ownHosts);
    const stored = storedProperties(properties, ownHosts);
    const userAgent = context.userAgent!;
    await this.transactions.run(async (manager) => {
      const day = ukDay(now);
      const salt = await this.salts.saltFor(day, manager);
      const visitId = await this.repository.touchVisit(
        manager,
        {
          visitorHash: visitorHash(salt, context.clientIp ?? 'unknown', userAgent),
          day,
          at: now,
          isPageView: body.event === pageViewEvent,
          formStarted: contactFormStartEvents.includes(body.event),
          enquired: contactFormSubmitEvents.includes(body.event),
          path,
          referrerHost,
          utmSource: utm(properties.utm_source),
          utmMedium: utm(properties.utm_medium),
          utmCampaign: utm(properties.utm_campaign),
          ...parseUserAgent(userAgent),
        },
        analyticsLimits.visitIdleMinutes,
      );
      await this.repository.insert(
        {
          event: body.event,
          properties: stored,
          path,
          referrer: referrerHost,
          visitorId: consented ? (body.visitorId ?? null) : null,
          visitId,
          createdAt: now,
        },
        manager,
      );
    });
  }

  async summary(now = new Date()): Promise<AnalyticsSummary> {
    const since = new Date(now.getTime() - summaryDays * 24 * 60 * 60 * 1000);
    const [pageViews, topPages, contactFormStarts, contactFormSubmissions] = await Promise.all([
      this.repository.countEvents([pageViewEvent], since),
      this.repository.topPages(since, topPagesLimit),
      // The browser sends each of these actions under both its names: one action counts once, as the
      // dashboard counts it (the first name of the pair, analyticsActionPairs in common).
      this.repository.countEvents(contactFormStartEvents.slice(0, 1), since),
      this.repository.countEvents(contactFormSubmitEvents.slice(0, 1), since),
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

const consentChoiceKeys = ['action', 'analytics', 'marketing', 'enabled_categories'];

function pick(
  properties: Record<string, AnalyticsPropertyValue>,
  keys: string[],
): Record<string, AnalyticsPropertyValue> {
  return Object.fromEntries(Object.entries(properties).filter(([key]) => keys.includes(key)));
}

/** The host of an http(s) address, lower case; null for 'direct', anything else, or one of the site's own hosts. */
export function hostOf(value: AnalyticsPropertyValue | undefined, ownHosts: string[]): string | null {
  if (typeof value !== 'string' || !/^https?:\/\//i.test(value)) return null;
  try {
    const host = new URL(value).hostname.toLowerCase();
    if (!host || ownHosts.some((own) => own === host || own.split(':')[0] === host)) return null;
    return host.slice(0, 255);
  } catch {
    return null;
  }
}

/**
 * The properties as stored: never the raw user agent, and a referring address reduced to its host
 * (docs/product.md#analytics-counting).
 */
export function storedProperties(
  properties: Record<string, AnalyticsPropertyValue>,
  ownHosts: string[],
): Record<string, AnalyticsPropertyValue> {
  const { user_agent: _userAgent, ...kept } = properties;
  for (const key of ['referrer', 'previous_page']) {
    const value = kept[key];
    if (typeof value === 'string' && /^[a-z][a-z0-9+.-]*:/i.test(value))
      kept[key] = hostOf(value, ownHosts) ?? 'direct';
  }
  return kept;
}

function utm(value: AnalyticsPropertyValue | undefined): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed.slice(0, 200);
}

/** The page's path, kept only when it is a path on this site (the report links it; see site-path.ts in common). */
function pathOf(value: AnalyticsPropertyValue | undefined): string | null {
  if (typeof value !== 'string' || !isSitePath(value)) return null;
  return value.slice(0, 2048);
}

function hostnameOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return null;
  }
}

import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { messages, type FeedItem } from '@northbeam/common';
import { APP_CONFIG, type AppConfig } from '../../core/config/config.js';
import { ApiError } from '../../core/http/api-error.js';
import { parseFeed } from './feed-parser.js';

export const feedLimits = {
  freshForMs: 5 * 60 * 1000,
  staleForMs: 24 * 60 * 60 * 1000,
  timeoutMs: 5000,
  maxBytes: 2 * 1024 * 1024,
  maxItems: 50,
} as const;

interface CachedFeed {
  items: FeedItem[];
  fetchedAt: number;
}

export class FeedFetchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FeedFetchError';
  }
}

/**
 * The Simulation Creation feed (docs/product.md#api): fetched from the configured address at most every
 * five minutes; when the upstream fails, the last good copy is served for up to a day.
 */
@Injectable()
export class FeedsService {
  private readonly logger = new Logger(FeedsService.name);
  private cached: CachedFeed | undefined;
  private inFlight: Promise<FeedItem[]> | undefined;
  /** The clock, replaceable in tests. */
  now: () => number = () => Date.now();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async simulationCreation(): Promise<FeedItem[]> {
    const now = this.now();
    if (this.cached && now - this.cached.fetchedAt < feedLimits.freshForMs) return this.cached.items;
    this.inFlight ??= this.refresh().finally(() => {
      this.inFlight = undefined;
    });
    return this.inFlight;
  }

  private async refresh(): Promise<FeedItem[]> {
    try {
      const xml = await this.download(this.config.simulationCreationFeedUrl);
      const items = parseFeed(xml).slice(0, feedLimits.maxItems);
      this.cached = { items, fetchedAt: this.now() };
      return items;
    } catch (error) {
      this.logger.warn(`Simulation Creation feed failed: ${error instanceof Error ? error.message : String(error)}`);
      if (this.cached && this.now() - this.cached.fetchedAt < feedLimits.staleForMs) return this.cached.items;
      throw new ApiError(HttpStatus.BAD_GATEWAY, messages.feedUnavailable);
    }
  }

  /** GET with a timeout and a size cap; only http and https addresses are fetched. */
  private async download(address: string): Promise<string> {
    let url: URL;
    try {
      url = new URL(address);
    } catch {
      throw new FeedFetchError('Feed address is not a URL');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new FeedFetchError('Feed address must be http or https');
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), feedLimits.timeoutMs);
    try {
      const response = await fetch(url, {
        signal: controller.signal,
        redirect: 'follow',
        headers: { Accept: 'application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.8' },
      });
      if (!response.ok) throw new FeedFetchError(`Upstream answered ${response.status}`);
      if (response.url && !/^https?:/.test(response.url)) throw new FeedFetchError('Redirected away from http(s)');
      const declared = Number(response.headers.get('content-length'));
      if (Number.isFinite(declared) && declared > feedLimits.maxBytes) throw new FeedFetchError('Feed is too large');
      return await readCapped(response, feedLimits.maxBytes);
    } catch (error) {
      if (controller.signal.aborted) throw new FeedFetchError('Feed timed out');
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }
}

async function readCapped(response: Response, maxBytes: number): Promise<string> {
  if (!response.body) return '';
  const reader: ReadableStreamDefaultReader<Uint8Array> = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new FeedFetchError('Feed is too large');
    }
    chunks.push(value);
  }
  return new TextDecoder('utf-8').decode(Buffer.concat(chunks));
}

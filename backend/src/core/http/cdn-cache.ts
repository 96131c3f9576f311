import type { Response } from 'express';
import type { AppConfig } from '../config/config.js';

/**
 * A shared cache (a CDN, or the Varnish of docker/varnish.vcl) in front of the site: what it may keep
 * and how the site empties it. The one place for both, applied where anonymous pages and public API
 * answers are sent.
 *
 * Keys: every shared answer carries the global key `site`, and keys naming what it shows (`home`,
 * `blog`, `section:labs`, `post:labs/some-slug`, `case-study:some-slug`, `api`). A content change
 * purges `site`, as the application's own page cache empties every page on a content version change
 * (a list, the home page and the article all show a post). The finer keys are there to purge one
 * page by hand, or for a provider that charges per purge.
 */
export const globalSurrogateKey = 'site';

type CdnSettings = Pick<AppConfig, 'cdnMaxAgeSeconds' | 'cdnStaleWhileRevalidateSeconds'>;

/** The surrogate keys of a page or public API answer, by its path (lower case, no query). */
export function surrogateKeysFor(path: string): string[] {
  const segments = path
    .toLowerCase()
    .split('?')[0]
    .split('/')
    .filter((segment) => segment !== '' && /^[a-z0-9-]+$/.test(segment));
  const keys = [globalSurrogateKey];
  if (segments[0] === 'api') {
    keys.push('api');
    segments.shift();
  }
  if (segments.length === 0) keys.push('home');
  else if (segments[0] === 'blog' || segments[0] === 'posts') {
    keys.push('blog');
    if (segments[1]) keys.push(`section:${segments[1]}`);
    if (segments[1] && segments[2]) keys.push(`post:${segments[1]}/${segments[2]}`);
  } else if (segments[0] === 'case-studies') {
    keys.push('case-studies');
    if (segments[1]) keys.push(`case-study:${segments[1]}`);
  } else keys.push(`page:${segments[0]}`);
  return keys;
}

/**
 * Lets the shared cache keep this answer: adds `s-maxage` and `stale-while-revalidate` to its
 * Cache-Control (browsers keep what the answer already says) and names it with `Surrogate-Key`
 * (Varnish, Fastly) and `Cache-Tag` (Cloudflare). Nothing when no CDN is declared (CDN_MAX_AGE 0), when
 * the answer sets a cookie, or when its Cache-Control is private, no-store or absent.
 */
export function allowSharedCache(response: Response, config: CdnSettings, path: string): void {
  if (config.cdnMaxAgeSeconds <= 0 || response.hasHeader('set-cookie')) return;
  const current = response.getHeader('cache-control');
  if (typeof current !== 'string' || !/\bpublic\b/i.test(current) || /\b(private|no-store)\b/i.test(current)) return;
  if (/\bs-maxage\b/i.test(current)) return;
  const shared = [`s-maxage=${config.cdnMaxAgeSeconds}`];
  if (config.cdnStaleWhileRevalidateSeconds > 0)
    shared.push(`stale-while-revalidate=${config.cdnStaleWhileRevalidateSeconds}`);
  response.setHeader('Cache-Control', `${current}, ${shared.join(', ')}`);
  const keys = surrogateKeysFor(path);
  response.setHeader('Surrogate-Key', keys.join(' '));
  response.setHeader('Cache-Tag', keys.join(','));
}

/** How content changes leave the shared cache. */
export interface CdnPurger {
  /** Resolves when the cache confirmed; rejects with the reason otherwise. */
  purge(keys: string[]): Promise<void>;
}

/**
 * Varnish (docker/varnish.vcl): a `PURGE` request to CDN_PURGE_URL with the keys in `Surrogate-Key`;
 * the VCL bans every object whose Surrogate-Key holds one of them. Other providers implement
 * CdnPurger with their API (README, "Deploying with Docker Compose"): Cloudflare's purge by
 * `tags`, Fastly's purge by surrogate key.
 */
export class VarnishPurger implements CdnPurger {
  constructor(
    private readonly url: string,
    private readonly timeoutMs = 3000,
  ) {}

  async purge(keys: string[]): Promise<void> {
    const response = await fetch(this.url, {
      method: 'PURGE',
      headers: { 'Surrogate-Key': keys.join(' ') },
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`purge answered ${response.status}`);
  }
}

export function createCdnPurger(config: Pick<AppConfig, 'cdnPurgeUrl'>): CdnPurger | undefined {
  return config.cdnPurgeUrl ? new VarnishPurger(config.cdnPurgeUrl) : undefined;
}

import { createHash } from 'node:crypto';
import type { Response } from 'express';
import type { AppConfig } from '../config/config.js';

/**
 * A shared cache (a CDN, or the Varnish of docker/varnish.vcl) in front of the site: what it may keep
 * and how the site empties it. The one place for both, applied where anonymous pages and public API
 * answers are sent.
 *
 * Keys name what an answer shows (`contentKeys`): an article carries its post's key, and so does
 * every list that shows the post (blog index, section pages, the home page's strips, the article's
 * "more" list); a list also carries the key of what it lists (`posts`, or its section's), so that a
 * post that enters or leaves it purges it. A change purges the keys of what changed, nothing more.
 * Every shared answer also carries the global key `site`, which no content change purges: it is for
 * a purge by hand, or after a deploy (pages whose words are in the code: services).
 */
export const globalSurrogateKey = 'site';

/** Longest list whose items are named one by one; a longer one is named by `posts-long` instead. */
const maxNamedItems = 100;

/** The keys of the site's content. A key is lower-case letters, digits and hyphens. */
export const contentKeys = {
  post: (id: string) => `post-${id}`,
  /** Any list of posts across sections (blog index, search, feed). */
  posts: 'posts',
  /** A list of one section's posts. */
  section: (section: string) => `section-${section}`,
  /** A list too long to name each post: every post change purges it. */
  longPostList: 'posts-long',
  /** By slug: the public answers name case studies by slug. */
  caseStudy: (slug: string) => `case-study-${slug}`,
  /** Any list of case studies. */
  caseStudies: 'case-studies',
  /** The team: every answer that shows team members (the list, a profile, the pages with a strip or an author). */
  team: 'team',
  /** By slug: one member's profile. */
  teamMember: (slug: string) => `team-${slug}`,
  /** Public settings read from the configuration (changed by a deploy). */
  settings: 'settings',
  /**
   * The page at an address, whatever it shows: a redirect made from (or removed from) that address
   * purges it. Named by a hash of the path as redirects compare paths (`pagePath`), so that every
   * spelling and query string of the page shares the key.
   */
  page: (path: string) => `page-${createHash('sha256').update(pagePath(path)).digest('hex').slice(0, 16)}`,
};

/** A path as a page and its redirects are matched: lower-case, without a trailing slash (the root stays `/`). */
export function pagePath(path: string): string {
  const trimmed = path.toLowerCase().replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/** The keys of a rendered page: what its loaders' answers showed, and the page's own address. */
export function pageKeys(path: string, shown: readonly string[]): string[] {
  return [...new Set([...shown, contentKeys.page(path)])];
}

/** The keys a redirect made or removed by hand purges: the page at its old path. */
export function redirectChangeKeys(fromPath: string): string[] {
  return [contentKeys.page(fromPath)];
}

/**
 * The keys of a list of posts: its own list key, then each post shown (or `posts-long` past
 * `maxNamedItems`, so that the header stays well under Varnish's and Cloudflare's limits).
 */
export function postListKeys(section: string | undefined, posts: readonly { id: string }[]): string[] {
  const keys = [section ? contentKeys.section(section) : contentKeys.posts];
  if (posts.length > maxNamedItems) return [...keys, contentKeys.longPostList];
  return [...keys, ...posts.map((post) => contentKeys.post(post.id))];
}

/** The keys a post change purges: the post; with the lists it enters or leaves when `lists` name its sections. */
export function postChangeKeys(id: string, listedIn: readonly string[] = []): string[] {
  const keys = [contentKeys.post(id), contentKeys.longPostList];
  if (listedIn.length === 0) return keys;
  return [...keys, contentKeys.posts, ...new Set(listedIn.map(contentKeys.section))];
}

/** The keys a case study change purges: its slugs (before and after), and the lists when it enters or leaves them. */
export function caseStudyChangeKeys(slugs: readonly string[], listsChange: boolean): string[] {
  const keys = [...new Set(slugs.map(contentKeys.caseStudy))];
  return listsChange ? [...keys, contentKeys.caseStudies] : keys;
}

/**
 * The keys a team change purges: the team's answers, the profiles at the slugs named (before and
 * after), and the posts whose author text changed with it (a renamed member's posts show the new
 * name on their article, in every list showing them, in their API answers and in the feed).
 */
export function teamChangeKeys(slugs: readonly string[], postIds: readonly string[] = []): string[] {
  const keys = [contentKeys.team, ...new Set(slugs.map(contentKeys.teamMember))];
  if (postIds.length === 0) return keys;
  return [...keys, ...new Set(postIds.map(contentKeys.post)), contentKeys.longPostList];
}

const contentKeysOfResponse = Symbol('contentKeys');

/** Records what a public answer shows; `allowSharedCache` names it so (see the keys above). */
export function showsContent(response: Response, keys: readonly string[]): void {
  const holder = response as Response & { [contentKeysOfResponse]?: string[] };
  holder[contentKeysOfResponse] = [...(holder[contentKeysOfResponse] ?? []), ...keys];
}

/** The content keys recorded on a response (`showsContent`). */
export function contentKeysOf(response: Response): string[] {
  return (response as Response & { [contentKeysOfResponse]?: string[] })[contentKeysOfResponse] ?? [];
}

/** The content keys a Surrogate-Key header names (the loopback loaders read them from API answers). */
export function keysOfHeader(value: string | string[] | undefined): string[] {
  const text = Array.isArray(value) ? value.join(' ') : (value ?? '');
  return text.split(/\s+/).filter((key) => /^[a-z0-9-]+$/.test(key) && key !== globalSurrogateKey);
}

type CdnSettings = Pick<AppConfig, 'cdnMaxAgeSeconds' | 'cdnStaleWhileRevalidateSeconds'>;

/**
 * Lets the shared cache keep this answer: adds `s-maxage` and `stale-while-revalidate` to its
 * Cache-Control (browsers keep what the answer already says) and names it with `Surrogate-Key`
 * (Varnish, Fastly) and `Cache-Tag` (Cloudflare): `site` and the content keys given, or else those
 * recorded by `showsContent`. Nothing when no CDN is declared (CDN_MAX_AGE 0), when the answer sets a
 * cookie, or when its Cache-Control is private, no-store or absent.
 */
export function allowSharedCache(
  response: Response,
  config: CdnSettings,
  keys: readonly string[] = contentKeysOf(response),
): void {
  if (config.cdnMaxAgeSeconds <= 0 || response.hasHeader('set-cookie')) return;
  const current = response.getHeader('cache-control');
  if (typeof current !== 'string' || !/\bpublic\b/i.test(current) || /\b(private|no-store)\b/i.test(current)) return;
  if (/\bs-maxage\b/i.test(current)) return;
  const shared = [`s-maxage=${config.cdnMaxAgeSeconds}`];
  if (config.cdnStaleWhileRevalidateSeconds > 0)
    shared.push(`stale-while-revalidate=${config.cdnStaleWhileRevalidateSeconds}`);
  response.setHeader('Cache-Control', `${current}, ${shared.join(', ')}`);
  const names = [...new Set([globalSurrogateKey, ...keys])];
  response.setHeader('Surrogate-Key', names.join(' '));
  response.setHeader('Cache-Tag', names.join(','));
}

/**
 * How content changes leave the shared cache: purge by key. Varnish (below) takes a PURGE request;
 * a CDN implements this with its API: Cloudflare's `POST /zones/{zone}/purge_cache` with
 * `{"tags": keys}`, Fastly's `POST /service/{id}/purge` with `Surrogate-Key: keys`. docs/deployment.md
 * says how to add one.
 */
export interface CdnPurger {
  /** Resolves when the cache confirmed; rejects with the reason otherwise. */
  purge(keys: string[]): Promise<void>;
}

/**
 * Varnish (docker/varnish.vcl): a `PURGE` request to CDN_PURGE_URL with the keys in `Surrogate-Key`;
 * the VCL bans every object whose Surrogate-Key holds one of them. Other providers implement
 * CdnPurger with their API (docs/deployment.md): Cloudflare's purge by
 * `tags`, Fastly's purge by surrogate key.
 */
export class VarnishPurger implements CdnPurger {
  constructor(
    private readonly url: string,
    private readonly timeoutMs = 3000,
  ) {}

  async purge(keys: string[]): Promise<void> {
    for (const batch of purgeBatches(keys)) {
      const response = await fetch(this.url, {
        method: 'PURGE',
        headers: { 'Surrogate-Key': batch.join(' ') },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`purge answered ${response.status}`);
    }
  }
}

/** Longest Surrogate-Key header of one PURGE: well under Varnish's 8 KiB limit of a request header line. */
const maxPurgeHeaderChars = 4000;

/** The keys in groups whose header (space-separated) stays within `maxPurgeHeaderChars`: a change naming hundreds of posts takes a few PURGEs. */
export function purgeBatches(keys: readonly string[]): string[][] {
  const batches: string[][] = [];
  let current: string[] = [];
  let length = 0;
  for (const key of keys) {
    if (current.length > 0 && length + 1 + key.length > maxPurgeHeaderChars) {
      batches.push(current);
      current = [];
      length = 0;
    }
    length += (current.length > 0 ? 1 : 0) + key.length;
    current.push(key);
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

export function createCdnPurger(config: Pick<AppConfig, 'cdnPurgeUrl'>): CdnPurger | undefined {
  return config.cdnPurgeUrl ? new VarnishPurger(config.cdnPurgeUrl) : undefined;
}

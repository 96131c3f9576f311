import { HttpStatus, Injectable } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import {
  messages,
  redirectActions,
  redirectLimits,
  redirectMessages,
  resolveSitePath,
  type ListPage,
  type PostRedirectItem,
  type RedirectItem,
  type StaffUser,
} from '@northbeam/common';
import { ApiError } from '../../core/http/api-error.js';
import { pagePath, redirectChangeKeys } from '../../core/http/cdn-cache.js';
import { isUuid } from '../../core/validation/uuid.js';
import { ActivityService } from '../activity/activity.service.js';
import { ContentVersionService } from '../content-version/content-version.service.js';
import { SiteSettingsRepository, type RedirectRow } from './site-settings.repository.js';

/** How long browsers and proxies may keep a redirect: short, so that a removed one stops soon. */
const redirectMaxAgeSeconds = 300;

/** Pages of the site that always exist: a redirect from one of them is refused. */
const fixedPages = new Set([
  '/',
  '/consulting',
  '/labs',
  '/immersive',
  '/about',
  '/contact',
  '/case-studies',
  '/blog',
  '/blog/labs',
  '/blog/consulting',
  '/cookies',
  '/privacy',
  '/terms',
  '/data-deletion',
  '/data-deletion/verify',
  '/data-deletion/verified',
  '/data-access',
  '/data-access/verify',
  '/data-access/download',
  '/unsubscribe',
  '/newsletter/confirm',
  '/sitemap.xml',
  '/robots.txt',
  '/rss.xml',
]);

/** Address spaces the site itself answers: never redirected by hand. */
const reservedPrefixes = ['/admin', '/api/', '/media/', '/assets/', '/images/', '/downloads/'];

/** A path as redirects compare it: lower-case, without a trailing slash (the root stays `/`). */
export const redirectKey = pagePath;

function isFixedPage(key: string): boolean {
  if (fixedPages.has(key)) return true;
  return key === '/admin' || reservedPrefixes.some((prefix) => key.startsWith(prefix));
}

/** A hand-made redirect, with what `user` may do with it (`redirectActions`). */
function mapRedirect(row: RedirectRow, user: StaffUser): RedirectItem {
  return {
    id: row.id,
    fromPath: row.from_path,
    toPath: row.to_path,
    hits: Number(row.hits),
    lastHitAt: row.last_hit_at ? new Date(row.last_hit_at).toISOString() : null,
    createdAt: new Date(row.created_at).toISOString(),
    createdByName: row.created_by_name,
    actions: redirectActions({ id: row.id }, user),
  };
}

interface Target {
  id: string;
  to: string;
}

/**
 * Redirects made by hand (docs/product.md#redirects): an old path answers 301 to a new path of the
 * site or a web address, and counts the visits. Chains collapse (A→B, B→C sends A to C), a redirect
 * never hides a live page (fixed pages are refused when it is made; a post or case study published at
 * its old path later takes over), and the table is read once per content version.
 */
@Injectable()
export class RedirectsService {
  private table: { version: number; targets: Promise<Map<string, Target>> } | undefined;

  constructor(
    private readonly repository: SiteSettingsRepository,
    private readonly activity: ActivityService,
    private readonly contentVersion: ContentVersionService,
  ) {}

  async list(page: number, user: StaffUser): Promise<ListPage<RedirectItem>> {
    const pageSize = redirectLimits.pageSize;
    const [rows, total] = await this.repository.findRedirectPage((page - 1) * pageSize, pageSize);
    return { items: rows.map((row) => mapRedirect(row, user)), total, page, pageSize };
  }

  async listPostRedirects(page: number): Promise<ListPage<PostRedirectItem>> {
    const pageSize = redirectLimits.pageSize;
    const [rows, total] = await this.repository.findPostRedirectPage((page - 1) * pageSize, pageSize);
    return {
      items: rows.map((row) => ({
        fromPath: `/blog/${row.section}/${row.slug}`,
        toPath: `/blog/${row.to_section}/${row.to_slug}`,
        postTitle: row.title,
        createdAt: new Date(row.created_at).toISOString(),
      })),
      total,
      page,
      pageSize,
    };
  }

  async create(fromInput: string, toInput: string, user: StaffUser): Promise<RedirectItem> {
    if (!redirectActions(null, user).includes('add')) throw new ApiError(HttpStatus.FORBIDDEN, messages.forbidden);
    const fromResolved = resolveSitePath(fromInput);
    if (fromResolved === null || /[?#]/.test(fromResolved))
      throw new ApiError(HttpStatus.BAD_REQUEST, redirectMessages.fromInvalid, {
        fromPath: [redirectMessages.fromInvalid],
      });
    const from = redirectKey(fromResolved);
    const to = /^https?:\/\//i.test(toInput) ? toInput : resolveSitePath(toInput);
    if (to === null || (/^https?:\/\//i.test(to) && !/^https?:\/\/[a-z0-9.-]+(:\d+)?([/?#]\S*)?$/i.test(to)))
      throw new ApiError(HttpStatus.BAD_REQUEST, redirectMessages.toInvalid, { toPath: [redirectMessages.toInvalid] });
    if (!/^https?:/i.test(to) && redirectKey(to.replace(/[?#].*$/, '')) === from)
      throw new ApiError(HttpStatus.BAD_REQUEST, redirectMessages.same, { toPath: [redirectMessages.same] });
    if (isFixedPage(from) || (await this.repository.livePathsAmong([from])).has(from))
      throw new ApiError(HttpStatus.CONFLICT, redirectMessages.livePage, { fromPath: [redirectMessages.livePage] });

    const row = await this.repository.transaction(async (manager) => {
      const existing = await this.repository.findAllRedirects(manager);
      if (existing.some((redirect) => redirect.from_path === from))
        throw new ApiError(HttpStatus.CONFLICT, redirectMessages.exists, { fromPath: [redirectMessages.exists] });
      // Following the new path through the redirects there are must not come back to the old one.
      const next = new Map(existing.map((redirect) => [redirect.from_path, redirect.to_path]));
      let hop: string | undefined = to;
      for (let step = 0; hop && !/^https?:/i.test(hop) && step <= existing.length; step += 1) {
        const key = redirectKey(hop.replace(/[?#].*$/, ''));
        if (key === from)
          throw new ApiError(HttpStatus.CONFLICT, redirectMessages.loop, { toPath: [redirectMessages.loop] });
        hop = next.get(key);
      }
      const created = await this.repository.insertRedirect(manager, from, to, user.name);
      await this.activity.record(manager, {
        actor: { id: user.id, name: user.name },
        action: 'redirect.created',
        target: { type: 'redirect', id: created.id, label: `${from} → ${to}` },
      });
      // A page kept for the old path, here or in the shared cache, must not outlive the redirect.
      await this.contentVersion.bump(redirectChangeKeys(from), manager);
      return created;
    });
    this.table = undefined;
    return mapRedirect(row, user);
  }

  async delete(id: string, user: StaffUser): Promise<void> {
    if (!isUuid(id)) throw new ApiError(HttpStatus.NOT_FOUND, redirectMessages.notFound);
    if (!redirectActions({ id }, user).includes('remove')) throw new ApiError(HttpStatus.FORBIDDEN, messages.forbidden);
    await this.repository.transaction(async (manager) => {
      const removed = await this.repository.deleteRedirect(manager, id);
      if (!removed) throw new ApiError(HttpStatus.NOT_FOUND, redirectMessages.notFound);
      await this.activity.record(manager, {
        actor: { id: user.id, name: user.name },
        action: 'redirect.deleted',
        target: { type: 'redirect', id: removed.id, label: `${removed.from_path} → ${removed.to_path}` },
      });
      // The old path answers again (a page or its 404): purged as on creation, so that no copy kept
      // from before the redirect comes back.
      await this.contentVersion.bump(redirectChangeKeys(removed.from_path), manager);
    });
    this.table = undefined;
  }

  /** Where an old path now leads (chains followed to their end), or undefined. */
  async target(path: string): Promise<Target | undefined> {
    const version = await this.contentVersion.current();
    if (this.table?.version !== version) {
      const targets = this.load();
      targets.catch(() => (this.table = undefined));
      this.table = { version, targets };
    }
    return (await this.table.targets).get(redirectKey(path));
  }

  private async load(): Promise<Map<string, Target>> {
    const rows = await this.repository.findAllRedirects();
    // Only a redirect's own source is ever asked about below (a hop is followed only from one), so
    // only those are looked up: not every published post's address on each content version.
    const live = await this.repository.livePathsAmong(rows.map((row) => row.from_path));
    const next = new Map(rows.map((row) => [row.from_path, row]));
    const targets = new Map<string, Target>();
    for (const row of rows) {
      if (live.has(row.from_path) || isFixedPage(row.from_path)) continue;
      let to = row.to_path;
      const seen = new Set([row.from_path]);
      for (;;) {
        if (/^https?:/i.test(to)) break;
        const key = redirectKey(to.replace(/[?#].*$/, ''));
        const hop = next.get(key);
        if (!hop || seen.has(key) || live.has(key)) break;
        seen.add(key);
        to = hop.to_path;
      }
      targets.set(row.from_path, { id: row.id, to });
    }
    return targets;
  }

  countHit(id: string): void {
    this.repository.countHit(id).catch(() => undefined);
  }
}

/**
 * Express middleware before the server-side render: a GET or HEAD of a redirected path answers 301
 * (the query string kept unless the target has its own) and counts the visit.
 */
export function redirectMiddleware(redirects: RedirectsService) {
  return (request: Request, response: Response, next: NextFunction): void => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return next();
    const key = redirectKey(request.path);
    if (key === '/admin' || reservedPrefixes.some((prefix) => key.startsWith(prefix))) return next();
    redirects.target(request.path).then(
      (target) => {
        if (!target) return next();
        redirects.countHit(target.id);
        const query = request.originalUrl.indexOf('?');
        const location =
          query === -1 || target.to.includes('?') ? target.to : target.to + request.originalUrl.slice(query);
        response.setHeader('Cache-Control', `public, max-age=${redirectMaxAgeSeconds}`);
        response.redirect(301, location);
      },
      (error: unknown) => next(error),
    );
  };
}

import { readdirSync } from 'node:fs';
import path from 'node:path';
import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import {
  fixedSitePaths,
  isRedirectWebAddress,
  messages,
  reservedSitePrefixes,
  redirectActions,
  redirectLimits,
  redirectMessages,
  resolveSitePath,
  type ListPage,
  type PostRedirectItem,
  type RedirectItem,
  type StaffUser,
} from '@northbeam/common';
import { APP_CONFIG, type AppConfig } from '../../core/config/config.js';
import { ApiError } from '../../core/http/api-error.js';
import { pagePath, redirectChangeKeys } from '../../core/http/cdn-cache.js';
import { isUuid } from '../../core/validation/uuid.js';
import { ActivityService } from '../activity/activity.service.js';
import { frontendClientDir, frontendRoot } from '../../ssr/frontend-paths.js';
import { ContentVersionService } from '../content-version/content-version.service.js';
import { SiteSettingsRepository, type RedirectRow } from './site-settings.repository.js';
import { Transactions } from '../../database/transactions.js';
import { listPage } from '../../core/http/list-page.js';

/** How long browsers and proxies may keep a redirect: short, so that a removed one stops soon. */
const redirectMaxAgeSeconds = 300;

/** Pages of the site that always exist (common/src/site-routes.ts): a redirect from one of them is refused. */
const fixedPages = new Set<string>(fixedSitePaths);

/** A path as redirects compare it: lower-case, without a trailing slash (the root stays `/`). */
export const redirectKey = pagePath;

let publicEntries: Set<string> | undefined;

/**
 * The top-level files and folders the site serves as they are (`logo.png`, `favicon.svg`, `images`,
 * `downloads`…), lower-case: read once from the front end's public folder and the build's copy of it.
 */
function publicFileEntries(): Set<string> {
  if (!publicEntries) {
    const entries = new Set<string>();
    for (const directory of [path.join(frontendRoot, 'public'), frontendClientDir]) {
      try {
        for (const entry of readdirSync(directory)) entries.add(entry.toLowerCase());
      } catch {
        // Not there (no build yet, or a deployment without the sources): the other one answers.
      }
    }
    publicEntries = entries;
  }
  return publicEntries;
}

/** A file the site serves from its public folder, or an asset of the build. */
function isPublicFile(key: string): boolean {
  const first = key.split('/')[1] ?? '';
  return first !== '' && (first === 'assets' || publicFileEntries().has(first));
}

/** Whether the site answers this path itself whatever the records say: its pages, files, admin, API, media. */
function isServedPath(key: string): boolean {
  if (fixedPages.has(key) || isPublicFile(key)) return true;
  return reservedSitePrefixes.some(
    (prefix) => key.startsWith(prefix) || (prefix.endsWith('/') && key === prefix.slice(0, -1)),
  );
}

/** A sent newsletter issue's web version (sending an issue is not a content change: asked at serve time). */
const newsletterWebPath = /^\/newsletter\/[a-z0-9-]{1,120}$/;

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
 * site or a web address, and counts the visits. Chains collapse (A→B, B→C sends A to C); a target on
 * the site's own origin (`<PUBLIC_URL>/x`) is a path of the site for the loop check and for chains. A
 * redirect never hides anything the site serves: its pages, files, admin, API and media, and the
 * pages of live records (posts, case studies, team members, tags, sent newsletter issues) are refused
 * when it is made, and whatever becomes live later takes over from it. The table is read once per
 * content version.
 */
@Injectable()
export class RedirectsService {
  private table: { version: number; targets: Promise<Map<string, Target>> } | undefined;

  constructor(
    private readonly repository: SiteSettingsRepository,
    private readonly activity: ActivityService,
    private readonly contentVersion: ContentVersionService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly transactions: Transactions,
  ) {}

  /**
   * The path on this site a target leads to (query and fragment dropped): a relative target's own, an
   * absolute one's when it is on the site's own origin; null for another site.
   */
  private localPath(to: string): string | null {
    if (!/^https?:/i.test(to)) return to.replace(/[?#].*$/, '');
    try {
      const target = new URL(to);
      return target.origin === new URL(this.config.publicUrl).origin ? target.pathname : null;
    } catch {
      return null;
    }
  }

  async list(page: number, user: StaffUser): Promise<ListPage<RedirectItem>> {
    return listPage(
      page,
      redirectLimits.pageSize,
      (offset, limit) => this.repository.findRedirectPage(offset, limit),
      (row) => mapRedirect(row, user),
    );
  }

  async listPostRedirects(page: number): Promise<ListPage<PostRedirectItem>> {
    return listPage(
      page,
      redirectLimits.pageSize,
      (offset, limit) => this.repository.findPostRedirectPage(offset, limit),
      (row) => ({
        fromPath: `/blog/${row.section}/${row.slug}`,
        toPath: `/blog/${row.to_section}/${row.to_slug}`,
        postTitle: row.title,
        createdAt: new Date(row.created_at).toISOString(),
      }),
    );
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
    if (to === null)
      throw new ApiError(HttpStatus.BAD_REQUEST, redirectMessages.toInvalid, { toPath: [redirectMessages.toInvalid] });
    if (/^https?:/i.test(to) && !isRedirectWebAddress(to))
      throw new ApiError(HttpStatus.BAD_REQUEST, redirectMessages.toAddressInvalid, {
        toPath: [redirectMessages.toAddressInvalid],
      });
    const toLocal = this.localPath(to);
    if (toLocal !== null && redirectKey(toLocal) === from)
      throw new ApiError(HttpStatus.BAD_REQUEST, redirectMessages.same, { toPath: [redirectMessages.same] });
    if (isPublicFile(from))
      throw new ApiError(HttpStatus.CONFLICT, redirectMessages.liveFile, { fromPath: [redirectMessages.liveFile] });
    if (isServedPath(from) || (await this.repository.livePathsAmong([from])).has(from))
      throw new ApiError(HttpStatus.CONFLICT, redirectMessages.livePage, { fromPath: [redirectMessages.livePage] });

    const row = await this.transactions.run(async (manager) => {
      const existing = await this.repository.findAllRedirects(manager);
      if (existing.some((redirect) => redirect.from_path === from))
        throw new ApiError(HttpStatus.CONFLICT, redirectMessages.exists, { fromPath: [redirectMessages.exists] });
      // Following the new path through the redirects there are must not come back to the old one.
      const next = new Map(existing.map((redirect) => [redirect.from_path, redirect.to_path]));
      // A target on the site's own origin is followed like a path: `/x` → `<PUBLIC_URL>/x` is a loop too.
      let hop: string | null | undefined = toLocal;
      for (let step = 0; hop && step <= existing.length; step += 1) {
        const key = redirectKey(hop);
        if (key === from)
          throw new ApiError(HttpStatus.CONFLICT, redirectMessages.loop, { toPath: [redirectMessages.loop] });
        const following = next.get(key);
        hop = following === undefined ? undefined : this.localPath(following);
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
    await this.transactions.run(async (manager) => {
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
    const key = redirectKey(path);
    const target = (await this.table.targets).get(key);
    // A newsletter issue sent since the redirect was made has its web version there: it takes over.
    if (target && newsletterWebPath.test(key) && (await this.repository.livePathsAmong([key])).has(key))
      return undefined;
    return target;
  }

  private async load(): Promise<Map<string, Target>> {
    const rows = await this.repository.findAllRedirects();
    // Only a redirect's own source is ever asked about below (a hop is followed only from one), so
    // only those are looked up: not every published post's address on each content version.
    const live = await this.repository.livePathsAmong(rows.map((row) => row.from_path));
    const next = new Map(rows.map((row) => [row.from_path, row]));
    const targets = new Map<string, Target>();
    for (const row of rows) {
      if (live.has(row.from_path) || isServedPath(row.from_path)) continue;
      let to = row.to_path;
      const seen = new Set([row.from_path]);
      for (;;) {
        const local = this.localPath(to);
        if (local === null) break;
        const key = redirectKey(local);
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
    // What the site serves itself is never redirected (its files and pages, the admin, the API, media).
    if (isServedPath(redirectKey(request.path))) return next();
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

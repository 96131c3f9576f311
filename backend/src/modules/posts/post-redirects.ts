import { Injectable } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import type { EntityManager } from 'typeorm';
import { ContentVersionService } from '../content-version/content-version.service.js';
import type { Post } from './entities/post.entity.js';
import { PostRedirectsRepository } from './post-redirects.repository.js';

/** An article's address: `/blog/{section}/{slug}`, any case, with or without a trailing slash. */
const articlePath = /^\/blog\/(labs|consulting)\/([^/]+)\/*$/i;

/** How long browsers and proxies may keep a redirect: short, so that a slug given back later is found again. */
const redirectMaxAgeSeconds = 300;

function pathOf(section: string, slug: string): string {
  return `/blog/${section}/${slug}`;
}

/**
 * Slug redirects (docs/product.md#publishing): when a published post changes its slug or section,
 * its old address answers 301 to its current one. A redirect row names the post, not the next
 * address, so chains collapse by construction (A→B→C sends A straight to C); a post that takes an
 * address replaces the redirect stored for it. Only published posts are redirected to.
 */
@Injectable()
export class PostRedirectsService {
  private table: { version: number; targets: Promise<Map<string, string>> } | undefined;

  constructor(
    private readonly repository: PostRedirectsRepository,
    private readonly contentVersion: ContentVersionService,
  ) {}

  /**
   * Inside the save's transaction: the address the post now has is no redirect any more, and the
   * address a published post leaves becomes one.
   */
  async afterSave(
    manager: EntityManager,
    before: Pick<Post, 'section' | 'slug' | 'status'> | null,
    after: Post,
  ): Promise<void> {
    await this.repository.deleteAddress(manager, after.section, after.slug);
    if (!before || before.status !== 'published') return;
    if (before.section === after.section && before.slug === after.slug) return;
    await this.repository.upsert(manager, before.section, before.slug, after.id);
  }

  /**
   * The current address for an old one, or undefined. The whole table (old address → current
   * address of a published post) is read once per content version: every save that changes a
   * redirect or an address bumps it, on any instance.
   */
  async target(path: string): Promise<string | undefined> {
    const match = articlePath.exec(path);
    if (!match) return undefined;
    const from = pathOf(match[1].toLowerCase(), match[2].toLowerCase());
    const version = await this.contentVersion.current();
    if (this.table?.version !== version) {
      const targets = this.load();
      // A failed read is not kept: the next request tries again.
      targets.catch(() => (this.table = undefined));
      this.table = { version, targets };
    }
    const to = (await this.table.targets).get(from);
    return to === from ? undefined : to;
  }

  private async load(): Promise<Map<string, string>> {
    const rows = await this.repository.toPublished();
    return new Map(rows.map((row) => [pathOf(row.fromSection, row.fromSlug), pathOf(row.section, row.slug)]));
  }
}

/**
 * Express middleware mounted before the server-side render: a GET or HEAD of an old article address
 * answers 301 to the current one (query string kept). Everything else passes on untouched.
 */
export function postRedirectMiddleware(redirects: PostRedirectsService) {
  return (request: Request, response: Response, next: NextFunction): void => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || !request.path.toLowerCase().startsWith('/blog/'))
      return next();
    redirects.target(request.path).then(
      (target) => {
        if (!target) return next();
        const query = request.originalUrl.indexOf('?');
        response.setHeader('Cache-Control', `public, max-age=${redirectMaxAgeSeconds}`);
        response.redirect(301, query === -1 ? target : target + request.originalUrl.slice(query));
      },
      (error: unknown) => next(error),
    );
  };
}

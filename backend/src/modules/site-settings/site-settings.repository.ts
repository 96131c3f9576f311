import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { PlaybookDocumentSetting, SiteSettingsInput } from '@northbeam/common';
import { returnedRows } from '../../database/query-result.js';

/** What the settings row keeps: the edited record, and the uploaded playbook (changed by its own upload). */
export type StoredSiteSettings = SiteSettingsInput & { playbookDocument?: PlaybookDocumentSetting | null };

export interface SiteSettingsRow {
  data: Partial<StoredSiteSettings>;
  updated_at: Date;
  updated_by_name: string | null;
}

export interface RedirectRow {
  id: string;
  from_path: string;
  to_path: string;
  hits: number;
  last_hit_at: Date | null;
  created_at: Date;
  created_by_name: string | null;
}

export interface MediaLogoRow {
  id: string;
  format: string;
  width: number;
  height: number;
}

/** The queries of site settings and hand-made redirects. */
@Injectable()
export class SiteSettingsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async findSettings(manager: EntityManager = this.dataSource.manager): Promise<SiteSettingsRow | null> {
    const rows = await manager.query<SiteSettingsRow[]>(
      `SELECT "data", "updated_at", "updated_by_name" FROM "site_settings" WHERE "id" = 1`,
    );
    return rows[0] ?? null;
  }

  /** Locks the settings row (when there is one) so that two saves do not interleave. */
  async lockSettings(manager: EntityManager): Promise<SiteSettingsRow | null> {
    const rows = await manager.query<SiteSettingsRow[]>(
      `SELECT "data", "updated_at", "updated_by_name" FROM "site_settings" WHERE "id" = 1 FOR UPDATE`,
    );
    return rows[0] ?? null;
  }

  async saveSettings(manager: EntityManager, data: StoredSiteSettings, updatedByName: string): Promise<void> {
    await manager.query(
      `INSERT INTO "site_settings" ("id", "data", "updated_at", "updated_by_name") VALUES (1, $1::jsonb, now(), $2)
         ON CONFLICT ("id") DO UPDATE SET "data" = EXCLUDED."data", "updated_at" = now(), "updated_by_name" = EXCLUDED."updated_by_name"`,
      [JSON.stringify(data), updatedByName],
    );
  }

  async findMedia(ids: string[], manager: EntityManager = this.dataSource.manager): Promise<MediaLogoRow[]> {
    if (ids.length === 0) return [];
    return manager.query<MediaLogoRow[]>(
      `SELECT "id", "format", "width", "height" FROM "media" WHERE "id" = ANY($1::uuid[])`,
      [ids],
    );
  }

  async findRedirectPage(offset: number, limit: number): Promise<[RedirectRow[], number]> {
    const rows = await this.dataSource.query<RedirectRow[]>(
      `SELECT * FROM "redirects" ORDER BY "created_at" DESC, "id" DESC OFFSET $1 LIMIT $2`,
      [offset, limit],
    );
    const [{ count }] = await this.dataSource.query<{ count: string }[]>(`SELECT count(*) AS count FROM "redirects"`);
    return [rows, Number(count)];
  }

  async findAllRedirects(manager: EntityManager = this.dataSource.manager): Promise<RedirectRow[]> {
    return manager.query<RedirectRow[]>(`SELECT * FROM "redirects"`);
  }

  async insertRedirect(
    manager: EntityManager,
    fromPath: string,
    toPath: string,
    createdByName: string,
  ): Promise<RedirectRow> {
    const rows = await manager.query<RedirectRow[]>(
      `INSERT INTO "redirects" ("from_path", "to_path", "created_by_name") VALUES ($1, $2, $3) RETURNING *`,
      [fromPath, toPath, createdByName],
    );
    return rows[0];
  }

  async deleteRedirect(manager: EntityManager, id: string): Promise<RedirectRow | null> {
    const rows = returnedRows<RedirectRow>(
      await manager.query(`DELETE FROM "redirects" WHERE "id" = $1 RETURNING *`, [id]),
    );
    return rows[0] ?? null;
  }

  /** One more visit answered; not a content change, so no version bump. */
  async countHit(id: string): Promise<void> {
    await this.dataSource.query(`UPDATE "redirects" SET "hits" = "hits" + 1, "last_hit_at" = now() WHERE "id" = $1`, [
      id,
    ]);
  }

  /**
   * Which of these paths (lower-case, as redirects keep them) are the addresses of published posts,
   * published case studies, shown team members, tags of published posts or sent newsletter issues'
   * web versions: a redirect never hides one of them. Only the paths asked about are looked up (posts
   * through posts_live_path_idx), so the answer costs the same with ten posts or ten thousand; the
   * tags are read only when a tag's page is asked about; no paths, no query.
   */
  async livePathsAmong(paths: string[]): Promise<Set<string>> {
    if (paths.length === 0) return new Set();
    const tags = paths.some((path) => path.startsWith('/blog/tag/'));
    // Team pages are records too (docs/product.md#team): a member added later is a live page as well.
    const rows = await this.dataSource.query<{ path: string }[]>(
      `SELECT '/blog/' || "section" || '/' || lower("slug") AS path FROM "posts"
        WHERE "status" = 'published' AND '/blog/' || "section" || '/' || lower("slug") = ANY($1::text[])
       UNION ALL
       SELECT '/case-studies/' || lower("slug") FROM "case_studies"
        WHERE "status" = 'published' AND '/case-studies/' || lower("slug") = ANY($1::text[])
       UNION ALL
       SELECT '/team/' || lower("slug") FROM "team_members"
        WHERE NOT "hidden" AND '/team/' || lower("slug") = ANY($1::text[])
       UNION ALL
       SELECT '/newsletter/' || "web_slug" FROM "newsletter_issues"
        WHERE "status" IN ('sending', 'sent') AND '/newsletter/' || "web_slug" = ANY($1::text[])
       ${
         tags
           ? // A tag's page is named by its slug (the rule of common/src/slugify.ts, in SQL, as the blog reads it).
             `UNION ALL
       SELECT DISTINCT '/blog/tag/' || regexp_replace(regexp_replace(lower(tag.name), '[^a-z0-9]+', '-', 'g'), '^-+|-+$', '', 'g')
         FROM "posts" CROSS JOIN LATERAL jsonb_array_elements_text("posts"."tags") AS tag(name)
        WHERE "posts"."status" = 'published'
          AND '/blog/tag/' || regexp_replace(regexp_replace(lower(tag.name), '[^a-z0-9]+', '-', 'g'), '^-+|-+$', '', 'g') = ANY($1::text[])`
           : ''
       }`,
      [paths],
    );
    return new Set(rows.map((row) => row.path));
  }

  async findPostRedirectPage(
    offset: number,
    limit: number,
  ): Promise<
    [{ section: string; slug: string; to_section: string; to_slug: string; title: string; created_at: Date }[], number]
  > {
    const rows = await this.dataSource.query<
      { section: string; slug: string; to_section: string; to_slug: string; title: string; created_at: Date }[]
    >(
      `SELECT r."section", r."slug", p."section" AS to_section, p."slug" AS to_slug, p."title", r."created_at"
         FROM "post_redirects" r JOIN "posts" p ON p."id" = r."post_id"
        WHERE p."status" = 'published'
        ORDER BY r."created_at" DESC, r."id" DESC OFFSET $1 LIMIT $2`,
      [offset, limit],
    );
    const [{ count }] = await this.dataSource.query<{ count: string }[]>(
      `SELECT count(*) AS count FROM "post_redirects" r JOIN "posts" p ON p."id" = r."post_id" WHERE p."status" = 'published'`,
    );
    return [rows, Number(count)];
  }
}

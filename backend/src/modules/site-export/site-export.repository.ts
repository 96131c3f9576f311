import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { ExportRecord } from './site-export-format.js';

export interface StoredObjectRow {
  key: string;
  contentType: string;
  body: Buffer;
}

/**
 * The reads of the site export. Each record is its row as JSON (`to_jsonb`): every column by its
 * database name, timestamps in ISO 8601, jsonb as it is. Run inside one transaction, so the export
 * is of one moment.
 */
@Injectable()
export class SiteExportRepository {
  private async records(manager: EntityManager, table: string, orderBy: string): Promise<ExportRecord[]> {
    const rows = await manager.query<Array<{ record: ExportRecord }>>(
      `SELECT to_jsonb(t) AS record FROM "${table}" t ORDER BY ${orderBy}`,
    );
    return rows.map((row) => row.record);
  }

  posts(manager: EntityManager): Promise<ExportRecord[]> {
    return this.records(manager, 'posts', 't."created_at", t."id"');
  }

  caseStudies(manager: EntityManager): Promise<ExportRecord[]> {
    return this.records(manager, 'case_studies', 't."created_at", t."id"');
  }

  teamMembers(manager: EntityManager): Promise<ExportRecord[]> {
    return this.records(manager, 'team_members', 't."id"');
  }

  redirects(manager: EntityManager): Promise<ExportRecord[]> {
    return this.records(manager, 'redirects', 't."created_at", t."id"');
  }

  postRedirects(manager: EntityManager): Promise<ExportRecord[]> {
    return this.records(manager, 'post_redirects', 't."created_at", t."id"');
  }

  media(manager: EntityManager): Promise<Array<ExportRecord & { id: string }>> {
    return this.records(manager, 'media', 't."created_at", t."id"') as Promise<Array<ExportRecord & { id: string }>>;
  }

  async settings(manager: EntityManager): Promise<ExportRecord | null> {
    const rows = await manager.query<Array<{ record: ExportRecord }>>(
      `SELECT to_jsonb(t) AS record FROM "site_settings" t WHERE t."id" = 1`,
    );
    return rows[0]?.record ?? null;
  }

  /** Every tag of the posts, with how many posts carry it (tags live on posts; case studies have none). */
  async tags(manager: EntityManager): Promise<Array<{ name: string; posts: number }>> {
    const rows = await manager.query<Array<{ name: string; posts: string }>>(
      `SELECT tag AS name, count(*)::text AS posts
         FROM "posts" p CROSS JOIN LATERAL jsonb_array_elements_text(p."tags") AS tag
        GROUP BY tag ORDER BY tag`,
    );
    return rows.map((row) => ({ name: row.name, posts: Number(row.posts) }));
  }

  async schemaLevel(manager: EntityManager): Promise<string> {
    const rows = await manager.query<Array<{ name: string }>>(`SELECT name FROM "migrations" ORDER BY id DESC LIMIT 1`);
    return rows[0]?.name ?? '';
  }

  async objects(manager: EntityManager): Promise<StoredObjectRow[]> {
    return manager.query<StoredObjectRow[]>(
      `SELECT "key", "content_type" AS "contentType", "body" FROM "media_objects" ORDER BY "key"`,
    );
  }
}

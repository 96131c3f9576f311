import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { SiteExportSummary } from '@northbeam/common';
import { DataSource, type EntityManager } from 'typeorm';
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
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Counts and the size of what an export would hold (records as JSON text, stored files' bytes). */
  async summary(): Promise<SiteExportSummary> {
    const rows = await this.dataSource.query<Array<Record<keyof SiteExportSummary, string>>>(
      `SELECT (SELECT count(*) FROM "posts") AS "posts",
              (SELECT count(*) FROM "case_studies") AS "caseStudies",
              (SELECT count(*) FROM "team_members") AS "teamMembers",
              (SELECT count(*) FROM "redirects") AS "redirects",
              (SELECT count(DISTINCT tag) FROM "posts" CROSS JOIN LATERAL jsonb_array_elements_text("tags") AS tag) AS "tags",
              (SELECT count(*) FROM "media") AS "media",
              (SELECT count(*) FROM "media_objects") AS "mediaObjects",
              (SELECT coalesce(sum(octet_length("body")), 0) FROM "media_objects")
              + (SELECT coalesce(sum(octet_length(to_jsonb(t)::text)), 0) FROM "posts" t)
              + (SELECT coalesce(sum(octet_length(to_jsonb(t)::text)), 0) FROM "case_studies" t)
              + (SELECT coalesce(sum(octet_length(to_jsonb(t)::text)), 0) FROM "team_members" t)
              + (SELECT coalesce(sum(octet_length(to_jsonb(t)::text)), 0) FROM "media" t) AS "bytes"`,
    );
    const row = rows[0];
    return {
      posts: Number(row.posts),
      caseStudies: Number(row.caseStudies),
      teamMembers: Number(row.teamMembers),
      redirects: Number(row.redirects),
      tags: Number(row.tags),
      media: Number(row.media),
      mediaObjects: Number(row.mediaObjects),
      bytes: Number(row.bytes),
    };
  }

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

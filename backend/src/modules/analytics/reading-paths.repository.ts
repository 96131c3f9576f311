import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { pageViewEvent } from './analytics.repository.js';
import { tableStatements } from '../../database/personal-data-rows.js';

/** A page read before an enquiry, as stored on the enquiry. */
export interface ReadingPage {
  path: string;
  title: string | null;
  readAt: Date;
}

/** The queries behind reading paths (`reading-paths.ts`): the visitor's page views, the enquiry's copy of them. */
@Injectable()
export class ReadingPathsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The consented visitor id carried by the latest event of the visit hash, if any. */
  async latestVisitorId(manager: EntityManager, visitorHash: string): Promise<string | null> {
    const latest = await manager.query<{ visitor_id: string | null }[]>(
      `SELECT e."visitor_id" FROM "analytics_events" e JOIN "analytics_visits" v ON v."id" = e."visit_id"
        WHERE v."visitor_hash" = $1 ORDER BY e."created_at" DESC, e."id" DESC LIMIT 1`,
      [visitorHash],
    );
    return latest[0]?.visitor_id ?? null;
  }

  /**
   * The visitor's page views between `since` and `until`, latest first, at most `limit`: theirs, and
   * those of the visits they consented in (the landing page viewed before the choice was made).
   */
  async recentPageViews(
    manager: EntityManager,
    visitorId: string,
    since: Date,
    until: Date,
    limit: number,
  ): Promise<ReadingPage[]> {
    const pages = await manager.query<{ path: string; title: string | null; created_at: Date }[]>(
      `SELECT "path", left("properties"->>'page_title', 300) AS "title", "created_at" FROM "analytics_events"
        WHERE ("visitor_id" = $1 OR "visit_id" IN (
                SELECT "visit_id" FROM "analytics_events" WHERE "visitor_id" = $1 AND "visit_id" IS NOT NULL))
          AND "event" = $2 AND "path" IS NOT NULL AND "created_at" >= $3 AND "created_at" <= $4
        ORDER BY "created_at" DESC, "id" DESC LIMIT $5`,
      [visitorId, pageViewEvent, since, until, limit],
    );
    return pages.map((page) => ({ path: page.path, title: page.title, readAt: page.created_at }));
  }

  /** Stores one page of an enquiry's reading path at `position`. */
  async insertPage(manager: EntityManager, enquiryId: string, position: number, page: ReadingPage): Promise<void> {
    await manager.query(
      `INSERT INTO "enquiry_reading_paths" ("enquiry_id", "position", "path", "title", "read_at") VALUES ($1, $2, $3, $4, $5)`,
      [enquiryId, position, page.path, page.title, page.readAt],
    );
  }

  /** The enquiry's reading path in reading order. */
  async forEnquiry(enquiryId: string, manager: EntityManager = this.dataSource.manager): Promise<ReadingPage[]> {
    const rows = await manager.query<{ path: string; title: string | null; read_at: Date | string }[]>(
      `SELECT "path", "title", "read_at" FROM "enquiry_reading_paths" WHERE "enquiry_id" = $1 ORDER BY "position"`,
      [enquiryId],
    );
    return rows.map((row) => ({ path: row.path, title: row.title, readAt: new Date(row.read_at) }));
  }
}

const pathsOfAddress = `"enquiry_id" IN (SELECT "id" FROM "contact_messages" WHERE lower(trim("email")) = $1)`;

/** The reading paths' statements for their personal-data declaration: those of the address's enquiries. */
export const readingPathsPersonalData = tableStatements('enquiry_reading_paths', {
  erase: pathsOfAddress,
  collect: {
    where: pathsOfAddress,
    columns: `"enquiry_id" AS "enquiryId", "path", "title", "read_at" AS "readAt"`,
    orderBy: `"enquiry_id", "position"`,
  },
});

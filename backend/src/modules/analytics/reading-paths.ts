import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { analyticsLimits, type EnquiryReadingPage } from '@northbeam/common';
import { pageViewEvent } from './analytics.repository.js';
import { isObviousBot } from './bot-filter.js';
import { ukDay } from './uk-days.js';
import { VisitSalts, visitorHash } from './visit-salts.js';

export interface EnquiryClient {
  ip: string | undefined;
  userAgent: string | undefined;
  now: Date;
}

/**
 * The pages read before an enquiry (docs/product.md#content-to-enquiry), kept only where the
 * visitor consented to analytics: the sender's visit today is found from its visit hash, and if its
 * latest event carries the consented visitor id, that id's last page views are copied onto the
 * enquiry, with the page views of the visits in which it consented (the landing page, read before
 * the choice was made on it, belongs to that visit). Without consent nothing is linked. The rows go with the enquiry (cascade).
 */
@Injectable()
export class ReadingPaths {
  constructor(private readonly salts: VisitSalts) {}

  async capture(manager: EntityManager, enquiryId: string, client: EnquiryClient): Promise<number> {
    if (!client.ip || isObviousBot(client.userAgent)) return 0;
    const salt = await this.salts.existingSalt(ukDay(client.now), manager);
    if (!salt) return 0;
    const hash = visitorHash(salt, client.ip, client.userAgent!);
    const latest = await manager.query<{ visitor_id: string | null }[]>(
      `SELECT e."visitor_id" FROM "analytics_events" e JOIN "analytics_visits" v ON v."id" = e."visit_id"
        WHERE v."visitor_hash" = $1 ORDER BY e."created_at" DESC, e."id" DESC LIMIT 1`,
      [hash],
    );
    const visitorId = latest[0]?.visitor_id;
    if (!visitorId) return 0;
    const since = new Date(client.now.getTime() - analyticsLimits.readingPathDays * 86_400_000);
    const pages = await manager.query<{ path: string; title: string | null; created_at: Date }[]>(
      `SELECT "path", left("properties"->>'page_title', 300) AS "title", "created_at" FROM "analytics_events"
        WHERE ("visitor_id" = $1 OR "visit_id" IN (
                SELECT "visit_id" FROM "analytics_events" WHERE "visitor_id" = $1 AND "visit_id" IS NOT NULL))
          AND "event" = $2 AND "path" IS NOT NULL AND "created_at" >= $3 AND "created_at" <= $4
        ORDER BY "created_at" DESC, "id" DESC LIMIT $5`,
      [visitorId, pageViewEvent, since, client.now, analyticsLimits.readingPathMax],
    );
    const ordered = pages.reverse();
    for (const [position, page] of ordered.entries()) {
      await manager.query(
        `INSERT INTO "enquiry_reading_paths" ("enquiry_id", "position", "path", "title", "read_at") VALUES ($1, $2, $3, $4, $5)`,
        [enquiryId, position, page.path, page.title, page.created_at],
      );
    }
    return ordered.length;
  }

  async forEnquiry(manager: EntityManager, enquiryId: string): Promise<EnquiryReadingPage[]> {
    const rows = await manager.query<{ path: string; title: string | null; read_at: Date | string }[]>(
      `SELECT "path", "title", "read_at" FROM "enquiry_reading_paths" WHERE "enquiry_id" = $1 ORDER BY "position"`,
      [enquiryId],
    );
    return rows.map((row) => ({ path: row.path, title: row.title, readAt: new Date(row.read_at).toISOString() }));
  }
}

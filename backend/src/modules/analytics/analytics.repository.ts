import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { AnalyticsEvent, type AnalyticsPropertyValue } from './entities/analytics-event.entity.js';
import { tableStatements } from '../../database/personal-data-rows.js';

export interface NewAnalyticsEvent {
  event: string;
  properties: Record<string, AnalyticsPropertyValue>;
  path: string | null;
  /** The referring host only, never the full address. */
  referrer: string | null;
  visitorId: string | null;
  visitId?: string | null;
  createdAt?: Date;
}

/** What a visit keeps of its first event and of the agent (parsed, never raw). */
export interface VisitFacts {
  visitorHash: string;
  day: string;
  at: Date;
  isPageView: boolean;
  formStarted: boolean;
  enquired: boolean;
  path: string | null;
  referrerHost: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  browser: string | null;
  os: string | null;
  device: string | null;
}

/** A visit that came without campaign tags (SQL, on "analytics_visits"). */
const untagged = `("utm_source" IS NULL AND "utm_medium" IS NULL AND "utm_campaign" IS NULL)`;

export const pageViewEvent = 'Page View';
export const contactFormStartEvents = ['Contact Form Started', 'contact_form_start'];
export const contactFormSubmitEvents = ['Contact Form Submitted', 'contact_form_submit'];
export const cookieConsentEvent = 'Cookie Consent';

@Injectable()
export class AnalyticsRepository {
  constructor(@InjectRepository(AnalyticsEvent) private readonly events: Repository<AnalyticsEvent>) {}

  async insert(event: NewAnalyticsEvent, manager: EntityManager = this.events.manager): Promise<void> {
    await manager.query(
      `INSERT INTO "analytics_events" ("event", "properties", "path", "referrer", "visitor_id", "visit_id", "created_at")
        VALUES ($1, $2::jsonb, $3, $4, $5, $6, COALESCE($7, now()))`,
      [
        event.event,
        JSON.stringify(event.properties),
        event.path,
        event.referrer,
        event.visitorId,
        event.visitId ?? null,
        event.createdAt ?? null,
      ],
    );
  }

  /**
   * The visit this event belongs to: the visitor's last visit when its last event is under
   * `idleMinutes` old (then brought up to date), otherwise a new one. The referrer and the campaign
   * tags belong to the visit, not to the event that opened it: the visit's first event may be an
   * article's own event that arrives before the page view carrying the tags, so a visit without them
   * takes them from a later event (never replacing those it has). Runs in the caller's
   * transaction, serialised per visitor hash.
   */
  async touchVisit(manager: EntityManager, facts: VisitFacts, idleMinutes: number): Promise<string> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [facts.visitorHash]);
    const idleSince = new Date(facts.at.getTime() - idleMinutes * 60_000);
    const updated = await manager.query<{ id: string }[]>(
      `UPDATE "analytics_visits" SET
          "last_seen_at" = GREATEST("last_seen_at", $2),
          "events" = "events" + 1,
          "page_views" = "page_views" + $3,
          "entry_path" = COALESCE("entry_path", $4),
          "form_started" = "form_started" OR $5,
          "enquired" = "enquired" OR $6,
          "referrer_host" = COALESCE("referrer_host", $8),
          "utm_source" = CASE WHEN $12 AND ${untagged} THEN $9 ELSE "utm_source" END,
          "utm_medium" = CASE WHEN $12 AND ${untagged} THEN $10 ELSE "utm_medium" END,
          "utm_campaign" = CASE WHEN $12 AND ${untagged} THEN $11 ELSE "utm_campaign" END
        WHERE "id" = (
          SELECT "id" FROM "analytics_visits"
           WHERE "visitor_hash" = $1 AND "last_seen_at" >= $7 AND "last_seen_at" <= $2
           ORDER BY "last_seen_at" DESC LIMIT 1)
        RETURNING "id"`,
      [
        facts.visitorHash,
        facts.at,
        facts.isPageView ? 1 : 0,
        facts.isPageView ? facts.path : null,
        facts.formStarted,
        facts.enquired,
        idleSince,
        facts.referrerHost,
        facts.utmSource,
        facts.utmMedium,
        facts.utmCampaign,
        // The campaign tags arrive as a group, on the event that carries them; they fill a visit that
        // has none yet, whichever event opened it, and never replace the tags a visit came with.
        hasCampaign(facts),
      ],
    );
    const rows: { id: string }[] = Array.isArray(updated[0]) ? updated[0] : updated;
    if (rows[0]?.id) return String(rows[0].id);
    const inserted = await manager.query<{ id: string }[]>(
      `INSERT INTO "analytics_visits" ("visitor_hash", "day", "started_at", "last_seen_at", "page_views", "events",
          "entry_path", "referrer_host", "utm_source", "utm_medium", "utm_campaign", "browser", "os", "device",
          "form_started", "enquired")
        VALUES ($1, $2, $3, $3, $4, 1, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING "id"`,
      [
        facts.visitorHash,
        facts.day,
        facts.at,
        facts.isPageView ? 1 : 0,
        facts.isPageView ? facts.path : null,
        facts.referrerHost,
        facts.utmSource,
        facts.utmMedium,
        facts.utmCampaign,
        facts.browser,
        facts.os,
        facts.device,
        facts.formStarted,
        facts.enquired,
      ],
    );
    return String(inserted[0].id);
  }

  /**
   * Deletes the visits of one visit hash on its UK day and their events: a visitor who refuses
   * analytics is not counted, not even for what was sent before the choice. Serialised with
   * `touchVisit` per visit hash.
   */
  async forgetVisitor(manager: EntityManager, visitorHash: string, day: string): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [visitorHash]);
    await manager.query(
      `DELETE FROM "analytics_events" WHERE "visit_id" IN (
         SELECT "id" FROM "analytics_visits" WHERE "visitor_hash" = $1 AND "day" = $2)`,
      [visitorHash, day],
    );
    await manager.query(`DELETE FROM "analytics_visits" WHERE "visitor_hash" = $1 AND "day" = $2`, [visitorHash, day]);
  }

  async countEvents(names: string[], since: Date): Promise<number> {
    const rows = await this.events.query<{ count: number }[]>(
      `SELECT count(*)::int AS "count" FROM "analytics_events" WHERE "event" = ANY($1) AND "created_at" >= $2`,
      [names, since],
    );
    return rows[0]?.count ?? 0;
  }

  async topPages(since: Date, limit: number): Promise<{ path: string; views: number }[]> {
    return await this.events.query<{ path: string; views: number }[]>(
      `SELECT "path", count(*)::int AS "views" FROM "analytics_events"
        WHERE "event" = $1 AND "created_at" >= $2 AND "path" IS NOT NULL
        GROUP BY "path" ORDER BY "views" DESC, "path" ASC LIMIT $3`,
      [pageViewEvent, since, limit],
    );
  }
}

function hasCampaign(facts: VisitFacts): boolean {
  return facts.utmSource !== null || facts.utmMedium !== null || facts.utmCampaign !== null;
}

/**
 * The events about an address ($1): those that carry it (playbook and newsletter events send
 * `properties.email`) or the anonymous visitor id the requester's browser attached to a privacy request.
 */
const eventsOfAddress = `lower("properties"->>'email') = $1
   OR "visitor_id" IN (SELECT "visitor_id" FROM "deletion_requests" WHERE "email" = $1 AND "visitor_id" IS NOT NULL)`;

/**
 * The analytics events' erase, collect and count; their purge takes the daily rollups too
 * (`analyticsEventsPersonalData`, analytics-rollups.repository.ts).
 */
export const analyticsEventRows = tableStatements('analytics_events', {
  erase: eventsOfAddress,
  collect: {
    where: eventsOfAddress,
    columns: `"event", "path", "referrer", "properties", "visitor_id" AS "visitorId", "created_at" AS "at"`,
    orderBy: `"created_at", "id"`,
  },
});

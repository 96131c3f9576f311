import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { AnalyticsEvent, type AnalyticsPropertyValue } from './entities/analytics-event.entity.js';

export interface NewAnalyticsEvent {
  event: string;
  properties: Record<string, AnalyticsPropertyValue>;
  path: string | null;
  referrer: string | null;
  visitorId: string | null;
}

export const pageViewEvent = 'Page View';
export const contactFormStartEvents = ['Contact Form Started', 'contact_form_start'];
export const contactFormSubmitEvents = ['Contact Form Submitted', 'contact_form_submit'];

@Injectable()
export class AnalyticsRepository {
  constructor(@InjectRepository(AnalyticsEvent) private readonly events: Repository<AnalyticsEvent>) {}

  async insert(event: NewAnalyticsEvent): Promise<void> {
    await this.events.insert(event);
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

/** `manager.query` answers DELETE ... RETURNING with the rows (or [rows, count] on some drivers). */
export function rowCount(result: unknown): number {
  if (Array.isArray(result)) {
    if (result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') return result[1];
    return result.length;
  }
  return 0;
}

import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { analyticsLimits, type EnquiryReadingPage } from '@northbeam/common';
import { isObviousBot } from './bot-filter.js';
import { ReadingPathsRepository } from './reading-paths.repository.js';
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
  constructor(
    private readonly salts: VisitSalts,
    private readonly repository: ReadingPathsRepository,
  ) {}

  async capture(manager: EntityManager, enquiryId: string, client: EnquiryClient): Promise<number> {
    if (!client.ip || isObviousBot(client.userAgent)) return 0;
    const salt = await this.salts.existingSalt(ukDay(client.now), manager);
    if (!salt) return 0;
    const hash = visitorHash(salt, client.ip, client.userAgent!);
    const visitorId = await this.repository.latestVisitorId(manager, hash);
    if (!visitorId) return 0;
    const since = new Date(client.now.getTime() - analyticsLimits.readingPathDays * 86_400_000);
    const pages = await this.repository.recentPageViews(
      manager,
      visitorId,
      since,
      client.now,
      analyticsLimits.readingPathMax,
    );
    const ordered = pages.reverse();
    for (const [position, page] of ordered.entries())
      await this.repository.insertPage(manager, enquiryId, position, page);
    return ordered.length;
  }

  /** The enquiry's reading path; inside a transaction, pass its manager. */
  async forEnquiry(enquiryId: string, manager?: EntityManager): Promise<EnquiryReadingPage[]> {
    const pages = await this.repository.forEnquiry(enquiryId, manager);
    return pages.map((page) => ({ path: page.path, title: page.title, readAt: page.readAt.toISOString() }));
  }
}

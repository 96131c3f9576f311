import { Inject, Injectable } from '@nestjs/common';
import { site, tagSlug, type SiteExportSummary, type StaffUser } from '@northbeam/common';
import { APP_CONFIG, type AppConfig } from '../../core/config/config.js';
import { Transactions } from '../../database/transactions.js';
import { ActivityService } from '../activity/activity.service.js';
import { buildSiteExport, type ExportMediaObject } from './site-export-format.js';
import { SiteExportRepository } from './site-export.repository.js';

export interface SiteExportFile {
  filename: string;
  bytes: Uint8Array;
}

/** The whole site's content in one ZIP (docs/export-format.md), read in one transaction with its activity line. */
@Injectable()
export class SiteExportService {
  constructor(
    private readonly repository: SiteExportRepository,
    private readonly transactions: Transactions,
    private readonly activityService: ActivityService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  summary(): Promise<SiteExportSummary> {
    return this.repository.summary();
  }

  async export(user: StaffUser): Promise<SiteExportFile> {
    const exportedAt = new Date();
    const data = await this.transactions.run(async (manager) => {
      const [posts, caseStudies, teamMembers, settings, redirects, postRedirects, tags, media, objects, schema] =
        // One at a time: the embedded database answers one query at a time in a transaction.
        [
          await this.repository.posts(manager),
          await this.repository.caseStudies(manager),
          await this.repository.teamMembers(manager),
          await this.repository.settings(manager),
          await this.repository.redirects(manager),
          await this.repository.postRedirects(manager),
          await this.repository.tags(manager),
          await this.repository.media(manager),
          await this.repository.objects(manager),
          await this.repository.schemaLevel(manager),
        ];
      await this.activityService.record(manager, {
        actor: { id: user.id, name: user.name },
        action: 'site.exported',
        target: {
          type: 'export',
          id: 'site',
          label: `${posts.length} posts, ${caseStudies.length} case studies, ${media.length} images`,
        },
      });
      return { posts, caseStudies, teamMembers, settings, redirects, postRedirects, tags, media, objects, schema };
    });
    const objectsOf = new Map<string, ExportMediaObject[]>();
    const otherObjects: ExportMediaObject[] = [];
    const mediaIds = new Set(data.media.map((item) => item.id));
    for (const object of data.objects) {
      const owner = object.key.split('/')[0];
      const entry = { key: object.key, contentType: object.contentType, bytes: new Uint8Array(object.body) };
      if (!mediaIds.has(owner)) otherObjects.push(entry);
      else objectsOf.set(owner, [...(objectsOf.get(owner) ?? []), entry]);
    }
    const bytes = buildSiteExport({
      exportedAt: exportedAt.toISOString(),
      site: { name: site.name, url: this.config.publicUrl },
      schema: data.schema,
      posts: data.posts,
      caseStudies: data.caseStudies,
      teamMembers: data.teamMembers,
      settings: data.settings,
      redirects: data.redirects,
      postRedirects: data.postRedirects,
      tags: data.tags.map((tag) => ({ name: tag.name, slug: tagSlug(tag.name), posts: tag.posts })),
      media: data.media.map((record) => ({
        record,
        // The original first, then the variants.
        objects: (objectsOf.get(record.id) ?? []).sort(
          (a, b) => Number(!a.key.endsWith('/original')) - Number(!b.key.endsWith('/original')),
        ),
      })),
      otherObjects,
    });
    return { filename: `northbeam-site-${exportedAt.toISOString().slice(0, 10)}.zip`, bytes };
  }
}

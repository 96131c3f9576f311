import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository, type EntityManager } from 'typeorm';
import { MediaEntity } from './entities/media.entity.js';

/** `%`, `_` and `\` typed in a search are matched literally. */
function likePattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** Where an image is used: a label a person recognises ("Post “Title” (feature image)"). */
export interface MediaUse {
  label: string;
}

/** A media library address in a text (`/media/<uuid>/960.webp`), capturing the image's id: SQL. */
const mediaAddress = `'/media/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/'`;

@Injectable()
export class MediaRepository {
  constructor(@InjectRepository(MediaEntity) private readonly media: Repository<MediaEntity>) {}

  /** Newest first, optionally matching a search over file name and alt text (case-insensitive). */
  async findPage(search: string | undefined, offset: number, limit: number): Promise<[MediaEntity[], number]> {
    const query = this.media.createQueryBuilder('media');
    if (search) {
      query.where(`(lower(media.filename) LIKE :pattern ESCAPE '\\' OR lower(media.alt) LIKE :pattern ESCAPE '\\')`, {
        pattern: likePattern(search),
      });
    }
    return query
      .orderBy('media.createdAt', 'DESC')
      .addOrderBy('media.id', 'DESC')
      .offset(offset)
      .limit(limit)
      .getManyAndCount();
  }

  findById(id: string, manager: EntityManager = this.media.manager): Promise<MediaEntity | null> {
    return manager.getRepository(MediaEntity).findOneBy({ id });
  }

  findByIds(ids: string[]): Promise<MediaEntity[]> {
    return ids.length ? this.media.findBy({ id: In(ids) }) : Promise.resolve([]);
  }

  /** The image's row, locked until the caller's transaction ends. */
  async lockById(manager: EntityManager, id: string): Promise<MediaEntity | null> {
    await manager.query(`SELECT 1 FROM "media" WHERE "id" = $1 FOR UPDATE`, [id]);
    return this.findById(id, manager);
  }

  create(manager: EntityManager, values: Omit<MediaEntity, 'id' | 'createdAt' | 'updatedAt'>): Promise<MediaEntity> {
    const media = manager.getRepository(MediaEntity);
    return media.save(media.create(values));
  }

  async updateAlt(manager: EntityManager, id: string, alt: string): Promise<MediaEntity> {
    const media = manager.getRepository(MediaEntity);
    await media.update({ id }, { alt });
    return (await media.findOneBy({ id }))!;
  }

  async delete(manager: EntityManager, id: string): Promise<void> {
    await manager.getRepository(MediaEntity).delete({ id });
  }

  /**
   * Every place that shows the image (docs/product.md#media): a post's feature image, or a post body
   * that shows or links to `/media/{id}/…`; a case study's hero image, gallery or sharing image; a
   * newsletter issue's text or hero image (a sent issue too: the mail in readers' inboxes still loads
   * it); a team member's photo; a client logo of the site settings. Drafts included.
   */
  async findUses(manager: EntityManager, id: string): Promise<MediaUse[]> {
    return (await this.findUsesOf([id], manager)).get(id.toLowerCase()) ?? [];
  }

  /** The uses of each of `ids` (a page of the library): one query per kind of record, whatever the page size. */
  async findUsesOf(requested: string[], manager: EntityManager = this.media.manager): Promise<Map<string, MediaUse[]>> {
    // Ids are compared in lower case on both sides: an address written with the id in capitals is a use too.
    const ids = requested.map((id) => id.toLowerCase());
    const uses = new Map<string, MediaUse[]>(ids.map((id) => [id, []]));
    if (ids.length === 0) return uses;
    const add = (mediaId: string, label: string) => uses.get(mediaId)?.push({ label });
    // Each asked id with the path its variants are served under.
    const asked = `unnest($1::text[]) AS "asked" ("id") CROSS JOIN LATERAL (SELECT '/media/' || "asked"."id" || '/' AS "path") AS "media"`;
    // Bodies are read once for every media address they hold (not once per asked image): a page of
    // the library costs one pass over the posts, however many images it shows.
    const posts = await manager.query<
      { mediaId: string; title: string; status: string; feature: boolean; body: boolean }[]
    >(
      `SELECT "uses"."mediaId", "title", "status", bool_or("uses"."feature") AS "feature", bool_or(NOT "uses"."feature") AS "body"
         FROM (SELECT "id", "feature_image_id"::text AS "mediaId", true AS "feature"
                 FROM "posts" WHERE "feature_image_id"::text = ANY($1::text[])
               UNION ALL
               SELECT "id", lower("address"[1]), false
                 FROM "posts" CROSS JOIN LATERAL regexp_matches("body", ${mediaAddress}, 'gi') AS "address"
                WHERE strpos(lower("body"), '/media/') > 0 AND lower("address"[1]) = ANY($1::text[])) AS "uses"
         JOIN "posts" ON "posts"."id" = "uses"."id"
        GROUP BY "uses"."mediaId", "posts"."id"
        ORDER BY "posts"."created_at" DESC, "posts"."id"`,
      [ids],
    );
    const caseStudies = await manager.query<
      { mediaId: string; title: string; status: string; hero: boolean; gallery: boolean; seo: boolean }[]
    >(
      `SELECT * FROM (
         SELECT "asked"."id" AS "mediaId", "title", "status", "created_at", "case_studies"."id",
                (strpos(lower("hero_image"), "media"."path") > 0) AS "hero",
                (strpos(lower("gallery"::text), "media"."path") > 0) AS "gallery",
                (strpos(lower("seo" ->> 'image'), "media"."path") > 0) AS "seo"
           FROM ${asked} CROSS JOIN "case_studies") AS "uses"
        WHERE "hero" OR "gallery" OR "seo"
        ORDER BY "created_at" DESC, "id"`,
      [ids],
    );
    const issues = await manager.query<{ mediaId: string; subject: string; status: string }[]>(
      `SELECT DISTINCT "uses"."mediaId", "subject", "status", "newsletter_issues"."created_at", "newsletter_issues"."id"
         FROM (SELECT "id", "hero_image_id"::text AS "mediaId"
                 FROM "newsletter_issues" WHERE "hero_image_id"::text = ANY($1::text[])
               UNION ALL
               SELECT "id", lower("address"[1])
                 FROM "newsletter_issues" CROSS JOIN LATERAL regexp_matches("body", ${mediaAddress}, 'gi') AS "address"
                WHERE strpos(lower("body"), '/media/') > 0 AND lower("address"[1]) = ANY($1::text[])) AS "uses"
         JOIN "newsletter_issues" ON "newsletter_issues"."id" = "uses"."id"
        ORDER BY "newsletter_issues"."created_at" DESC, "newsletter_issues"."id"`,
      [ids],
    );
    const members = await manager.query<{ mediaId: string; name: string }[]>(
      `SELECT "asked"."id" AS "mediaId", "name"
         FROM ${asked}
         JOIN "team_members" ON strpos(lower(coalesce("avatar", '')), "media"."path") > 0
        ORDER BY "position", "team_members"."id"`,
      [ids],
    );
    // The marquee's client logos in the site settings (docs/product.md#site-settings).
    const logos = await manager.query<{ mediaId: string; name: string }[]>(
      `SELECT lower(logo ->> 'mediaId') AS "mediaId", logo ->> 'name' AS "name"
         FROM "site_settings", jsonb_array_elements("data" -> 'clientLogos') AS logo
        WHERE lower(logo ->> 'mediaId') = ANY($1::text[])`,
      [ids],
    );
    for (const row of posts) {
      const places = [row.feature ? 'feature image' : null, row.body ? 'in the text' : null].filter(Boolean).join(', ');
      add(row.mediaId, `Post “${row.title}” (${places}${row.status === 'published' ? '' : `, ${row.status}`})`);
    }
    for (const row of caseStudies) {
      const places = [row.hero ? 'hero image' : null, row.gallery ? 'gallery' : null, row.seo ? 'sharing image' : null]
        .filter(Boolean)
        .join(', ');
      add(row.mediaId, `Case study “${row.title}” (${places}${row.status === 'published' ? '' : `, ${row.status}`})`);
    }
    for (const row of issues) add(row.mediaId, `Newsletter issue “${row.subject}” (${row.status})`);
    for (const row of members) add(row.mediaId, `Team member “${row.name}” (photo)`);
    for (const row of logos) add(row.mediaId, `Site settings (client logo “${row.name}”)`);
    return uses;
  }
}

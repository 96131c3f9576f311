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

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.media.manager.transaction(work);
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
   * newsletter issue's text (a sent issue too: the mail in readers' inboxes still loads it). Drafts included.
   */
  async findUses(manager: EntityManager, id: string): Promise<MediaUse[]> {
    const path = `/media/${id}/`;
    const posts = await manager.query<{ title: string; status: string; feature: boolean; body: boolean }[]>(
      `SELECT "title", "status", ("feature_image_id" = $1) AS "feature", (strpos("body", $2) > 0) AS "body"
         FROM "posts"
        WHERE "feature_image_id" = $1 OR strpos("body", $2) > 0
        ORDER BY "created_at" DESC, "id"`,
      [id, path],
    );
    const caseStudies = await manager.query<
      { title: string; status: string; hero: boolean; gallery: boolean; seo: boolean }[]
    >(
      `SELECT * FROM (
         SELECT "title", "status", "created_at", "id",
                (strpos("hero_image", $1) > 0) AS "hero",
                (strpos("gallery"::text, $1) > 0) AS "gallery",
                (strpos("seo" ->> 'image', $1) > 0) AS "seo"
           FROM "case_studies") AS "uses"
        WHERE "hero" OR "gallery" OR "seo"
        ORDER BY "created_at" DESC, "id"`,
      [path],
    );
    const issues = await manager.query<{ subject: string; status: string }[]>(
      `SELECT "subject", "status" FROM "newsletter_issues" WHERE strpos("body", $1) > 0 ORDER BY "created_at" DESC, "id"`,
      [path],
    );
    return [
      ...posts.map((row) => {
        const places = [row.feature ? 'feature image' : null, row.body ? 'in the text' : null]
          .filter(Boolean)
          .join(', ');
        return { label: `Post “${row.title}” (${places}${row.status === 'published' ? '' : `, ${row.status}`})` };
      }),
      ...caseStudies.map((row) => {
        const places = [
          row.hero ? 'hero image' : null,
          row.gallery ? 'gallery' : null,
          row.seo ? 'sharing image' : null,
        ]
          .filter(Boolean)
          .join(', ');
        return { label: `Case study “${row.title}” (${places}${row.status === 'published' ? '' : `, ${row.status}`})` };
      }),
      ...issues.map((row) => ({ label: `Newsletter issue “${row.subject}” (${row.status})` })),
    ];
  }
}

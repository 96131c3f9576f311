import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { PostSection } from '@northbeam/common';

/** An old address of a published post and the post's current one. */
export interface PostRedirectRow {
  fromSection: PostSection;
  fromSlug: string;
  section: PostSection;
  slug: string;
}

/** The `post_redirects` table (post-redirects.ts holds the rules). */
@Injectable()
export class PostRedirectsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Removes the redirect stored for an address, if any. */
  async deleteAddress(manager: EntityManager, section: PostSection, slug: string): Promise<void> {
    await manager.query(`DELETE FROM "post_redirects" WHERE "section" = $1 AND "slug" = $2`, [section, slug]);
  }

  /** Makes an address redirect to the post `postId` (replacing what it redirected to). */
  async upsert(manager: EntityManager, section: PostSection, slug: string, postId: string): Promise<void> {
    await manager.query(
      `INSERT INTO "post_redirects" ("section", "slug", "post_id") VALUES ($1, $2, $3)
         ON CONFLICT ("section", "slug") DO UPDATE SET "post_id" = EXCLUDED."post_id", "created_at" = now()`,
      [section, slug, postId],
    );
  }

  /** Every redirect to a published post. */
  async toPublished(): Promise<PostRedirectRow[]> {
    const rows = await this.dataSource.query<
      { from_section: PostSection; from_slug: string; section: PostSection; slug: string }[]
    >(
      `SELECT r."section" AS from_section, r."slug" AS from_slug, p."section", p."slug"
         FROM "post_redirects" r JOIN "posts" p ON p."id" = r."post_id"
        WHERE p."status" = 'published'`,
    );
    return rows.map((row) => ({
      fromSection: row.from_section,
      fromSlug: row.from_slug,
      section: row.section,
      slug: row.slug,
    }));
  }
}

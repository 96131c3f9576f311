import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Redirects ask whether their old paths are published posts (a redirect never hides a live page),
 * once per content version, before a page is rendered: an index on a published post's address
 * answers that for the few paths asked about instead of reading every post.
 */
export class PostsLivePathIndex1764830000000 implements MigrationInterface {
  name = 'PostsLivePathIndex1764830000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "posts_live_path_idx" ON "posts" (('/blog/' || "section" || '/' || lower("slug"))) WHERE "status" = 'published'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "posts_live_path_idx"`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The staff posts list pages every post newest first, of any section and status
 * (docs/product.md#posts-in-the-back-office): an index in that order serves a page without sorting
 * every post.
 */
export class PostsCreatedIndex1764781000000 implements MigrationInterface {
  name = 'PostsCreatedIndex1764781000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "posts_created_idx" ON "posts" ("created_at" DESC, "id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "posts_created_idx"`);
  }
}

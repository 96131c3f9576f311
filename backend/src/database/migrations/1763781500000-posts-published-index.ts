import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The blog index lists both sections newest first: an index that serves it without a sort. */
export class PostsPublishedIndex1763781500000 implements MigrationInterface {
  name = 'PostsPublishedIndex1763781500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "posts_status_created_idx" ON "posts" ("status", "created_at" DESC)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "posts_status_created_idx"`);
  }
}

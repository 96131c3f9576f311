import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Scheduling, the review queue and slug redirects of posts (docs/product.md#publishing): two more
 * statuses (`in_review`, `scheduled`), the time a scheduled post goes live, the note of the last
 * send-back, and the old addresses of published posts. A redirect names its post, not the next
 * address, so a chain of renames always leads straight to the current one; it goes with its post
 * (cascade).
 */
export class PostSchedulingAndRedirects1764730000000 implements MigrationInterface {
  name = 'PostSchedulingAndRedirects1764730000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "posts" DROP CONSTRAINT "posts_status_check"`);
    await queryRunner.query(`
      ALTER TABLE "posts"
        ADD CONSTRAINT "posts_status_check" CHECK ("status" IN ('draft', 'in_review', 'scheduled', 'published')),
        ADD COLUMN "publish_at" timestamptz NULL,
        ADD COLUMN "review_note" text NULL`);
    // The scheduler's question every few seconds: which scheduled posts are due.
    await queryRunner.query(
      `CREATE INDEX "posts_scheduled_publish_at_idx" ON "posts" ("publish_at") WHERE "status" = 'scheduled'`,
    );

    await queryRunner.query(`
      CREATE TABLE "post_redirects" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid() PRIMARY KEY,
        "section" varchar(20) NOT NULL,
        "slug" varchar(100) NOT NULL,
        "post_id" uuid NOT NULL REFERENCES "posts" ("id") ON DELETE CASCADE,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "post_redirects_section_slug_key" ON "post_redirects" ("section", "slug")`,
    );
    await queryRunner.query(`CREATE INDEX "post_redirects_post_idx" ON "post_redirects" ("post_id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "post_redirects"`);
    await queryRunner.query(`DROP INDEX "posts_scheduled_publish_at_idx"`);
    // Posts that only the new statuses describe go back to drafts.
    await queryRunner.query(`UPDATE "posts" SET "status" = 'draft' WHERE "status" IN ('in_review', 'scheduled')`);
    await queryRunner.query(`
      ALTER TABLE "posts"
        DROP COLUMN "review_note",
        DROP COLUMN "publish_at",
        DROP CONSTRAINT "posts_status_check"`);
    await queryRunner.query(
      `ALTER TABLE "posts" ADD CONSTRAINT "posts_status_check" CHECK ("status" IN ('draft', 'published'))`,
    );
  }
}

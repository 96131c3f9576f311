import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Newsletter issues get an audience (every confirmed subscriber, or those who signed up on the Labs
 * blog, the Consulting blog or elsewhere on the site: the subscriber's `source` says which), an
 * optional hero image from the media library, how a source post shows (card or full text), a send
 * time set in advance (`scheduled`, sent once by whichever instance finds it due first), and the
 * slug of the public web version that the mail's "View in browser" link opens.
 */
export class NewsletterAudiencesAndSchedule1764810000000 implements MigrationInterface {
  name = 'NewsletterAudiencesAndSchedule1764810000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "newsletter_issues" ADD COLUMN "audience" varchar(20) NOT NULL DEFAULT 'all' CHECK ("audience" IN ('all', 'labs', 'consulting', 'site'))`,
    );
    await queryRunner.query(
      `ALTER TABLE "newsletter_issues" ADD COLUMN "hero_image_id" uuid NULL REFERENCES "media" ("id") ON DELETE SET NULL`,
    );
    await queryRunner.query(
      `ALTER TABLE "newsletter_issues" ADD COLUMN "post_mode" varchar(10) NULL CHECK ("post_mode" IN ('card', 'full'))`,
    );
    await queryRunner.query(`ALTER TABLE "newsletter_issues" ADD COLUMN "scheduled_at" timestamptz NULL`);
    await queryRunner.query(`ALTER TABLE "newsletter_issues" ADD COLUMN "web_slug" varchar(120) NULL`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "newsletter_issues_web_slug_key" ON "newsletter_issues" ("web_slug") WHERE "web_slug" IS NOT NULL`,
    );
    await queryRunner.query(`ALTER TABLE "newsletter_issues" DROP CONSTRAINT "newsletter_issues_status_check"`);
    await queryRunner.query(
      `ALTER TABLE "newsletter_issues" ADD CONSTRAINT "newsletter_issues_status_check" CHECK ("status" IN ('draft', 'scheduled', 'sending', 'sent'))`,
    );
    // The scheduler's one indexed read: is anything due?
    await queryRunner.query(
      `CREATE INDEX "newsletter_issues_scheduled_idx" ON "newsletter_issues" ("scheduled_at") WHERE "status" = 'scheduled'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "newsletter_issues_scheduled_idx"`);
    await queryRunner.query(`UPDATE "newsletter_issues" SET "status" = 'draft' WHERE "status" = 'scheduled'`);
    await queryRunner.query(`ALTER TABLE "newsletter_issues" DROP CONSTRAINT "newsletter_issues_status_check"`);
    await queryRunner.query(
      `ALTER TABLE "newsletter_issues" ADD CONSTRAINT "newsletter_issues_status_check" CHECK ("status" IN ('draft', 'sending', 'sent'))`,
    );
    await queryRunner.query(`DROP INDEX "newsletter_issues_web_slug_key"`);
    await queryRunner.query(`ALTER TABLE "newsletter_issues" DROP COLUMN "web_slug"`);
    await queryRunner.query(`ALTER TABLE "newsletter_issues" DROP COLUMN "scheduled_at"`);
    await queryRunner.query(`ALTER TABLE "newsletter_issues" DROP COLUMN "post_mode"`);
    await queryRunner.query(`ALTER TABLE "newsletter_issues" DROP COLUMN "hero_image_id"`);
    await queryRunner.query(`ALTER TABLE "newsletter_issues" DROP COLUMN "audience"`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Newsletter figures without following anyone (docs/product.md#newsletter-figures): each sent
 * issue's links, numbered in the order they appear, with how often each was clicked (one counter a
 * link, never who clicked); the web-version views, unsubscribes through its links, bounces
 * and complaints, as counts. A subscriber keeps its bounces and complaints, and is no longer sent to
 * after a hard bounce or a complaint (`blocked_reason`).
 */
export class NewsletterFiguresL1795860000000 implements MigrationInterface {
  name = 'NewsletterFiguresL1795860000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "newsletter_link_clicks" (
        "issue_id" uuid NOT NULL REFERENCES "newsletter_issues" ("id") ON DELETE CASCADE,
        "link_index" integer NOT NULL,
        "url" varchar(2048) NOT NULL,
        "clicks" integer NOT NULL DEFAULT 0,
        PRIMARY KEY ("issue_id", "link_index")
      )`);
    await queryRunner.query(`
      ALTER TABLE "newsletter_issues"
        ADD "web_views" integer NOT NULL DEFAULT 0,
        ADD "unsubscribes" integer NOT NULL DEFAULT 0,
        ADD "hard_bounces" integer NOT NULL DEFAULT 0,
        ADD "soft_bounces" integer NOT NULL DEFAULT 0,
        ADD "complaints" integer NOT NULL DEFAULT 0`);
    await queryRunner.query(`
      ALTER TABLE "subscribers"
        ADD "hard_bounces" integer NOT NULL DEFAULT 0,
        ADD "soft_bounces" integer NOT NULL DEFAULT 0,
        ADD "complaints" integer NOT NULL DEFAULT 0,
        ADD "blocked_reason" varchar(20),
        ADD "blocked_at" timestamptz`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "subscribers" DROP "hard_bounces", DROP "soft_bounces", DROP "complaints",
        DROP "blocked_reason", DROP "blocked_at"`);
    await queryRunner.query(`
      ALTER TABLE "newsletter_issues" DROP "web_views", DROP "unsubscribes", DROP "hard_bounces",
        DROP "soft_bounces", DROP "complaints"`);
    await queryRunner.query(`DROP TABLE "newsletter_link_clicks"`);
  }
}

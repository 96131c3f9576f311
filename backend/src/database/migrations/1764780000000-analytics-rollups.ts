import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Daily analytics rollups (docs/product.md#analytics-rollups): the dashboard's figures of each
 * completed UK day, so that a long range sums a row a day instead of scanning every visit and event.
 * Counts only: no visit hash, no visit id, no visitor id, nothing that points at a person.
 * `analytics_daily` has a row for every day rolled up (zeros included): it is the record of which
 * days the rollups cover.
 */
export class AnalyticsRollups1764780000000 implements MigrationInterface {
  name = 'AnalyticsRollups1764780000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "analytics_daily" (
        "day" date PRIMARY KEY,
        "visitors" integer NOT NULL,
        "visits" integer NOT NULL,
        "page_views" integer NOT NULL,
        "bounces" integer NOT NULL,
        "duration_seconds" numeric NOT NULL,
        "form_started" integer NOT NULL,
        "enquiries" integer NOT NULL,
        "rolled_up_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE "analytics_daily_keys" (
        "day" date NOT NULL,
        "dimension" varchar(16) NOT NULL,
        "key" text NOT NULL,
        "visitors" integer NOT NULL,
        "count" integer NOT NULL
      )`);
    await queryRunner.query(
      `CREATE INDEX "analytics_daily_keys_dimension_day_idx" ON "analytics_daily_keys" ("dimension", "day")`,
    );
    await queryRunner.query(`CREATE INDEX "analytics_daily_keys_day_idx" ON "analytics_daily_keys" ("day")`);
    await queryRunner.query(`
      CREATE TABLE "analytics_daily_content" (
        "day" date NOT NULL,
        "path" text NOT NULL,
        "title" text,
        "readers" integer NOT NULL,
        "enquiries" integer NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX "analytics_daily_content_day_idx" ON "analytics_daily_content" ("day")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "analytics_daily_content"`);
    await queryRunner.query(`DROP TABLE "analytics_daily_keys"`);
    await queryRunner.query(`DROP TABLE "analytics_daily"`);
  }
}

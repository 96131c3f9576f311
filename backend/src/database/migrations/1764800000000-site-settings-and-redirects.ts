import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Site settings and hand-made redirects (docs/product.md#site-settings, docs/product.md#redirects).
 * The settings are one row (id 1) holding the whole record as JSON: until someone saves it, the code's
 * brand facts and the environment's mailboxes apply. A redirect maps an old path (stored lower-case,
 * without a trailing slash, unique) to a new path or address, and counts the visits it answered.
 */
export class SiteSettingsAndRedirects1764800000000 implements MigrationInterface {
  name = 'SiteSettingsAndRedirects1764800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "site_settings" (
        "id" integer NOT NULL PRIMARY KEY CHECK ("id" = 1),
        "data" jsonb NOT NULL,
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        "updated_by_name" varchar(100) NULL
      )`);
    await queryRunner.query(`
      CREATE TABLE "redirects" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid() PRIMARY KEY,
        "from_path" varchar(500) NOT NULL,
        "to_path" varchar(500) NOT NULL,
        "hits" integer NOT NULL DEFAULT 0,
        "last_hit_at" timestamptz NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "created_by_name" varchar(100) NULL
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX "redirects_from_path_key" ON "redirects" ("from_path")`);
    await queryRunner.query(`CREATE INDEX "redirects_created_idx" ON "redirects" ("created_at", "id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "redirects"`);
    await queryRunner.query(`DROP TABLE "site_settings"`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Staff accounts, sign-in throttling counters and blog posts. */
export class StaffAndPosts1763781000000 implements MigrationInterface {
  name = 'StaffAndPosts1763781000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "users" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid() PRIMARY KEY,
        "email" varchar(254) NOT NULL,
        "name" varchar(200) NOT NULL,
        "role" varchar(20) NOT NULL CHECK ("role" IN ('super_admin', 'admin', 'consultant')),
        "password_hash" varchar(255) NOT NULL,
        "disabled_at" timestamptz NULL,
        "last_sign_in_at" timestamptz NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX "users_email_key" ON "users" ("email")`);

    await queryRunner.query(`
      CREATE TABLE "login_attempts" (
        "key" varchar(300) NOT NULL PRIMARY KEY,
        "failures" integer NOT NULL DEFAULT 0,
        "last_failure_at" timestamptz NOT NULL,
        "blocked_until" timestamptz NULL
      )`);

    await queryRunner.query(`
      CREATE TABLE "posts" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid() PRIMARY KEY,
        "section" varchar(20) NOT NULL CHECK ("section" IN ('labs', 'consulting')),
        "slug" varchar(100) NOT NULL,
        "title" varchar(200) NOT NULL,
        "excerpt" varchar(500) NOT NULL,
        "body" text NOT NULL,
        "status" varchar(20) NOT NULL DEFAULT 'draft' CHECK ("status" IN ('draft', 'published')),
        "author_id" varchar(100) NULL,
        "author_name" varchar(200) NULL,
        "author_credentials" varchar(200) NULL,
        "author_bio" varchar(500) NULL,
        "tags" jsonb NOT NULL DEFAULT '[]',
        "meta_description" varchar(160) NULL,
        "custom_meta_tags" text NULL,
        "word_count" integer NOT NULL DEFAULT 0,
        "reading_time" integer NOT NULL DEFAULT 0,
        "created_by_id" uuid NULL REFERENCES "users" ("id") ON DELETE SET NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        "published_at" timestamptz NULL,
        "revision_date" timestamptz NULL
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX "posts_section_slug_key" ON "posts" ("section", "slug")`);
    await queryRunner.query(
      `CREATE INDEX "posts_section_status_created_idx" ON "posts" ("section", "status", "created_at" DESC)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "posts"`);
    await queryRunner.query(`DROP TABLE "login_attempts"`);
    await queryRunner.query(`DROP TABLE "users"`);
  }
}

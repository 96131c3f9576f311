import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The media library: one row per uploaded image (what it is, its alt text, who uploaded it) and the
 * stored bytes of its original and its variants in `media_objects`, the PostgreSQL implementation of
 * the media storage (keys `{id}/original`, `{id}/{width}.{extension}`; an S3-compatible bucket can
 * replace the table). Posts get a feature image from the library: an image in use cannot be deleted.
 */
export class MediaLibrary1764720000000 implements MigrationInterface {
  name = 'MediaLibrary1764720000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "media" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid() PRIMARY KEY,
        "filename" varchar(200) NOT NULL,
        "alt" varchar(300) NOT NULL,
        "format" varchar(10) NOT NULL CHECK ("format" IN ('jpeg', 'png', 'webp', 'avif', 'gif')),
        "width" integer NOT NULL,
        "height" integer NOT NULL,
        "size" integer NOT NULL,
        "uploaded_by_id" uuid NULL REFERENCES "users" ("id") ON DELETE SET NULL,
        "uploaded_by_name" varchar(200) NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX "media_created_idx" ON "media" ("created_at", "id")`);
    await queryRunner.query(`
      CREATE TABLE "media_objects" (
        "key" varchar(200) NOT NULL PRIMARY KEY,
        "content_type" varchar(40) NOT NULL,
        "etag" varchar(80) NOT NULL,
        "body" bytea NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      ALTER TABLE "posts"
        ADD COLUMN "feature_image_id" uuid NULL REFERENCES "media" ("id") ON DELETE RESTRICT`);
    await queryRunner.query(`CREATE INDEX "posts_feature_image_idx" ON "posts" ("feature_image_id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "posts_feature_image_idx"`);
    await queryRunner.query(`ALTER TABLE "posts" DROP COLUMN "feature_image_id"`);
    await queryRunner.query(`DROP TABLE "media_objects"`);
    await queryRunner.query(`DROP TABLE "media"`);
  }
}

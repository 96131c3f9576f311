import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Revisions and autosaves of edited content (docs/product.md#revisions). One table of each for every
 * kind of content (posts now, case studies later), keyed by kind and the content's id, so no foreign
 * key to the content: deleting a post deletes its rows in the same transaction. A revision keeps the
 * saver's name beside the id (it outlives a removed account); an autosave belongs to one person and
 * goes with their account.
 */
export class ContentRevisions1764740000000 implements MigrationInterface {
  name = 'ContentRevisions1764740000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "content_revisions" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid() PRIMARY KEY,
        "kind" varchar(20) NOT NULL CHECK ("kind" IN ('post', 'case-study')),
        "entity_id" uuid NOT NULL,
        "fields" jsonb NOT NULL,
        "author_id" uuid NULL REFERENCES "users" ("id") ON DELETE SET NULL,
        "author_name" varchar(200) NULL,
        "restored_from_id" uuid NULL REFERENCES "content_revisions" ("id") ON DELETE SET NULL,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX "content_revisions_entity_created_idx" ON "content_revisions" ("kind", "entity_id", "created_at")`,
    );
    await queryRunner.query(`
      CREATE TABLE "content_autosaves" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid() PRIMARY KEY,
        "kind" varchar(20) NOT NULL CHECK ("kind" IN ('post', 'case-study')),
        "entity_id" uuid NOT NULL,
        "author_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "fields" jsonb NOT NULL,
        "saved_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "content_autosaves_one_per_person" UNIQUE ("kind", "entity_id", "author_id")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "content_autosaves"`);
    await queryRunner.query(`DROP TABLE "content_revisions"`);
  }
}

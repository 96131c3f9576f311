import type { MigrationInterface, QueryRunner } from 'typeorm';

/** One counter that every content change increments; page caches on every instance compare against it. */
export class ContentVersion1763780500000 implements MigrationInterface {
  name = 'ContentVersion1763780500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "content_version" ("id" smallint PRIMARY KEY DEFAULT 1 CHECK ("id" = 1), "version" bigint NOT NULL DEFAULT 1)`,
    );
    await queryRunner.query(`INSERT INTO "content_version" ("id", "version") VALUES (1, 1)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "content_version"`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Imports of a WordPress or Ghost site (docs/import.md): each run is a job row that survives a
 * restart (its parsed file in `payload` until it ends, its cursor, counts and problems), and each
 * imported post remembers its source and the id it had there, so a second import of the same file
 * finds it instead of creating it again.
 */
export class ImportJobs1795852221500 implements MigrationInterface {
  name = 'ImportJobs1795852221500';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "import_jobs" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "kind" varchar(20) NOT NULL,
        "filename" varchar(200) NOT NULL,
        "state" varchar(20) NOT NULL DEFAULT 'queued',
        "payload" jsonb,
        "mapping" jsonb NOT NULL DEFAULT '{}'::jsonb,
        "cursor" integer NOT NULL DEFAULT 0,
        "total" integer NOT NULL,
        "counts" jsonb NOT NULL,
        "problems" jsonb NOT NULL DEFAULT '[]'::jsonb,
        "seen" jsonb NOT NULL DEFAULT '{}'::jsonb,
        "created_by_id" uuid,
        "created_by_name" varchar(200) NOT NULL,
        "created_by_role" varchar(20) NOT NULL,
        "lease_until" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "finished_at" timestamptz
      )`);
    await queryRunner.query(
      `CREATE INDEX "import_jobs_pending_idx" ON "import_jobs" ("created_at") WHERE "state" IN ('queued', 'running')`,
    );
    await queryRunner.query(`ALTER TABLE "posts" ADD "import_source" varchar(20), ADD "import_source_id" varchar(300)`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "posts_import_source_idx" ON "posts" ("import_source", "import_source_id") WHERE "import_source" IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "posts_import_source_idx"`);
    await queryRunner.query(`ALTER TABLE "posts" DROP COLUMN "import_source", DROP COLUMN "import_source_id"`);
    await queryRunner.query(`DROP TABLE "import_jobs"`);
  }
}

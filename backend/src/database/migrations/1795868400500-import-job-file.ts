import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An import job keeps the uploaded file itself (`file`) until its run ends: this site's own export
 * (a ZIP with media bytes, docs/export-format.md) is read by the job, not stored parsed as JSON.
 */
export class ImportJobFileM1795868400500 implements MigrationInterface {
  name = 'ImportJobFileM1795868400500';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "import_jobs" ADD "file" bytea`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "import_jobs" DROP COLUMN "file"`);
  }
}

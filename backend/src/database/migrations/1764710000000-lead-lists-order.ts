import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The admin's subscribers list is read newest sign-up first, a page at a time. */
export class LeadListsOrder1764710000000 implements MigrationInterface {
  name = 'LeadListsOrder1764710000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX "subscribers_created_at_idx" ON "subscribers" ("created_at" DESC, "id" DESC)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "subscribers_created_at_idx"`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Privacy operations (docs/product.md#privacy-requests): access requests share the deletion
 * requests' table and clock, which gains its one extension; a ready export waits in
 * `privacy_exports` (one-use link, deleted after its period); cookie-banner choices are kept as
 * proof in `consent_records`, without IP.
 */
export class PrivacyOperations1764770000000 implements MigrationInterface {
  name = 'PrivacyOperations1764770000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "deletion_requests"
        ADD COLUMN "extended_at" timestamptz NULL,
        ADD COLUMN "extension_reason" varchar(1000) NULL`);
    await queryRunner.query(
      `CREATE INDEX "deletion_requests_received_idx" ON "deletion_requests" ("received_at" DESC)`,
    );
    await queryRunner.query(`
      CREATE TABLE "privacy_exports" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid() PRIMARY KEY,
        "request_id" varchar(32) NOT NULL,
        "token_hash" char(64) NOT NULL UNIQUE,
        "archive" bytea NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "expires_at" timestamptz NOT NULL
      )`);
    await queryRunner.query(`
      CREATE TABLE "consent_records" (
        "id" bigserial PRIMARY KEY,
        "consent_id" varchar(32) NOT NULL UNIQUE,
        "analytics" boolean NOT NULL,
        "marketing" boolean NOT NULL,
        "action" varchar(20) NOT NULL,
        "banner_version" varchar(16) NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX "consent_records_created_idx" ON "consent_records" ("created_at")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "consent_records"`);
    await queryRunner.query(`DROP TABLE "privacy_exports"`);
    await queryRunner.query(`DROP INDEX "deletion_requests_received_idx"`);
    await queryRunner.query(
      `ALTER TABLE "deletion_requests" DROP COLUMN "extension_reason", DROP COLUMN "extended_at"`,
    );
  }
}

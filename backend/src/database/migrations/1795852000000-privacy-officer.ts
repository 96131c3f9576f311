import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The privacy officer role (docs/product.md#privacy-officer) joins the roles an account and an
 * invitation may hold; an access export's row outlives its download (without the file) until its
 * period ends, so that a used link can say when it was used.
 */
export class PrivacyOfficer1795852000000 implements MigrationInterface {
  name = 'PrivacyOfficer1795852000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" DROP CONSTRAINT IF EXISTS "users_role_check"`);
    await queryRunner.query(
      `ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("role" IN ('super_admin', 'admin', 'consultant', 'privacy_officer'))`,
    );
    await queryRunner.query(`ALTER TABLE "staff_tokens" DROP CONSTRAINT IF EXISTS "staff_tokens_role_check"`);
    await queryRunner.query(
      `ALTER TABLE "staff_tokens" ADD CONSTRAINT "staff_tokens_role_check" CHECK ("role" IS NULL OR "role" IN ('super_admin', 'admin', 'consultant', 'privacy_officer'))`,
    );
    await queryRunner.query(`ALTER TABLE "privacy_exports" ALTER COLUMN "archive" DROP NOT NULL`);
    await queryRunner.query(`ALTER TABLE "privacy_exports" ADD COLUMN "downloaded_at" timestamptz NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "privacy_exports" WHERE "archive" IS NULL`);
    await queryRunner.query(`ALTER TABLE "privacy_exports" DROP COLUMN "downloaded_at"`);
    await queryRunner.query(`ALTER TABLE "privacy_exports" ALTER COLUMN "archive" SET NOT NULL`);
    await queryRunner.query(
      `UPDATE "users" SET "role" = 'admin', "disabled_at" = coalesce("disabled_at", now()) WHERE "role" = 'privacy_officer'`,
    );
    await queryRunner.query(`DELETE FROM "staff_tokens" WHERE "role" = 'privacy_officer'`);
    await queryRunner.query(`ALTER TABLE "users" DROP CONSTRAINT IF EXISTS "users_role_check"`);
    await queryRunner.query(
      `ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("role" IN ('super_admin', 'admin', 'consultant'))`,
    );
    await queryRunner.query(`ALTER TABLE "staff_tokens" DROP CONSTRAINT IF EXISTS "staff_tokens_role_check"`);
    await queryRunner.query(
      `ALTER TABLE "staff_tokens" ADD CONSTRAINT "staff_tokens_role_check" CHECK ("role" IS NULL OR "role" IN ('super_admin', 'admin', 'consultant'))`,
    );
  }
}

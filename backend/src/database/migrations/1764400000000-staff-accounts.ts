import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Staff accounts in the admin: two-factor sign-in (encrypted TOTP secret, last used time-step,
 * hashed recovery codes), invitation and password-reset links (hashed, one use) and the activity log.
 */
export class StaffAccounts1764400000000 implements MigrationInterface {
  name = 'StaffAccounts1764400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "users"
        ADD COLUMN "two_factor_secret" varchar(255) NULL,
        ADD COLUMN "two_factor_pending_secret" varchar(255) NULL,
        ADD COLUMN "two_factor_enabled_at" timestamptz NULL,
        ADD COLUMN "two_factor_last_step" bigint NULL,
        ADD COLUMN "sessions_revoked_at" timestamptz NULL`);

    await queryRunner.query(`
      CREATE TABLE "staff_recovery_codes" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid() PRIMARY KEY,
        "user_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "code_hash" varchar(255) NOT NULL,
        "used_at" timestamptz NULL,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX "staff_recovery_codes_user_idx" ON "staff_recovery_codes" ("user_id")`);

    await queryRunner.query(`
      CREATE TABLE "staff_tokens" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid() PRIMARY KEY,
        "kind" varchar(20) NOT NULL CHECK ("kind" IN ('invitation', 'password_reset')),
        "token_hash" varchar(64) NOT NULL,
        "email" varchar(254) NOT NULL,
        "role" varchar(20) NULL CHECK ("role" IS NULL OR "role" IN ('super_admin', 'admin', 'consultant')),
        "user_id" uuid NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "created_by_id" uuid NULL REFERENCES "users" ("id") ON DELETE SET NULL,
        "expires_at" timestamptz NOT NULL,
        "used_at" timestamptz NULL,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX "staff_tokens_token_hash_key" ON "staff_tokens" ("token_hash")`);
    await queryRunner.query(`CREATE INDEX "staff_tokens_kind_email_idx" ON "staff_tokens" ("kind", "email")`);

    // No foreign key on the actor: the log keeps who did what after an account is removed.
    await queryRunner.query(`
      CREATE TABLE "staff_activity" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid() PRIMARY KEY,
        "at" timestamptz NOT NULL DEFAULT now(),
        "actor_id" uuid NULL,
        "actor_name" varchar(200) NULL,
        "action" varchar(60) NOT NULL,
        "target_type" varchar(30) NULL,
        "target_id" varchar(100) NULL,
        "target_label" varchar(300) NULL
      )`);
    await queryRunner.query(`CREATE INDEX "staff_activity_at_idx" ON "staff_activity" ("at" DESC)`);
    await queryRunner.query(`CREATE INDEX "staff_activity_actor_at_idx" ON "staff_activity" ("actor_id", "at" DESC)`);
    await queryRunner.query(`CREATE INDEX "staff_activity_action_at_idx" ON "staff_activity" ("action", "at" DESC)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "staff_activity"`);
    await queryRunner.query(`DROP TABLE "staff_tokens"`);
    await queryRunner.query(`DROP TABLE "staff_recovery_codes"`);
    await queryRunner.query(`
      ALTER TABLE "users"
        DROP COLUMN "sessions_revoked_at",
        DROP COLUMN "two_factor_last_step",
        DROP COLUMN "two_factor_enabled_at",
        DROP COLUMN "two_factor_pending_secret",
        DROP COLUMN "two_factor_secret"`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Analytics events, data-deletion requests with their audit, the suppression list and task runs. */
export class PrivacyAndAnalytics1763784000000 implements MigrationInterface {
  name = 'PrivacyAndAnalytics1763784000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "analytics_events" (
        "id" bigserial PRIMARY KEY,
        "event" varchar(64) NOT NULL,
        "properties" jsonb NOT NULL DEFAULT '{}'::jsonb,
        "path" varchar(2048),
        "referrer" varchar(2048),
        "visitor_id" varchar(64),
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX "analytics_events_created_at_idx" ON "analytics_events" ("created_at")`);
    await queryRunner.query(
      `CREATE INDEX "analytics_events_visitor_id_idx" ON "analytics_events" ("visitor_id") WHERE "visitor_id" IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "analytics_events_email_idx" ON "analytics_events" (lower("properties"->>'email'))`,
    );

    await queryRunner.query(`
      CREATE TABLE "deletion_requests" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "request_id" varchar(32) NOT NULL UNIQUE,
        "email" varchar(320),
        "email_hash" char(64) NOT NULL,
        "request_type" varchar(32) NOT NULL,
        "reason" varchar(500),
        "visitor_id" varchar(64),
        "status" varchar(16) NOT NULL DEFAULT 'received',
        "verification_token_hash" char(64),
        "verification_expires_at" timestamptz,
        "received_at" timestamptz NOT NULL DEFAULT now(),
        "deadline_at" timestamptz NOT NULL,
        "verified_at" timestamptz,
        "approved_at" timestamptz,
        "rejected_at" timestamptz,
        "rejection_reason" varchar(1000),
        "completed_at" timestamptz,
        "completion_note" varchar(2000)
      )`);
    await queryRunner.query(
      `CREATE INDEX "deletion_requests_status_idx" ON "deletion_requests" ("status", "deadline_at")`,
    );
    await queryRunner.query(
      `CREATE INDEX "deletion_requests_email_idx" ON "deletion_requests" ("email") WHERE "email" IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "deletion_requests_token_idx" ON "deletion_requests" ("verification_token_hash") WHERE "verification_token_hash" IS NOT NULL`,
    );

    await queryRunner.query(`
      CREATE TABLE "deletion_audit" (
        "id" bigserial PRIMARY KEY,
        "request_id" varchar(32) NOT NULL,
        "email_hash" char(64) NOT NULL,
        "action" varchar(32) NOT NULL,
        "actor" varchar(320),
        "details" jsonb NOT NULL DEFAULT '{}'::jsonb,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX "deletion_audit_request_idx" ON "deletion_audit" ("request_id", "created_at")`,
    );

    await queryRunner.query(`
      CREATE TABLE "email_suppressions" (
        "email_hash" char(64) PRIMARY KEY,
        "reason" varchar(32) NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);

    await queryRunner.query(`
      CREATE TABLE "scheduled_task_runs" (
        "task" varchar(64) NOT NULL,
        "run_key" varchar(64) NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY ("task", "run_key")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "scheduled_task_runs"`);
    await queryRunner.query(`DROP TABLE "email_suppressions"`);
    await queryRunner.query(`DROP TABLE "deletion_audit"`);
    await queryRunner.query(`DROP TABLE "deletion_requests"`);
    await queryRunner.query(`DROP TABLE "analytics_events"`);
  }
}

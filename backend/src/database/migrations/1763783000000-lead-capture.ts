import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Contact messages, newsletter subscribers, playbook downloads, the mail outbox and rate-limit counters. */
export class LeadCapture1763783000000 implements MigrationInterface {
  name = 'LeadCapture1763783000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "contact_messages" (
        "id" uuid NOT NULL PRIMARY KEY,
        "name" varchar(200) NOT NULL,
        "email" varchar(254) NOT NULL,
        "company" varchar(200),
        "service" varchar(40),
        "message" text NOT NULL,
        "consent" boolean NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX "contact_messages_email_idx" ON "contact_messages" ("email")`);
    await queryRunner.query(`CREATE INDEX "contact_messages_created_at_idx" ON "contact_messages" ("created_at")`);

    await queryRunner.query(`
      CREATE TABLE "subscribers" (
        "id" uuid NOT NULL PRIMARY KEY,
        "email" varchar(254) NOT NULL,
        "status" varchar(20) NOT NULL CHECK ("status" IN ('pending', 'confirmed', 'unsubscribed')),
        "source" varchar(40),
        "page" varchar(200),
        "confirm_token_hash" char(64),
        "confirmation_sent_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "confirmed_at" timestamptz,
        "unsubscribed_at" timestamptz,
        CONSTRAINT "subscribers_email_key" UNIQUE ("email")
      )`);
    await queryRunner.query(
      `CREATE INDEX "subscribers_confirm_token_hash_idx" ON "subscribers" ("confirm_token_hash")`,
    );

    await queryRunner.query(`
      CREATE TABLE "playbook_downloads" (
        "id" uuid NOT NULL PRIMARY KEY,
        "email" varchar(254) NOT NULL,
        "page" varchar(200),
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX "playbook_downloads_created_at_idx" ON "playbook_downloads" ("created_at" DESC)`,
    );
    await queryRunner.query(`CREATE INDEX "playbook_downloads_email_idx" ON "playbook_downloads" ("email")`);

    await queryRunner.query(`
      CREATE TABLE "email_outbox" (
        "id" uuid NOT NULL PRIMARY KEY,
        "kind" varchar(40) NOT NULL,
        "to_address" varchar(254) NOT NULL,
        "subject" varchar(300) NOT NULL,
        "text_body" text NOT NULL,
        "html_body" text NOT NULL,
        "headers" jsonb NOT NULL DEFAULT '{}'::jsonb,
        "status" varchar(20) NOT NULL DEFAULT 'pending' CHECK ("status" IN ('pending', 'sent', 'failed')),
        "attempts" integer NOT NULL DEFAULT 0,
        "next_attempt_at" timestamptz NOT NULL DEFAULT now(),
        "last_error" text,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "sent_at" timestamptz
      )`);
    await queryRunner.query(
      `CREATE INDEX "email_outbox_due_idx" ON "email_outbox" ("next_attempt_at") WHERE "status" = 'pending'`,
    );
    await queryRunner.query(`CREATE INDEX "email_outbox_to_address_idx" ON "email_outbox" ("to_address")`);

    await queryRunner.query(`
      CREATE TABLE "rate_limit_counters" (
        "key" varchar(200) NOT NULL PRIMARY KEY,
        "window_start" timestamptz NOT NULL,
        "count" integer NOT NULL
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "rate_limit_counters"`);
    await queryRunner.query(`DROP TABLE "email_outbox"`);
    await queryRunner.query(`DROP TABLE "playbook_downloads"`);
    await queryRunner.query(`DROP TABLE "subscribers"`);
    await queryRunner.query(`DROP TABLE "contact_messages"`);
  }
}

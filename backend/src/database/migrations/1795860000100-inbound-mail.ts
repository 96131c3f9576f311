import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The connected mailbox (docs/adr/0010-inbound-mail.md): an enquiry gets the token its replies'
 * Reply-To carries and the start of its 48-hour clock (null: its arrival); each reply keeps the
 * Message-ID it was sent with (the second key of a match); each fetched mail is one row, unique by
 * the mailbox's UIDVALIDITY and its UID (taken once), with its attachments (content kept up to a
 * limit); one row remembers the mailbox's last UID and the state of its polls.
 */
export class InboundMailInbox1795860000100 implements MigrationInterface {
  name = 'InboundMailInbox1795860000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "contact_messages" DROP CONSTRAINT IF EXISTS "contact_messages_status_check"`);
    await queryRunner.query(`
      ALTER TABLE "contact_messages"
        ADD CONSTRAINT "contact_messages_status_check"
          CHECK ("status" IN ('new', 'open', 'awaiting', 'replied', 'closed', 'spam')),
        ADD COLUMN "clock_started_at" timestamptz NULL,
        ADD COLUMN "reply_token" varchar(40) NULL`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "contact_messages_reply_token_idx" ON "contact_messages" ("reply_token") WHERE "reply_token" IS NOT NULL`,
    );
    await queryRunner.query(`ALTER TABLE "enquiry_replies" ADD COLUMN "message_id" varchar(300) NULL`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "enquiry_replies_message_id_idx" ON "enquiry_replies" ("message_id") WHERE "message_id" IS NOT NULL`,
    );
    await queryRunner.query(`
      CREATE TABLE "inbound_mailbox" (
        "id" smallint PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
        "uid_validity" bigint NULL,
        "last_uid" bigint NOT NULL DEFAULT 0,
        "last_attempt_at" timestamptz NULL,
        "last_success_at" timestamptz NULL,
        "last_error" varchar(500) NULL,
        "failures" integer NOT NULL DEFAULT 0,
        "next_attempt_at" timestamptz NULL
      )`);
    await queryRunner.query(`INSERT INTO "inbound_mailbox" ("id") VALUES (1)`);
    await queryRunner.query(`
      CREATE TABLE "inbound_messages" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid() PRIMARY KEY,
        "uid_validity" bigint NOT NULL,
        "uid" bigint NOT NULL,
        "enquiry_id" uuid NULL REFERENCES "contact_messages" ("id") ON DELETE CASCADE,
        "state" varchar(20) NOT NULL CHECK ("state" IN ('threaded', 'unmatched', 'dismissed')),
        "kind" varchar(20) NOT NULL CHECK ("kind" IN ('answer', 'auto_reply', 'bounce')),
        "message_id" varchar(500) NULL,
        "from_address" varchar(320) NOT NULL,
        "from_name" varchar(300) NOT NULL,
        "subject" varchar(500) NOT NULL,
        "sent_at" timestamptz NOT NULL,
        "text" text NOT NULL,
        "quoted" text NOT NULL,
        "html" text NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        UNIQUE ("uid_validity", "uid")
      )`);
    await queryRunner.query(
      `CREATE INDEX "inbound_messages_enquiry_idx" ON "inbound_messages" ("enquiry_id", "created_at")`,
    );
    await queryRunner.query(
      `CREATE INDEX "inbound_messages_unmatched_idx" ON "inbound_messages" ("created_at") WHERE "state" = 'unmatched'`,
    );
    await queryRunner.query(
      `CREATE INDEX "inbound_messages_message_id_idx" ON "inbound_messages" ("message_id") WHERE "message_id" IS NOT NULL`,
    );
    await queryRunner.query(`
      CREATE TABLE "inbound_attachments" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid() PRIMARY KEY,
        "inbound_message_id" uuid NOT NULL REFERENCES "inbound_messages" ("id") ON DELETE CASCADE,
        "position" integer NOT NULL,
        "filename" varchar(300) NOT NULL,
        "content_type" varchar(200) NOT NULL,
        "size" integer NOT NULL,
        "content" bytea NULL
      )`);
    await queryRunner.query(
      `CREATE INDEX "inbound_attachments_message_idx" ON "inbound_attachments" ("inbound_message_id", "position")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "inbound_attachments"`);
    await queryRunner.query(`DROP TABLE "inbound_messages"`);
    await queryRunner.query(`DROP TABLE "inbound_mailbox"`);
    await queryRunner.query(`DROP INDEX "enquiry_replies_message_id_idx"`);
    await queryRunner.query(`ALTER TABLE "enquiry_replies" DROP COLUMN "message_id"`);
    await queryRunner.query(`DROP INDEX "contact_messages_reply_token_idx"`);
    await queryRunner.query(`UPDATE "contact_messages" SET "status" = 'open' WHERE "status" = 'awaiting'`);
    await queryRunner.query(`ALTER TABLE "contact_messages" DROP CONSTRAINT "contact_messages_status_check"`);
    await queryRunner.query(`
      ALTER TABLE "contact_messages"
        ADD CONSTRAINT "contact_messages_status_check" CHECK ("status" IN ('new', 'open', 'replied', 'closed', 'spam')),
        DROP COLUMN "clock_started_at",
        DROP COLUMN "reply_token"`);
  }
}

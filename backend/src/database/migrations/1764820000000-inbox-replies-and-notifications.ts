import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Replies from the inbox, saved reply templates, staff notifications (the bell) and each staff
 * member's choice of notifications. A reply and a notification about an enquiry go with the enquiry
 * (cascade), so erasing or expiring it takes them too; an enquiry remembers when its holder was
 * reminded that it still waits, so the reminder is sent once.
 */
export class InboxRepliesAndNotifications1764820000000 implements MigrationInterface {
  name = 'InboxRepliesAndNotifications1764820000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    // The author's name is kept beside the id: a reply outlives a removed account.
    await queryRunner.query(`
      CREATE TABLE "enquiry_replies" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid() PRIMARY KEY,
        "enquiry_id" uuid NOT NULL REFERENCES "contact_messages" ("id") ON DELETE CASCADE,
        "author_id" uuid NULL REFERENCES "users" ("id") ON DELETE SET NULL,
        "author_name" varchar(200) NULL,
        "subject" varchar(200) NOT NULL,
        "body" text NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX "enquiry_replies_enquiry_idx" ON "enquiry_replies" ("enquiry_id", "created_at")`,
    );
    await queryRunner.query(
      `CREATE INDEX "contact_messages_email_normalised_idx" ON "contact_messages" (lower(trim("email")))`,
    );

    await queryRunner.query(`
      CREATE TABLE "reply_templates" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid() PRIMARY KEY,
        "name" varchar(120) NOT NULL,
        "body" text NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX "reply_templates_name_key" ON "reply_templates" (lower("name"))`);

    await queryRunner.query(`
      CREATE TABLE "staff_notifications" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid() PRIMARY KEY,
        "user_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "kind" varchar(40) NOT NULL,
        "title" varchar(300) NOT NULL,
        "url" varchar(300) NOT NULL,
        "enquiry_id" uuid NULL REFERENCES "contact_messages" ("id") ON DELETE CASCADE,
        "read_at" timestamptz NULL,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX "staff_notifications_user_idx" ON "staff_notifications" ("user_id", "created_at")`,
    );
    await queryRunner.query(`CREATE INDEX "staff_notifications_enquiry_idx" ON "staff_notifications" ("enquiry_id")`);

    await queryRunner.query(`
      CREATE TABLE "notification_opt_outs" (
        "user_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "kind" varchar(40) NOT NULL,
        PRIMARY KEY ("user_id", "kind")
      )`);

    await queryRunner.query(`ALTER TABLE "contact_messages" ADD COLUMN "waiting_reminded_at" timestamptz NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "contact_messages" DROP COLUMN "waiting_reminded_at"`);
    await queryRunner.query(`DROP TABLE "notification_opt_outs"`);
    await queryRunner.query(`DROP TABLE "staff_notifications"`);
    await queryRunner.query(`DROP TABLE "reply_templates"`);
    await queryRunner.query(`DROP INDEX "contact_messages_email_normalised_idx"`);
    await queryRunner.query(`DROP TABLE "enquiry_replies"`);
  }
}

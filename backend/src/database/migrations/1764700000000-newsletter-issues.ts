import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Newsletter issues: a draft, then one send. The send snapshots the confirmed subscribers into
 * `newsletter_issue_recipients`; each batch of them becomes outbox rows in one transaction that also
 * deletes the batch from the snapshot, so a recipient is queued once (the partial unique index on the
 * outbox says so too) and the snapshot keeps no address longer than it must. An outbox row of an issue
 * whose address unsubscribed before its turn is `cancelled`, never sent.
 */
export class NewsletterIssues1764700000000 implements MigrationInterface {
  name = 'NewsletterIssues1764700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "newsletter_issues" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid() PRIMARY KEY,
        "subject" varchar(200) NOT NULL,
        "preheader" varchar(200) NOT NULL DEFAULT '',
        "body" text NOT NULL,
        "source_post_id" uuid NULL REFERENCES "posts" ("id") ON DELETE SET NULL,
        "status" varchar(20) NOT NULL DEFAULT 'draft' CHECK ("status" IN ('draft', 'sending', 'sent')),
        "recipient_count" integer NULL,
        "created_by_id" uuid NULL REFERENCES "users" ("id") ON DELETE SET NULL,
        "created_by_name" varchar(200) NULL,
        "sent_by_id" uuid NULL REFERENCES "users" ("id") ON DELETE SET NULL,
        "sent_by_name" varchar(200) NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        "sent_at" timestamptz NULL
      )`);
    await queryRunner.query(`CREATE INDEX "newsletter_issues_created_idx" ON "newsletter_issues" ("created_at" DESC)`);
    await queryRunner.query(`
      CREATE TABLE "newsletter_issue_recipients" (
        "issue_id" uuid NOT NULL REFERENCES "newsletter_issues" ("id") ON DELETE CASCADE,
        "email" varchar(254) NOT NULL,
        PRIMARY KEY ("issue_id", "email")
      )`);
    await queryRunner.query(
      `ALTER TABLE "email_outbox" ADD COLUMN "newsletter_issue_id" uuid NULL REFERENCES "newsletter_issues" ("id") ON DELETE SET NULL`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "email_outbox_issue_recipient_key" ON "email_outbox" ("newsletter_issue_id", "to_address") WHERE "newsletter_issue_id" IS NOT NULL`,
    );
    await queryRunner.query(`ALTER TABLE "email_outbox" DROP CONSTRAINT "email_outbox_status_check"`);
    await queryRunner.query(
      `ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_status_check" CHECK ("status" IN ('pending', 'sent', 'failed', 'cancelled'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `UPDATE "email_outbox" SET "status" = 'failed', "last_error" = 'Cancelled' WHERE "status" = 'cancelled'`,
    );
    await queryRunner.query(`ALTER TABLE "email_outbox" DROP CONSTRAINT "email_outbox_status_check"`);
    await queryRunner.query(
      `ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_status_check" CHECK ("status" IN ('pending', 'sent', 'failed'))`,
    );
    await queryRunner.query(`DROP INDEX "email_outbox_issue_recipient_key"`);
    await queryRunner.query(`ALTER TABLE "email_outbox" DROP COLUMN "newsletter_issue_id"`);
    await queryRunner.query(`DROP TABLE "newsletter_issue_recipients"`);
    await queryRunner.query(`DROP TABLE "newsletter_issues"`);
  }
}

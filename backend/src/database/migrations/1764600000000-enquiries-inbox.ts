import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The enquiries inbox: each stored contact message gets a status and an assignee (a staff member),
 * and staff notes. Notes go with their enquiry (cascade), so erasing or expiring an enquiry takes
 * its notes and its assignment with it.
 */
export class EnquiriesInbox1764600000000 implements MigrationInterface {
  name = 'EnquiriesInbox1764600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "contact_messages"
        ADD COLUMN "status" varchar(20) NOT NULL DEFAULT 'new'
          CHECK ("status" IN ('new', 'open', 'replied', 'closed', 'spam')),
        ADD COLUMN "assignee_id" uuid NULL REFERENCES "users" ("id") ON DELETE SET NULL`);
    await queryRunner.query(
      `CREATE INDEX "contact_messages_status_created_idx" ON "contact_messages" ("status", "created_at")`,
    );
    await queryRunner.query(
      `CREATE INDEX "contact_messages_assignee_created_idx" ON "contact_messages" ("assignee_id", "created_at")`,
    );

    // The author's name is kept beside the id: a note outlives a removed account.
    await queryRunner.query(`
      CREATE TABLE "enquiry_notes" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid() PRIMARY KEY,
        "enquiry_id" uuid NOT NULL REFERENCES "contact_messages" ("id") ON DELETE CASCADE,
        "author_id" uuid NULL REFERENCES "users" ("id") ON DELETE SET NULL,
        "author_name" varchar(200) NULL,
        "body" text NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX "enquiry_notes_enquiry_idx" ON "enquiry_notes" ("enquiry_id", "created_at")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "enquiry_notes"`);
    await queryRunner.query(`DROP INDEX "contact_messages_assignee_created_idx"`);
    await queryRunner.query(`DROP INDEX "contact_messages_status_created_idx"`);
    await queryRunner.query(`ALTER TABLE "contact_messages" DROP COLUMN "assignee_id", DROP COLUMN "status"`);
  }
}

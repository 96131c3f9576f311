import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Webhooks (docs/webhooks.md): the endpoints staff add, and the deliveries outbox, one row per event
 * and endpoint, written in the transaction of the change that caused the event and sent by the
 * webhook dispatcher. A delivery row is also its line in the endpoint's delivery log.
 */
export class Webhooks1795852059738 implements MigrationInterface {
  name = 'Webhooks1795852059738';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "webhook_endpoints" (
        "id" uuid PRIMARY KEY,
        "url" varchar(2000) NOT NULL,
        "description" varchar(200) NOT NULL DEFAULT '',
        "events" text[] NOT NULL,
        "format" varchar(20) NOT NULL DEFAULT 'standard',
        "status" varchar(20) NOT NULL DEFAULT 'active',
        "paused_reason" text,
        "secret_sealed" text NOT NULL,
        "consecutive_failures" integer NOT NULL DEFAULT 0,
        "failing_since" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE "webhook_deliveries" (
        "id" uuid PRIMARY KEY,
        "endpoint_id" uuid NOT NULL REFERENCES "webhook_endpoints" ("id") ON DELETE CASCADE,
        "message_id" varchar(60) NOT NULL,
        "event_type" varchar(60) NOT NULL,
        "payload" jsonb NOT NULL,
        "status" varchar(20) NOT NULL DEFAULT 'pending',
        "attempts" integer NOT NULL DEFAULT 0,
        "next_attempt_at" timestamptz NOT NULL DEFAULT now(),
        "last_attempt_at" timestamptz,
        "status_code" integer,
        "duration_ms" integer,
        "response_excerpt" text,
        "error" text,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "delivered_at" timestamptz
      )`);
    await queryRunner.query(
      `CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" ("next_attempt_at") WHERE "status" = 'pending'`,
    );
    await queryRunner.query(
      `CREATE INDEX "webhook_deliveries_log_idx" ON "webhook_deliveries" ("endpoint_id", "created_at" DESC)`,
    );
    await queryRunner.query(`CREATE INDEX "webhook_deliveries_created_idx" ON "webhook_deliveries" ("created_at")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "webhook_deliveries"`);
    await queryRunner.query(`DROP TABLE "webhook_endpoints"`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Cookieless analytics (docs/product.md#analytics-counting): the daily salts (one row a UK day,
 * destroyed after it), one row a visit (a visit hash, parsed browser/system/device, entry page,
 * referrer host, UTM campaign: the rollup the dashboard reads), the visit of each event, and the
 * pages read before an enquiry where the visitor consented to analytics (erased with the enquiry).
 * Raw user agents and full referrer addresses already stored are reduced to what is kept now.
 */
export class AnalyticsVisits1764760000000 implements MigrationInterface {
  name = 'AnalyticsVisits1764760000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "analytics_salts" (
        "day" date PRIMARY KEY,
        "salt" char(64) NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE "analytics_visits" (
        "id" bigserial PRIMARY KEY,
        "visitor_hash" char(64) NOT NULL,
        "day" date NOT NULL,
        "started_at" timestamptz NOT NULL,
        "last_seen_at" timestamptz NOT NULL,
        "page_views" integer NOT NULL DEFAULT 0,
        "events" integer NOT NULL DEFAULT 0,
        "entry_path" varchar(2048),
        "referrer_host" varchar(255),
        "utm_source" varchar(200),
        "utm_medium" varchar(200),
        "utm_campaign" varchar(200),
        "browser" varchar(64),
        "os" varchar(64),
        "device" varchar(16),
        "form_started" boolean NOT NULL DEFAULT false,
        "enquired" boolean NOT NULL DEFAULT false
      )`);
    await queryRunner.query(`CREATE INDEX "analytics_visits_started_idx" ON "analytics_visits" ("started_at")`);
    await queryRunner.query(
      `CREATE INDEX "analytics_visits_hash_idx" ON "analytics_visits" ("visitor_hash", "last_seen_at")`,
    );
    await queryRunner.query(`CREATE INDEX "analytics_visits_last_seen_idx" ON "analytics_visits" ("last_seen_at")`);
    await queryRunner.query(`
      ALTER TABLE "analytics_events"
        ADD COLUMN "visit_id" bigint NULL REFERENCES "analytics_visits" ("id") ON DELETE SET NULL`);
    await queryRunner.query(
      `CREATE INDEX "analytics_events_visit_idx" ON "analytics_events" ("visit_id") WHERE "visit_id" IS NOT NULL`,
    );
    await queryRunner.query(
      `CREATE INDEX "analytics_events_page_views_idx" ON "analytics_events" ("created_at", "path") WHERE "event" = 'Page View'`,
    );
    await queryRunner.query(
      `CREATE INDEX "analytics_events_event_created_idx" ON "analytics_events" ("event", "created_at")`,
    );
    await queryRunner.query(`
      CREATE TABLE "enquiry_reading_paths" (
        "enquiry_id" uuid NOT NULL REFERENCES "contact_messages" ("id") ON DELETE CASCADE,
        "position" integer NOT NULL,
        "path" varchar(2048) NOT NULL,
        "title" varchar(300),
        "read_at" timestamptz NOT NULL,
        PRIMARY KEY ("enquiry_id", "position")
      )`);
    // Nothing of the raw agent or a full referring address stays in the events already stored.
    await queryRunner.query(
      `UPDATE "analytics_events" SET "properties" = "properties" - 'user_agent' WHERE "properties" ? 'user_agent'`,
    );
    await queryRunner.query(
      `UPDATE "analytics_events" SET "referrer" = lower(substring("referrer" from '^[a-zA-Z][a-zA-Z0-9+.-]*://([^/:?#]+)')) WHERE "referrer" IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "enquiry_reading_paths"`);
    await queryRunner.query(`DROP INDEX "analytics_events_event_created_idx"`);
    await queryRunner.query(`DROP INDEX "analytics_events_page_views_idx"`);
    await queryRunner.query(`DROP INDEX "analytics_events_visit_idx"`);
    await queryRunner.query(`ALTER TABLE "analytics_events" DROP COLUMN "visit_id"`);
    await queryRunner.query(`DROP TABLE "analytics_visits"`);
    await queryRunner.query(`DROP TABLE "analytics_salts"`);
  }
}

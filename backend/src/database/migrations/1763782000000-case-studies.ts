import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Case studies: the index reads a few columns, the detail page reads them all. */
export class CaseStudies1763782000000 implements MigrationInterface {
  name = 'CaseStudies1763782000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "case_studies" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid() PRIMARY KEY,
        "slug" varchar(100) NOT NULL,
        "title" varchar(200) NOT NULL,
        "summary" text NOT NULL,
        "hero_image" varchar(500) NOT NULL,
        "client" varchar(200) NOT NULL,
        "sector" varchar(100) NOT NULL,
        "services" jsonb NOT NULL DEFAULT '[]'::jsonb,
        "tech" jsonb NOT NULL DEFAULT '[]'::jsonb,
        "date" date NOT NULL,
        "problem_md" text NOT NULL,
        "approach_md" text NOT NULL,
        "solution_md" text NOT NULL,
        "outcomes_md" text NOT NULL,
        "metrics" jsonb NOT NULL DEFAULT '[]'::jsonb,
        "gallery" jsonb NOT NULL DEFAULT '[]'::jsonb,
        "cta" jsonb NOT NULL,
        "seo" jsonb NOT NULL,
        "link" varchar(500),
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "case_studies_slug_key" UNIQUE ("slug")
      )`);
    await queryRunner.query(`CREATE INDEX "case_studies_date_idx" ON "case_studies" ("date" DESC)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "case_studies"`);
  }
}

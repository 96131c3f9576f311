import type { MigrationInterface, QueryRunner } from 'typeorm';
import { caseStudySeed } from '../seed/case-studies.js';

/**
 * Case studies in the admin (docs/product.md#case-studies): a status (a draft is for staff only;
 * every row before this migration was public, hence the default), an index for the public list,
 * and the six built-in case studies as rows, inserted once. Start-up no longer inserts them, so a
 * case study deleted in the admin stays deleted.
 */
export class CaseStudyPublishing1764750000000 implements MigrationInterface {
  name = 'CaseStudyPublishing1764750000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE "case_studies" ADD COLUMN "status" varchar(20) NOT NULL DEFAULT 'published'
         CONSTRAINT "case_studies_status_check" CHECK ("status" IN ('draft', 'published'))`,
    );
    await queryRunner.query(`CREATE INDEX "case_studies_status_date_idx" ON "case_studies" ("status", "date" DESC)`);
    for (const row of caseStudySeed) {
      await queryRunner.query(
        `INSERT INTO "case_studies" ("slug", "title", "summary", "hero_image", "client", "sector", "services", "tech", "date",
                                     "problem_md", "approach_md", "solution_md", "outcomes_md", "metrics", "gallery", "cta", "seo", "link", "status")
         VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, $9, $10, $11, $12, $13, $14::jsonb, $15::jsonb, $16::jsonb, $17::jsonb, $18, 'published')
         ON CONFLICT ("slug") DO NOTHING`,
        [
          row.slug,
          row.title,
          row.summary,
          row.hero_image,
          row.client,
          row.sector,
          JSON.stringify(row.services),
          JSON.stringify(row.tech),
          row.date,
          row.problem_md,
          row.approach_md,
          row.solution_md,
          row.outcomes_md,
          JSON.stringify(row.metrics),
          JSON.stringify(row.gallery),
          JSON.stringify(row.cta),
          JSON.stringify(row.seo),
          row.link,
        ],
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // The built-in rows stay: before this migration start-up inserted them, and they may have been edited since.
    await queryRunner.query(`DROP INDEX "case_studies_status_date_idx"`);
    await queryRunner.query(`ALTER TABLE "case_studies" DROP COLUMN "status"`);
  }
}

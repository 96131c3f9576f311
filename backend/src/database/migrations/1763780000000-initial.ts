import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The baseline: extensions and the sessions table that every instance shares. */
export class Initial1763780000000 implements MigrationInterface {
  name = 'Initial1763780000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "sessions" (
        "sid" varchar NOT NULL PRIMARY KEY,
        "sess" jsonb NOT NULL,
        "expire" timestamptz NOT NULL
      )`);
    await queryRunner.query(`CREATE INDEX "sessions_expire_idx" ON "sessions" ("expire")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "sessions"`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Rate-limit and sign-in counters are keyed by the SHA-256 of their key (64 hex characters), so a
 * client's long header can never overflow the column. Counters kept under a plain key belong to
 * the old scheme and are never read again: they are dropped, then the columns hold digests only.
 */
export class LimiterKeyDigests1764200000000 implements MigrationInterface {
  name = 'LimiterKeyDigests1764200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['rate_limit_counters', 'login_attempts']) {
      await queryRunner.query(`DELETE FROM "${table}" WHERE "key" !~ '^[0-9a-f]{64}$'`);
      await queryRunner.query(`ALTER TABLE "${table}" ALTER COLUMN "key" TYPE varchar(64)`);
      await queryRunner.query(
        `ALTER TABLE "${table}" ADD CONSTRAINT "${table}_key_digest" CHECK ("key" ~ '^[0-9a-f]{64}$')`,
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const [table, length] of [
      ['rate_limit_counters', 200],
      ['login_attempts', 300],
    ] as const) {
      await queryRunner.query(`ALTER TABLE "${table}" DROP CONSTRAINT "${table}_key_digest"`);
      await queryRunner.query(`ALTER TABLE "${table}" ALTER COLUMN "key" TYPE varchar(${length})`);
    }
  }
}

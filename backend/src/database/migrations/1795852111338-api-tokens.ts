import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * API tokens (docs/product.md#api-tokens): only the SHA-256 of a token is kept. A token belongs to
 * the super admin who made it; removing that account keeps the row (its name stays for the list) and
 * the token stops working.
 */
export class ApiTokens1795852111338 implements MigrationInterface {
  name = 'ApiTokens1795852111338';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "api_tokens" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid() PRIMARY KEY,
        "name" varchar(60) NOT NULL,
        "role" varchar(20) NOT NULL,
        "token_hash" char(64) NOT NULL,
        "hint" varchar(12) NOT NULL,
        "created_by_id" uuid NULL REFERENCES "users" ("id") ON DELETE SET NULL,
        "created_by_name" varchar(200) NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "expires_at" timestamptz NOT NULL,
        "last_used_at" timestamptz NULL,
        "revoked_at" timestamptz NULL
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX "api_tokens_token_hash_idx" ON "api_tokens" ("token_hash")`);
    await queryRunner.query(`CREATE INDEX "api_tokens_created_at_idx" ON "api_tokens" ("created_at" DESC)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "api_tokens"`);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';
import { team } from '@northbeam/common';

/**
 * The team as records (docs/product.md#team): the people on /about, in the "Talk to the Team"
 * strips, at /team/{slug} and credited on posts, edited on /admin/team instead of in code. Seeded
 * once with the seven members the site started with, whose slugs stay their ids (posts name their
 * author by that id; a member added later gets a uuid). `former_slugs` are the addresses a member
 * had before a rename: /team/{former} answers 301 to the current one. A staff account may be linked
 * to one member: it writes as them and may edit their profile; removing the member unlinks it.
 */
export class TeamMembers1764790000000 implements MigrationInterface {
  name = 'TeamMembers1764790000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "team_members" (
        "id" varchar(100) NOT NULL DEFAULT gen_random_uuid()::text PRIMARY KEY,
        "slug" varchar(100) NOT NULL,
        "name" varchar(100) NOT NULL,
        "role" varchar(100) NOT NULL,
        "strip_role" varchar(100) NOT NULL,
        "bio" varchar(500) NOT NULL,
        "full_bio" text NOT NULL,
        "linkedin" varchar(300) NOT NULL,
        "avatar" varchar(500) NULL,
        "expertise" jsonb NOT NULL DEFAULT '[]'::jsonb,
        "position" integer NOT NULL,
        "in_strip" boolean NOT NULL DEFAULT true,
        "hidden" boolean NOT NULL DEFAULT false,
        "former_slugs" jsonb NOT NULL DEFAULT '[]'::jsonb,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "team_members_slug_key" UNIQUE ("slug")
      )`);
    await queryRunner.query(`CREATE INDEX "team_members_position_idx" ON "team_members" ("position", "name")`);
    for (const [position, member] of team.entries()) {
      await queryRunner.query(
        `INSERT INTO "team_members"
           ("id", "slug", "name", "role", "strip_role", "bio", "full_bio", "linkedin", "avatar", "expertise", "position")
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11)`,
        [
          member.id,
          member.slug,
          member.name,
          member.role,
          member.stripRole,
          member.bio,
          member.fullBio,
          member.linkedin,
          member.avatar,
          JSON.stringify(member.expertise),
          position,
        ],
      );
    }
    await queryRunner.query(`
      ALTER TABLE "users"
        ADD COLUMN "team_member_id" varchar(100) NULL REFERENCES "team_members" ("id") ON DELETE SET NULL`);
    await queryRunner.query(`CREATE INDEX "users_team_member_idx" ON "users" ("team_member_id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "users_team_member_idx"`);
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "team_member_id"`);
    await queryRunner.query(`DROP TABLE "team_members"`);
  }
}

import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { rowCount } from '../../database/query-result.js';
import { tableStatements } from '../../database/personal-data-rows.js';

/** The `analytics_salts` table: one random salt a UK day (`visit-salts.ts` holds the rules). */
@Injectable()
export class VisitSaltsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Stores `salt` for `day` unless the day has one already (the first insert wins). */
  async insertIfMissing(day: string, salt: string, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.query(
      `INSERT INTO "analytics_salts" ("day", "salt") VALUES ($1, $2) ON CONFLICT ("day") DO NOTHING`,
      [day, salt],
    );
  }

  async findSalt(day: string, manager: EntityManager = this.dataSource.manager): Promise<string | null> {
    const rows = await manager.query<{ salt: string }[]>(`SELECT "salt" FROM "analytics_salts" WHERE "day" = $1`, [
      day,
    ]);
    return rows[0]?.salt ?? null;
  }

  /** Deletes the salts of the days before `day`; answers how many went. */
  async deleteBefore(day: string): Promise<number> {
    return rowCount(
      await this.dataSource.query(`DELETE FROM "analytics_salts" WHERE "day" < $1 RETURNING "day"`, [day]),
    );
  }
}

/** The daily salts' count for their personal-data declaration (the rotation task destroys them). */
export const analyticsSaltsPersonalData = tableStatements('analytics_salts', {});

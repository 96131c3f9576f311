import type { EntityManager } from 'typeorm';
import { rowCount } from './query-result.js';

/**
 * The statements of the personal-data declarations (`*.personal-data.ts`, described in
 * core/personal-data/personal-data-store.ts): each module declares its tables' erase, collect, purge
 * and count as SQL text, and runs it through these helpers, the one place that queries for them.
 */

/** `SELECT count(*)` of a table, or of its rows matching `where` (SQL text without parameters). */
export async function countRows(manager: EntityManager, table: string, where?: string): Promise<number> {
  const [row] = await manager.query<{ count: number }[]>(
    `SELECT count(*)::int AS "count" FROM "${table}"${where ? ` WHERE ${where}` : ''}`,
  );
  return Number(row?.count ?? 0);
}

/** Deletes with the statement's parameters and answers how many rows went. */
export async function deleteRows(manager: EntityManager, sql: string, parameters: unknown[]): Promise<number> {
  return rowCount(await manager.query(sql, parameters));
}

/** The rows a select answers, its columns named as the statement aliases them (camelCase). */
export function selectRows(
  manager: EntityManager,
  sql: string,
  parameters: unknown[],
): Promise<Record<string, unknown>[]> {
  return manager.query<Record<string, unknown>[]>(sql, parameters);
}

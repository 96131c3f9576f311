import type { EntityManager } from 'typeorm';
import { rowCount } from './query-result.js';

/**
 * The statements behind a personal-data declaration (`*.personal-data.ts`, described in
 * core/personal-data/personal-data-store.ts). Each module's repository holds its tables' statements
 * as named methods of this shape (most through `tableStatements` below); the declaration says in
 * words what the table holds and takes these methods, and holds no SQL.
 */
export interface PersonalDataStatements {
  /** Removes the rows about the address (trimmed, lower-cased). Idempotent: a second run returns 0. */
  erase?(manager: EntityManager, email: string): Promise<number>;
  /** Every row about the address, its fields named in camelCase. */
  collect?(manager: EntityManager, email: string): Promise<Record<string, unknown>[]>;
  /** Deletes what is past the period as of `cutoff`; `now` for rules that need it. Answers how many went. */
  purge?(manager: EntityManager, cutoff: Date, now: Date): Promise<number>;
  /** How many rows it holds now. */
  count(manager: EntityManager): Promise<number>;
}

/** The parts of a table's statements, as SQL conditions and column lists. */
export interface TableStatementParts {
  /** The rows an erasure deletes: a condition on `$1`, the address (trimmed, lower-cased). */
  erase?: string;
  /**
   * The rows the access export collects: a condition on `$1`, the address; the columns answered,
   * aliased in camelCase; their order.
   */
  collect?: { where: string; columns: string; orderBy?: string };
  /** The rows past the period: a condition on `$1`, the cutoff. */
  expired?: string;
  /** The rows counted; all by default. */
  counted?: string;
}

/** A table's erase, collect, purge and count, from the parts that differ between tables. */
export function tableStatements(table: string, parts: TableStatementParts): PersonalDataStatements {
  const { erase, collect, expired, counted } = parts;
  return {
    ...(erase && {
      erase: (manager: EntityManager, email: string) =>
        deleteRows(manager, `DELETE FROM "${table}" WHERE ${erase} RETURNING 1`, [email]),
    }),
    ...(collect && {
      collect: (manager: EntityManager, email: string) =>
        manager.query<Record<string, unknown>[]>(
          `SELECT ${collect.columns} FROM "${table}" WHERE ${collect.where}${collect.orderBy ? ` ORDER BY ${collect.orderBy}` : ''}`,
          [email],
        ),
    }),
    ...(expired && {
      purge: (manager: EntityManager, cutoff: Date) =>
        deleteRows(manager, `DELETE FROM "${table}" WHERE ${expired} RETURNING 1`, [cutoff]),
    }),
    count: (manager) => countRows(manager, table, counted),
  };
}

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

/** `%address%` for a LIKE on text that may contain the address anywhere (its `\`, `%` and `_` escaped). */
export function containing(email: string): string {
  return `%${email.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

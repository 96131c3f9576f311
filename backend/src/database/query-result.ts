/**
 * What `manager.query` / `dataSource.query` answer, read one way everywhere: TypeORM answers
 * UPDATE and DELETE with `[rows, count]`, SELECT and INSERT … RETURNING with the rows.
 */

/** The rows a statement returned (its `RETURNING` rows, or a SELECT's rows). */
export function returnedRows<T>(result: unknown): T[] {
  return (Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result) as T[];
}

/** How many rows a statement touched: the driver's count where TypeORM gives one, else the rows returned. */
export function rowCount(result: unknown): number {
  if (Array.isArray(result)) {
    if (result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') return result[1];
    return result.length;
  }
  return 0;
}

/**
 * A timestamp column in ISO 8601 UTC, as an entity holds it (a Date) or a raw query answers it (a
 * Date, or its text on some drivers); an empty column (or one the query did not select) is null.
 */
export function isoTimestamp(value: Date | string): string;
export function isoTimestamp(value: Date | string | null | undefined): string | null;
export function isoTimestamp(value: Date | string | null | undefined): string | null {
  return value === null || value === undefined ? null : new Date(value).toISOString();
}

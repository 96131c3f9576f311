/** Anything that runs SQL: a DataSource, an EntityManager or a QueryRunner. */
type Queryable = { query<T>(sql: string, parameters?: unknown[]): Promise<T> };

/** True when the table exists in the current schema (tables owned by modules merged later). */
export async function tableExists(runner: Queryable, table: string): Promise<boolean> {
  const rows = await runner.query<{ exists: boolean }[]>(`SELECT to_regclass($1) IS NOT NULL AS "exists"`, [
    `"${table}"`,
  ]);
  return rows[0]?.exists === true;
}

/** The columns of a table, to adapt SQL to tables whose final shape another module owns. */
export async function tableColumns(runner: Queryable, table: string): Promise<Set<string>> {
  const rows = await runner.query<{ column_name: string }[]>(
    `SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1`,
    [table],
  );
  return new Set(rows.map((row) => row.column_name));
}

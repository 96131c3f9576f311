import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface TestDatabase {
  /** PostgreSQL address, or undefined for a throw-away embedded (in-memory) database. */
  url: string | undefined;
  kind: 'postgres' | 'embedded';
  drop(): Promise<void>;
}

/**
 * Every test file gets a clean database: a new database on the server named by DATABASE_URL, or,
 * without it, a fresh in-memory embedded PostgreSQL.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) return { url: undefined, kind: 'embedded', drop: () => Promise.resolve() };
  const name = `northbeam_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    kind: 'postgres',
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

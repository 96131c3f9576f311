import { startEmbeddedDatabase } from '../../src/database/embedded-database.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

/**
 * One database that several application instances share (to test scheduled tasks across
 * instances): a fresh PostgreSQL database when DATABASE_URL is set, otherwise one embedded
 * database served on a local port.
 */
export async function createSharedTestDatabase(): Promise<TestDatabase & { url: string }> {
  const database = await createTestDatabase();
  if (database.url) return { ...database, url: database.url };
  const embedded = await startEmbeddedDatabase('memory://');
  return { url: embedded.url, kind: 'embedded', drop: () => embedded.stop() };
}

import pg from 'pg';
import type { DataSource } from 'typeorm';

/**
 * TypeORM's own `pg` pool, so that sessions share it rather than opening a second one. TypeORM
 * keeps it on its Postgres driver as `master`, which is not public API (docs/vendor-workarounds.md):
 * if an upgrade moves it, this throws at start-up instead of handing sessions `undefined`.
 */
export function typeormPool(dataSource: DataSource): pg.Pool {
  const pool = (dataSource.driver as unknown as { master?: unknown }).master;
  if (!(pool instanceof pg.Pool)) {
    throw new Error("TypeORM changed: its Postgres driver no longer keeps its pg pool in 'master'");
  }
  return pool;
}

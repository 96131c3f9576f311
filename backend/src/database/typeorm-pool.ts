import type { INestApplicationContext } from '@nestjs/common';
import pg from 'pg';
import { DataSource } from 'typeorm';

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

/** The pool of the application's data source, for what shares it outside Nest (the session store). */
export function applicationPool(app: INestApplicationContext): pg.Pool {
  return typeormPool(app.get(DataSource));
}

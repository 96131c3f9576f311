import type { DataSourceOptions } from 'typeorm';
import { entities } from './entities.js';
import { migrations } from './migrations/index.js';

export interface DatabaseConnection {
  url: string;
  embedded: boolean;
}

/** TypeORM options for the application and the CLI. Schema changes only through migrations. */
export function dataSourceOptions(connection: DatabaseConnection): DataSourceOptions {
  return {
    type: 'postgres',
    url: connection.url,
    entities,
    migrations,
    migrationsTableName: 'migrations',
    synchronize: false,
    logging: false,
    // The embedded database answers one query at a time; a small pool avoids queueing in the socket.
    poolSize: connection.embedded ? 4 : 10,
    extra: {
      // How long a request waits for a pooled connection. A server can stop answering, so 5 s then
      // 503; the embedded database lives in this process and cannot, so a burst queues for longer
      // rather than being refused.
      connectionTimeoutMillis: connection.embedded ? 30000 : 5000,
      idleTimeoutMillis: 30000,
      // Fail fast instead of hanging when the database stops answering.
      query_timeout: 15000,
      application_name: 'northbeam-site',
    },
  };
}

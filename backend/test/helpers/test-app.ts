import type { NestExpressApplication } from '@nestjs/platform-express';
import supertest from 'supertest';
import type { DataSource } from 'typeorm';
import { createApplication, type Application, type CreateApplicationOptions } from '../../src/app.factory.js';
import { loadConfig, type AppConfig } from '../../src/core/config/config.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

export interface TestApp {
  application: Application;
  app: NestExpressApplication;
  database: TestDatabase;
  dataSource: DataSource;
  request(): ReturnType<typeof supertest>;
  close(): Promise<void>;
}

export interface TestAppOptions extends CreateApplicationOptions {
  config?: Partial<AppConfig>;
  env?: NodeJS.ProcessEnv;
  /** Reuse this database (several instances on one database); the caller drops it. */
  database?: TestDatabase;
}

/** The real application on a clean database, without the front end unless asked for. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const shared = options.database;
  const database = shared ?? (await createTestDatabase());
  const config = loadConfig(
    { NODE_ENV: 'test', PUBLIC_URL: 'http://localhost:3000', ...options.env },
    {
      databaseUrl: database.url,
      pgliteDir: 'memory://',
      sessionSecret: 'test-session-secret-that-is-long-enough-0123456789',
      logLevel: 'error',
      ...options.config,
    },
  );
  let application: Application;
  try {
    application = await createApplication(config, { frontend: false, ...options });
  } catch (error) {
    if (!shared) await database.drop();
    throw error;
  }
  const app = application.app;
  const server = app.getHttpServer();
  const { DataSource: DataSourceClass } = await import('typeorm');
  return {
    application,
    app,
    database,
    dataSource: app.get(DataSourceClass),
    request: () => supertest(server),
    async close() {
      await application.close();
      if (!shared) await database.drop();
    },
  };
}

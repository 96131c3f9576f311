import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { dataSourceOptions, type DatabaseConnection } from './data-source-options.js';
import { runMigrations } from './migrate.js';
import { TaskLocks } from './task-locks.js';
import { Transactions } from './transactions.js';

@Module({})
export class DatabaseModule {
  static forRoot(connection: DatabaseConnection): DynamicModule {
    return {
      module: DatabaseModule,
      global: true,
      imports: [
        TypeOrmModule.forRootAsync({
          useFactory: () => dataSourceOptions(connection),
          dataSourceFactory: async (options) => {
            const dataSource = await new DataSource(options!).initialize();
            await runMigrations(dataSource);
            return dataSource;
          },
        }),
      ],
      providers: [Transactions, TaskLocks],
      exports: [Transactions, TaskLocks],
    };
  }
}

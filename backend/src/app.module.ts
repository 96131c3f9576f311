import { type DynamicModule, Module, type Type } from '@nestjs/common';
import type { AppConfig } from './core/config/config.js';
import { ConfigModule } from './core/config/config.module.js';
import type { DatabaseConnection } from './database/data-source-options.js';
import { DatabaseModule } from './database/database.module.js';
import { ScheduleModule } from '@nestjs/schedule';
import { HealthModule } from './modules/health/health.module.js';
import { AnalyticsModule } from './modules/analytics/analytics.module.js';
import { PrivacyModule } from './modules/privacy/privacy.module.js';

@Module({})
export class AppModule {
  static register(config: AppConfig, connection: DatabaseConnection, extraModules: Type[] = []): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        DatabaseModule.forRoot(connection),
        ScheduleModule.forRoot(),
        HealthModule,
        AnalyticsModule,
        PrivacyModule,
        ...extraModules,
      ],
    };
  }
}

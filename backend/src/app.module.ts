import { type DynamicModule, Module, type Type } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import type { AppConfig } from './core/config/config.js';
import { ConfigModule } from './core/config/config.module.js';
import type { DatabaseConnection } from './database/data-source-options.js';
import { DatabaseModule } from './database/database.module.js';
import { HealthModule } from './modules/health/health.module.js';
import { ContactModule } from './modules/contact/contact.module.js';
import { MailModule } from './modules/mail/mail.module.js';
import { NewsletterModule } from './modules/newsletter/newsletter.module.js';
import { PlaybookModule } from './modules/playbook/playbook.module.js';

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
        MailModule,
        ContactModule,
        NewsletterModule,
        PlaybookModule,
        ...extraModules,
      ],
    };
  }
}

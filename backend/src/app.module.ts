import { InboundMailHandlersModule } from './modules/inbound-mail/inbound-mail-handlers.js';
import { type DynamicModule, Module, type Type } from '@nestjs/common';
import { ScheduleModule } from '@nestjs/schedule';
import type { AppConfig } from './core/config/config.js';
import { ConfigModule } from './core/config/config.module.js';
import type { DatabaseConnection } from './database/data-source-options.js';
import { DatabaseModule } from './database/database.module.js';
import { RateLimitModule } from './core/rate-limit/rate-limiter.js';
import { ActivityModule } from './modules/activity/activity.module.js';
import { StaffModule } from './modules/staff/staff.module.js';
import { ApiDocsModule } from './modules/api-docs/api-docs.module.js';
import { AuthModule } from './modules/auth/auth.module.js';
import { CaseStudiesModule } from './modules/case-studies/case-studies.module.js';
import { FeedsModule } from './modules/feeds/feeds.module.js';
import { HealthModule } from './modules/health/health.module.js';
import { SeoModule } from './modules/seo/seo.module.js';
import { ContentVersionModule } from './modules/content-version/content-version.module.js';
import { PostsModule } from './modules/posts/posts.module.js';
import { UsersModule } from './modules/users/users.module.js';
import { ContactModule } from './modules/contact/contact.module.js';
import { EnquiriesModule } from './modules/enquiries/enquiries.module.js';
import { InboundMailModule } from './modules/inbound-mail/inbound-mail.module.js';
import { MailModule } from './modules/mail/mail.module.js';
import { NewsletterModule } from './modules/newsletter/newsletter.module.js';
import { PlaybookModule } from './modules/playbook/playbook.module.js';
import { SiteExportModule } from './modules/site-export/site-export.module.js';
import { SiteSettingsModule } from './modules/site-settings/site-settings.module.js';
import { AnalyticsModule } from './modules/analytics/analytics.module.js';
import { PrivacyModule } from './modules/privacy/privacy.module.js';
import { NewsletterIssuesModule } from './modules/newsletter-issues/newsletter-issues.module.js';
import { MediaModule } from './modules/media/media.module.js';
import { TeamModule } from './modules/team/team.module.js';
import { NotificationsModule } from './modules/notifications/notifications.module.js';
import { WebhooksModule } from './modules/webhooks/webhooks.module.js';
import { ImportsModule } from './modules/imports/imports.module.js';

@Module({})
export class AppModule {
  static register(config: AppConfig, connection: DatabaseConnection, extraModules: Type[] = []): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        DatabaseModule.forRoot(connection),
        RateLimitModule,
        InboundMailHandlersModule,
        ContentVersionModule,
        HealthModule,
        UsersModule,
        ActivityModule,
        AuthModule,
        StaffModule,
        PostsModule,
        SeoModule,
        CaseStudiesModule,
        FeedsModule,
        ScheduleModule.forRoot(),
        MailModule,
        ContactModule,
        EnquiriesModule,
        InboundMailModule,
        NewsletterModule,
        PlaybookModule,
        SiteSettingsModule,
        AnalyticsModule,
        PrivacyModule,
        NewsletterIssuesModule,
        TeamModule,
        MediaModule,
        NotificationsModule,
        ApiDocsModule,
        WebhooksModule,
        ImportsModule,
        SiteExportModule,
        ...extraModules,
      ],
    };
  }
}

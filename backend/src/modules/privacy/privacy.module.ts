import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ActivityModule } from '../activity/activity.module.js';
import { AuthModule } from '../auth/auth.module.js';
import { MailModule } from '../mail/mail.module.js';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { AccessExportService } from './access-export.service.js';
import { AdminPrivacyController, AdminPrivacyRecordsController } from './admin-privacy.controller.js';
import { ConsentService } from './consent.service.js';
import { DeletionAudit } from './entities/deletion-audit.entity.js';
import { DeletionRequest } from './entities/deletion-request.entity.js';
import { ErasureService } from './erasure.service.js';
import { PERSONAL_DATA_STORES, personalDataStores } from './personal-data-stores.js';
import { PrivacyDigestService } from './privacy-digest.service.js';
import { PrivacyNotifications } from './privacy-notifications.js';
import { PrivacyRequestsService } from './privacy-requests.service.js';
import { AccessRequestController, ConsentController, PrivacyController } from './privacy.controller.js';
import { PrivacyMailer } from './privacy.mails.js';
import { PrivacyRepository } from './privacy.repository.js';
import { PrivacyScheduler } from './privacy.scheduler.js';
import { RetentionService } from './retention.service.js';
import { WebhookEventsModule } from '../webhooks/webhook-events.js';

@Module({
  imports: [
    AuthModule,
    ActivityModule,
    MailModule,
    NotificationsModule,
    WebhookEventsModule,
    TypeOrmModule.forFeature([DeletionRequest, DeletionAudit]),
  ],
  controllers: [
    PrivacyController,
    AccessRequestController,
    ConsentController,
    AdminPrivacyController,
    AdminPrivacyRecordsController,
  ],
  providers: [
    PrivacyRequestsService,
    ErasureService,
    RetentionService,
    PrivacyDigestService,
    AccessExportService,
    ConsentService,
    PrivacyRepository,
    PrivacyMailer,
    PrivacyNotifications,
    PrivacyScheduler,
    { provide: PERSONAL_DATA_STORES, useValue: personalDataStores },
  ],
  exports: [PrivacyRequestsService],
})
export class PrivacyModule {}

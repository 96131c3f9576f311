import { Module } from '@nestjs/common';
import { ActivityModule } from '../activity/activity.module.js';
import { AuthModule } from '../auth/auth.module.js';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminPrivacyController } from './admin-privacy.controller.js';
import { DeletionAudit } from './entities/deletion-audit.entity.js';
import { DeletionRequest } from './entities/deletion-request.entity.js';
import { PERSONAL_DATA_ERASERS, personalDataErasers } from './erasure/erasers.js';
import { MailModule } from '../mail/mail.module.js';
import { MAIL_OUTBOX, OutboxMailAdapter } from './mail-outbox.js';
import { PrivacyController } from './privacy.controller.js';
import { PrivacyMailer } from './privacy.mailer.js';
import { PrivacyRepository } from './privacy.repository.js';
import { PrivacyScheduler } from './privacy.scheduler.js';
import { PrivacyService } from './privacy.service.js';

@Module({
  imports: [AuthModule, ActivityModule, MailModule, TypeOrmModule.forFeature([DeletionRequest, DeletionAudit])],
  controllers: [PrivacyController, AdminPrivacyController],
  providers: [
    PrivacyService,
    PrivacyRepository,
    PrivacyMailer,
    PrivacyScheduler,
    { provide: MAIL_OUTBOX, useClass: OutboxMailAdapter },
    { provide: PERSONAL_DATA_ERASERS, useValue: personalDataErasers },
  ],
  exports: [PrivacyService],
})
export class PrivacyModule {}

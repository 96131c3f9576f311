import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ActivityModule } from '../activity/activity.module.js';
import { AuthModule } from '../auth/auth.module.js';
import { MailModule } from '../mail/mail.module.js';
import { PlaybookDownloadEntity } from './entities/playbook-download.entity.js';
import { PlaybookAdminController } from './playbook-admin.controller.js';
import { PlaybookAdminRepository } from './playbook-admin.repository.js';
import { PlaybookAdminService } from './playbook-admin.service.js';
import { PlaybookController } from './playbook.controller.js';
import { PlaybookRepository } from './playbook.repository.js';
import { PlaybookService } from './playbook.service.js';

@Module({
  imports: [AuthModule, MailModule, ActivityModule, TypeOrmModule.forFeature([PlaybookDownloadEntity])],
  controllers: [PlaybookController, PlaybookAdminController],
  providers: [PlaybookService, PlaybookRepository, PlaybookAdminService, PlaybookAdminRepository],
})
export class PlaybookModule {}

import { Module } from '@nestjs/common';
import { PlaybookAdminGuard } from './admin-role.guard.js';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MailModule } from '../mail/mail.module.js';
import { PlaybookDownloadEntity } from './entities/playbook-download.entity.js';
import { PlaybookController } from './playbook.controller.js';
import { PlaybookRepository } from './playbook.repository.js';
import { PlaybookService } from './playbook.service.js';

@Module({
  imports: [MailModule, TypeOrmModule.forFeature([PlaybookDownloadEntity])],
  controllers: [PlaybookController],
  providers: [PlaybookService, PlaybookRepository, PlaybookAdminGuard],
})
export class PlaybookModule {}

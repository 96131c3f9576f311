import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth/auth.module.js';
import { MailModule } from '../mail/mail.module.js';
import { PlaybookDownloadEntity } from './entities/playbook-download.entity.js';
import { PlaybookController } from './playbook.controller.js';
import { PlaybookRepository } from './playbook.repository.js';
import { PlaybookService } from './playbook.service.js';

@Module({
  imports: [AuthModule, MailModule, TypeOrmModule.forFeature([PlaybookDownloadEntity])],
  controllers: [PlaybookController],
  providers: [PlaybookService, PlaybookRepository],
})
export class PlaybookModule {}

import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ActivityModule } from '../activity/activity.module.js';
import { MediaEntity } from './entities/media.entity.js';
import { MediaController, MediaFilesController } from './media.controller.js';
import { MediaStorage } from './media-storage.js';
import { PostgresMediaStorage } from './media-storage.repository.js';
import { MediaRepository } from './media.repository.js';
import { MediaService } from './media.service.js';

/** The media library and its public variants. The storage is PostgreSQL unless another MediaStorage is bound. */
@Module({
  imports: [TypeOrmModule.forFeature([MediaEntity]), ActivityModule],
  controllers: [MediaController, MediaFilesController],
  providers: [MediaRepository, MediaService, { provide: MediaStorage, useClass: PostgresMediaStorage }],
  exports: [MediaService, MediaStorage],
})
export class MediaModule {}

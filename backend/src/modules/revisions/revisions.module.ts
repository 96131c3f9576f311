import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ContentAutosave } from './entities/content-autosave.entity.js';
import { ContentRevision } from './entities/content-revision.entity.js';
import { RevisionsRepository } from './revisions.repository.js';
import { RevisionsService } from './revisions.service.js';

/** Revisions and autosaves of edited content: the content modules (posts, case studies) import it. */
@Module({
  imports: [TypeOrmModule.forFeature([ContentRevision, ContentAutosave])],
  providers: [RevisionsRepository, RevisionsService],
  exports: [RevisionsService],
})
export class RevisionsModule {}

import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ActivityModule } from '../activity/activity.module.js';
import { AuthModule } from '../auth/auth.module.js';
import { MediaModule } from '../media/media.module.js';
import { Post } from './entities/post.entity.js';
import { PostsSeeder } from './posts.seeder.js';
import { AdminPostsController, PostsController } from './posts.controller.js';
import { PostsRepository } from './posts.repository.js';
import { PostsService } from './posts.service.js';
import { RevisionsModule } from '../revisions/revisions.module.js';
import { PostRevisionsController } from './post-revisions.controller.js';
import { PostRevisionsService } from './post-revisions.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([Post]), AuthModule, ActivityModule, RevisionsModule, MediaModule],
  controllers: [PostsController, AdminPostsController, PostRevisionsController],
  providers: [PostsRepository, PostsService, PostsSeeder, PostRevisionsService],
  exports: [PostsService, PostsRepository],
})
export class PostsModule {}

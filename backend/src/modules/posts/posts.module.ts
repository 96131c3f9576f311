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

@Module({
  imports: [TypeOrmModule.forFeature([Post]), AuthModule, ActivityModule, MediaModule],
  controllers: [PostsController, AdminPostsController],
  providers: [PostsRepository, PostsService, PostsSeeder],
  exports: [PostsService, PostsRepository],
})
export class PostsModule {}

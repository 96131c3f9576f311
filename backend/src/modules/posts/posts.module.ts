import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ActivityModule } from '../activity/activity.module.js';
import { AuthModule } from '../auth/auth.module.js';
import { MediaModule } from '../media/media.module.js';
import { MailModule } from '../mail/mail.module.js';
import { NotificationsModule } from '../notifications/notifications.module.js';
import { UsersModule } from '../users/users.module.js';
import { Post } from './entities/post.entity.js';
import { PostsSeeder } from './posts.seeder.js';
import { AdminPostsController, PostsController } from './posts.controller.js';
import { PostsRepository } from './posts.repository.js';
import { PostsService } from './posts.service.js';
import { RevisionsModule } from '../revisions/revisions.module.js';
import { PostRedirectsService } from './post-redirects.js';
import { PostRedirectsRepository } from './post-redirects.repository.js';
import { PostReviewService } from './post-review.service.js';
import { PostRevisionsController } from './post-revisions.controller.js';
import { PostRevisionsService } from './post-revisions.service.js';
import { PostNotifications } from './post-notifications.js';
import { PostScheduler } from './post-scheduler.js';
import { PostWorkflowController } from './post-workflow.controller.js';
import { PostWebhooks } from './post-webhooks.js';
import { WebhookEventsModule } from '../webhooks/webhook-events.js';

@Module({
  imports: [
    TypeOrmModule.forFeature([Post]),
    AuthModule,
    ActivityModule,
    RevisionsModule,
    MediaModule,
    MailModule,
    UsersModule,
    NotificationsModule,
    WebhookEventsModule,
  ],
  // PostWorkflowController before AdminPostsController: its fixed paths must win over ':id'.
  controllers: [PostsController, PostWorkflowController, AdminPostsController, PostRevisionsController],
  providers: [
    PostsRepository,
    PostsService,
    PostsSeeder,
    PostRevisionsService,
    PostRedirectsService,
    PostRedirectsRepository,
    PostReviewService,
    PostScheduler,
    PostNotifications,
    PostWebhooks,
  ],
  exports: [PostsService, PostsRepository, PostRedirectsService, PostScheduler],
})
export class PostsModule {}

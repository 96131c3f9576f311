import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { StaffUser } from '@northbeam/common';
import { APP_CONFIG, type AppConfig } from '../../core/config/config.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import { notificationMail } from '../notifications/notifications.mails.js';
import { sentBackMail } from './post-review.mails.js';

interface NotifiedPost {
  id: string;
  title: string;
  section: string;
  slug: string;
  createdById: string | null;
}

/**
 * The review workflow's notifications (docs/product.md#publishing), each in the transaction of the
 * change it is about: a post submitted for review → every admin; sent back, published by someone
 * else, or live on its schedule → its author. Nobody is told of what they did themselves.
 */
@Injectable()
export class PostNotifications {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly notifications: NotificationsService,
  ) {}

  private editorPath(post: NotifiedPost): string {
    return `/admin/posts/edit/${encodeURIComponent(post.id)}`;
  }

  private articleUrl(post: NotifiedPost): string {
    return `${this.config.publicUrl}/blog/${post.section}/${post.slug}`;
  }

  submitted(manager: EntityManager, post: NotifiedPost, author: StaffUser): Promise<number> {
    const path = this.editorPath(post);
    return this.notifications.notify(
      manager,
      'post_submitted',
      { admins: true, except: author.id },
      {
        title: `${author.name} submitted "${post.title}" for review`,
        path,
        mail: (recipient, accountUrl) =>
          notificationMail('post_submitted', recipient, accountUrl, {
            subject: `Submitted for review: ${post.title}`,
            heading: 'A post waits for review',
            paragraphs: [
              `${author.name} submitted "${post.title}" for review.`,
              'Publish it, schedule it or send it back with a note.',
            ],
            action: { label: 'Review the post', url: `${this.config.publicUrl}${path}` },
          }),
      },
    );
  }

  async sentBack(manager: EntityManager, post: NotifiedPost, reviewer: StaffUser, note: string): Promise<number> {
    if (!post.createdById) return 0;
    return this.notifications.notify(
      manager,
      'post_sent_back',
      { userIds: [post.createdById], except: reviewer.id },
      {
        title: `${reviewer.name} sent "${post.title}" back with a note`,
        path: this.editorPath(post),
        mail: (recipient) => sentBackMail(this.config.publicUrl, recipient.email, post, reviewer.name, note),
      },
    );
  }

  async published(manager: EntityManager, post: NotifiedPost, publisher: StaffUser): Promise<number> {
    if (!post.createdById) return 0;
    return this.notifications.notify(
      manager,
      'post_published',
      { userIds: [post.createdById], except: publisher.id },
      {
        title: `${publisher.name} published "${post.title}"`,
        path: this.editorPath(post),
        mail: (recipient, accountUrl) =>
          notificationMail('post_published', recipient, accountUrl, {
            subject: `Published: ${post.title}`,
            heading: 'Your post is live',
            paragraphs: [`${publisher.name} published "${post.title}". Readers can find it on the blog now.`],
            action: { label: 'Read it on the site', url: this.articleUrl(post) },
          }),
      },
    );
  }

  async live(manager: EntityManager, post: NotifiedPost): Promise<number> {
    if (!post.createdById) return 0;
    return this.notifications.notify(
      manager,
      'post_live',
      { userIds: [post.createdById] },
      {
        title: `"${post.title}" went live as scheduled`,
        path: this.editorPath(post),
        mail: (recipient, accountUrl) =>
          notificationMail('post_live', recipient, accountUrl, {
            subject: `Live as scheduled: ${post.title}`,
            heading: 'Your scheduled post is live',
            paragraphs: [`"${post.title}" was published at its scheduled time.`],
            action: { label: 'Read it on the site', url: this.articleUrl(post) },
          }),
      },
    );
  }
}

import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../core/config/config.js';
import { WebhookEvents } from '../webhooks/webhook-events.js';

interface PostFacts {
  id: string;
  title: string;
  section: string;
  slug: string;
  publishedAt?: Date | string | null;
}

/** The posts' webhook events (docs/webhooks.md), each in the transaction of the save that causes it. */
@Injectable()
export class PostWebhooks {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly events: WebhookEvents,
  ) {}

  async published(manager: EntityManager, post: PostFacts, scheduled: boolean, now: Date): Promise<void> {
    await this.events.emit(manager, 'post.published', {
      post: {
        id: post.id,
        title: post.title,
        section: post.section,
        slug: post.slug,
        url: `${this.config.publicUrl}/blog/${post.section}/${post.slug}`,
        publishedAt: new Date(post.publishedAt ?? now).toISOString(),
      },
      scheduled,
    });
  }

  async unpublished(manager: EntityManager, post: PostFacts, reason: 'unpublished' | 'deleted'): Promise<void> {
    await this.events.emit(manager, 'post.unpublished', {
      post: { id: post.id, title: post.title, section: post.section, slug: post.slug },
      reason,
    });
  }
}

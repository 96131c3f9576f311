import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { countWords, readingTimeMinutes, team } from '@northbeam/common';
import { APP_CONFIG, type AppConfig } from '../../core/config/config.js';
import { seedPosts } from '../../database/seed/posts.js';
import { PostsRepository } from './posts.repository.js';
import { normaliseTags } from './posts.service.js';
import { Transactions } from '../../database/transactions.js';

const dayMs = 24 * 60 * 60 * 1000;

/** A fresh database gets the built-in articles so that the blog is never empty on first start. */
@Injectable()
export class PostsSeeder implements OnApplicationBootstrap {
  private readonly logger = new Logger('Seed');

  constructor(
    private readonly postsRepository: PostsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly transactions: Transactions,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.seedContent) return;
    await this.seed();
  }

  /** Inserts the built-in posts unless any post exists; returns how many were written. */
  async seed(now = new Date()): Promise<number> {
    if ((await this.postsRepository.count()) > 0) return 0;
    let written = 0;
    for (const seed of seedPosts) {
      const author = team.find((member) => member.id === seed.authorId);
      const wordCount = countWords(seed.body);
      const date = new Date(now.getTime() - seed.daysAgo * dayMs);
      try {
        await this.transactions.run((manager) =>
          this.postsRepository.create(manager, {
            section: seed.section,
            slug: seed.slug,
            title: seed.title,
            excerpt: seed.excerpt,
            body: seed.body,
            status: 'published',
            publishAt: null,
            reviewNote: null,
            authorId: author?.id ?? null,
            authorName: author?.name ?? null,
            authorCredentials: author?.role ?? null,
            authorBio: author?.bio ?? null,
            tags: normaliseTags(seed.tags),
            metaDescription: seed.metaDescription,
            customMetaTags: null,
            wordCount,
            readingTime: readingTimeMinutes(wordCount),
            createdById: null,
            publishedAt: date,
            revisionDate: null,
            createdAt: date,
          } as Parameters<PostsRepository['create']>[1]),
        );
        written += 1;
      } catch (error) {
        // Another instance seeding at the same moment wins the unique slug; that is fine.
        this.logger.warn(
          `Seed post ${seed.section}/${seed.slug} skipped: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
    if (written > 0) this.logger.log(`Seeded ${written} blog posts`);
    return written;
  }
}

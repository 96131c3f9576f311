import { HttpException } from '@nestjs/common';
import { messages, permissionsFor, type StaffUser } from '@northbeam/common';
import type { SavePostDto } from './dto/save-post.dto.js';
import type { Post } from './entities/post.entity.js';
import type { PostsRepository } from './posts.repository.js';
import { normaliseTags, PostsService } from './posts.service.js';
import type { EntityManager } from 'typeorm';
import type { ActivityInput, ActivityService } from '../activity/activity.service.js';
import type { ContentVersionService } from '../content-version/content-version.service.js';
import type { RevisionsService } from '../revisions/revisions.service.js';
import type { MediaService } from '../media/media.service.js';
import type { PostRedirectsService } from './post-redirects.js';
import type { PostNotifications } from './post-notifications.js';
import type { PostWebhooks } from './post-webhooks.js';
import type { Transactions } from '../../database/transactions.js';

const admin: StaffUser = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Ada',
  email: 'ada@x.example',
  role: 'admin',
  twoFactorEnabled: false,
  twoFactorSetupRequired: false,
  permissions: permissionsFor('admin'),
  teamMemberId: null,
};
const consultant: StaffUser = {
  id: '22222222-2222-4222-8222-222222222222',
  name: 'Cy',
  email: 'cy@x.example',
  role: 'consultant',
  twoFactorEnabled: false,
  twoFactorSetupRequired: false,
  permissions: permissionsFor('consultant'),
  teamMemberId: null,
};
const postId = '33333333-3333-4333-8333-333333333333';

const dto: SavePostDto = {
  title: 'T',
  slug: 'a-slug',
  excerpt: 'E',
  body: '# Heading\n\nfour words right here',
  section: 'labs',
};

function storedPost(overrides: Partial<Post> = {}): Post {
  return {
    id: postId,
    section: 'labs',
    slug: 'a-slug',
    title: 'T',
    excerpt: 'E',
    body: 'b',
    status: 'draft',
    authorId: null,
    authorName: null,
    authorCredentials: null,
    authorBio: null,
    tags: [],
    metaDescription: null,
    customMetaTags: null,
    wordCount: 1,
    readingTime: 1,
    createdById: consultant.id,
    createdAt: new Date('2026-01-01T00:00:00Z'),
    updatedAt: new Date('2026-01-01T00:00:00Z'),
    publishedAt: null,
    revisionDate: null,
    featureImageId: null,
    publishAt: null,
    reviewNote: null,
    ...overrides,
  };
}

const fakeManager = {} as EntityManager;

/** A media library that knows no image (these tests give posts none). */
function fakeMedia(): MediaService {
  return { exists: () => Promise.resolve(false), images: () => Promise.resolve(new Map()) } as unknown as MediaService;
}

/** A repository fake whose every method fails unless the test gives it an answer. */
function fakeRepository(given: Partial<PostsRepository>): PostsRepository {
  const answers: Partial<PostsRepository> = { ...given };
  return new Proxy({} as PostsRepository, {
    get: (_target, name: string) =>
      answers[name as keyof PostsRepository] ??
      (() => {
        throw new Error(`unexpected call to PostsRepository.${name}`);
      }),
  });
}

/** Transactions that run their work at once, on the fake manager. */
function fakeTransactions(): Transactions {
  return { run: (work: (manager: EntityManager) => Promise<unknown>) => work(fakeManager) } as unknown as Transactions;
}

/** Records content-version bumps (the page cache's invalidation). */
function fakeContentVersion(): ContentVersionService {
  return { bump: () => Promise.resolve(), current: () => Promise.resolve(1) } as unknown as ContentVersionService;
}

/** Records activity-log lines, checking that each is written through the action's transaction. */
function fakeActivity(lines: ActivityInput[] = []): ActivityService {
  return {
    record: (manager: EntityManager, input: ActivityInput) => {
      if (manager !== fakeManager) throw new Error('activity recorded outside the transaction');
      lines.push(input);
      return Promise.resolve();
    },
  } as unknown as ActivityService;
}

/** Records the revisions a save keeps, checking that each is written through the save's transaction. */
function fakeRevisions(kept: Parameters<RevisionsService['record']>[1][] = []): RevisionsService {
  return {
    record: (manager: EntityManager, input: Parameters<RevisionsService['record']>[1]) => {
      if (manager !== fakeManager) throw new Error('revision recorded outside the transaction');
      kept.push(input);
      return Promise.resolve();
    },
    discardAutosave: () => Promise.resolve(),
  } as unknown as RevisionsService;
}

/** Slug redirects: checks that they are written through the save's transaction. */
function fakeNotifications(): PostNotifications {
  return {
    submitted: () => Promise.resolve(0),
    published: () => Promise.resolve(0),
    sentBack: () => Promise.resolve(0),
    live: () => Promise.resolve(0),
  } as unknown as PostNotifications;
}

function fakeRedirects(): PostRedirectsService {
  return {
    afterSave: (manager: EntityManager) => {
      if (manager !== fakeManager) throw new Error('redirects written outside the transaction');
      return Promise.resolve();
    },
  } as unknown as PostRedirectsService;
}

async function statusOf(promise: Promise<unknown>): Promise<[number, string]> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HttpException) return [error.getStatus(), (error.getResponse() as { error: string }).error];
    throw error;
  }
  throw new Error('expected a refusal');
}

function fakeWebhooks(): PostWebhooks {
  return { published: () => Promise.resolve(), unpublished: () => Promise.resolve() } as unknown as PostWebhooks;
}

describe(PostsService.name, () => {
  describe('create', () => {
    it('refuses a consultant publishing with 403 before touching the database', async () => {
      const service = new PostsService(
        fakeRepository({}),
        fakeContentVersion(),
        fakeActivity(),
        fakeRevisions(),
        fakeMedia(),
        fakeRedirects(),
        fakeNotifications(),
        fakeWebhooks(),
        fakeTransactions(),
      );
      expect(await statusOf(service.create({ ...dto, status: 'published' }, consultant))).toEqual([
        403,
        messages.onlyAdminsCanPublish,
      ]);
    });

    it('answers 409 when the slug is taken in the section', async () => {
      const service = new PostsService(
        fakeRepository({ findBySectionAndSlug: () => Promise.resolve(storedPost({ id: 'other' })) }),
        fakeContentVersion(),
        fakeActivity(),
        fakeRevisions(),
        fakeMedia(),
        fakeRedirects(),
        fakeNotifications(),
        fakeWebhooks(),
        fakeTransactions(),
      );
      expect(await statusOf(service.create(dto, admin))).toEqual([409, messages.slugTaken]);
    });

    it('computes word count and reading time, defaults to draft and records the creator', async () => {
      const created: Partial<Post>[] = [];
      const create = (_manager: EntityManager, values: Partial<Post>) => {
        created.push(values);
        return Promise.resolve(storedPost(values));
      };
      const service = new PostsService(
        fakeRepository({ findBySectionAndSlug: () => Promise.resolve(null), create }),
        fakeContentVersion(),
        fakeActivity(),
        fakeRevisions(),
        fakeMedia(),
        fakeRedirects(),
        fakeNotifications(),
        fakeWebhooks(),
        fakeTransactions(),
      );
      await service.create({ ...dto, tags: [' a ', '', 'A', 'b'] }, admin);
      expect(created).toHaveLength(1);
      expect(created[0]).toEqual(
        expect.objectContaining({
          status: 'draft',
          wordCount: 5,
          readingTime: 1,
          createdById: admin.id,
          publishedAt: null,
          tags: ['a', 'b'],
        }),
      );
    });
  });

  describe('update', () => {
    it('sets publishedAt on first publication without a revision date', async () => {
      const updates: Partial<Post>[] = [];
      const update = (_manager: EntityManager, _id: string, values: Partial<Post>) => {
        updates.push(values);
        return Promise.resolve(storedPost(values));
      };
      const service = new PostsService(
        fakeRepository({ findById: () => Promise.resolve(storedPost()), update }),
        fakeContentVersion(),
        fakeActivity(),
        fakeRevisions(),
        fakeMedia(),
        fakeRedirects(),
        fakeNotifications(),
        fakeWebhooks(),
        fakeTransactions(),
      );
      await service.update(postId, { ...dto, status: 'published' }, admin);
      const values = updates[0];
      expect(values.publishedAt).toBeInstanceOf(Date);
      expect(values.revisionDate).toBeUndefined();
    });

    it('sets a revision date when a published post is edited and keeps its first publication date', async () => {
      const updates: Partial<Post>[] = [];
      const update = (_manager: EntityManager, _id: string, values: Partial<Post>) => {
        updates.push(values);
        return Promise.resolve(storedPost(values));
      };
      const published = storedPost({ status: 'published', publishedAt: new Date('2026-02-01T00:00:00Z') });
      const service = new PostsService(
        fakeRepository({ findById: () => Promise.resolve(published), update }),
        fakeContentVersion(),
        fakeActivity(),
        fakeRevisions(),
        fakeMedia(),
        fakeRedirects(),
        fakeNotifications(),
        fakeWebhooks(),
        fakeTransactions(),
      );
      await service.update(postId, { ...dto, status: 'published' }, admin);
      const values = updates[0];
      expect(values.revisionDate).toBeInstanceOf(Date);
      expect(values.publishedAt).toBeUndefined();
    });

    it.each([
      ['draft', 'published', 'post.published'],
      ['published', 'draft', 'post.unpublished'],
      ['draft', 'draft', 'post.updated'],
      ['published', 'published', 'post.updated'],
    ] as const)('logs a save from %s to %s as %s, once, in the same transaction', async (before, after, action) => {
      const lines: ActivityInput[] = [];
      const update = (_manager: EntityManager, _id: string, values: Partial<Post>) =>
        Promise.resolve(storedPost(values));
      const service = new PostsService(
        fakeRepository({ findById: () => Promise.resolve(storedPost({ status: before })), update }),
        fakeContentVersion(),
        fakeActivity(lines),
        fakeRevisions(),
        fakeMedia(),
        fakeRedirects(),
        fakeNotifications(),
        fakeWebhooks(),
        fakeTransactions(),
      );
      await service.update(postId, { ...dto, status: after }, admin);
      expect(lines).toEqual([{ actor: admin, action, target: { type: 'post', id: postId, label: 'T' } }]);
    });

    it('keeps a revision of what the save wrote, with the earlier state for a post that has none yet, in the same transaction', async () => {
      const kept: Parameters<RevisionsService['record']>[1][] = [];
      const update = (_manager: EntityManager, _id: string, values: Partial<Post>) =>
        Promise.resolve(storedPost(values));
      const service = new PostsService(
        fakeRepository({ findById: () => Promise.resolve(storedPost({ title: 'Before' })), update }),
        fakeContentVersion(),
        fakeActivity(),
        fakeRevisions(kept),
        fakeMedia(),
        fakeRedirects(),
        fakeNotifications(),
        fakeWebhooks(),
        fakeTransactions(),
      );
      await service.update(postId, { ...dto, title: 'After' }, admin);
      expect(kept).toEqual([
        expect.objectContaining({
          kind: 'post',
          entityId: postId,
          author: admin,
          fields: expect.objectContaining({ title: 'After', body: dto.body, status: 'draft', tags: [] }),
          previous: { fields: expect.objectContaining({ title: 'Before' }), savedAt: new Date('2026-01-01T00:00:00Z') },
        }),
      ]);
      for (const column of ['id', 'createdAt', 'updatedAt', 'wordCount', 'readingTime', 'publishedAt'])
        expect(kept[0].fields).not.toHaveProperty(column);
    });

    it("refuses a consultant changing someone else's draft", async () => {
      const service = new PostsService(
        fakeRepository({ findById: () => Promise.resolve(storedPost({ createdById: admin.id })) }),
        fakeContentVersion(),
        fakeActivity(),
        fakeRevisions(),
        fakeMedia(),
        fakeRedirects(),
        fakeNotifications(),
        fakeWebhooks(),
        fakeTransactions(),
      );
      expect(await statusOf(service.update(postId, dto, consultant))).toEqual([403, messages.consultantOwnDraftsOnly]);
    });
  });

  describe('findForReader', () => {
    it('hides a draft from readers and shows it to staff', async () => {
      const service = new PostsService(
        fakeRepository({ findBySectionAndSlug: () => Promise.resolve(storedPost()) }),
        fakeContentVersion(),
        fakeActivity(),
        fakeRevisions(),
        fakeMedia(),
        fakeRedirects(),
        fakeNotifications(),
        fakeWebhooks(),
        fakeTransactions(),
      );
      expect(await statusOf(service.findForReader('labs', 'a-slug', null))).toEqual([404, messages.postNotFound]);
      await expect(service.findForReader('labs', 'a-slug', consultant)).resolves.toMatchObject({ status: 'draft' });
    });
  });
});

describe(normaliseTags.name, () => {
  it('trims, drops empties and keeps the first spelling of duplicates', () => {
    expect(normaliseTags([' AI ', '', 'ai', 'Data'])).toEqual(['AI', 'Data']);
  });
});

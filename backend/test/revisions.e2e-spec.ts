import {
  messages,
  revisionMessages,
  type ListPage,
  type PostRevision,
  type RevisionSummary,
  type StaffRole,
} from '@northbeam/common';
import { createStaff, signedInAgent } from './factories/staff.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/** Starting an app on a fresh database can be slow on a busy machine (Jest's project testTimeout does not reach hooks). */
const hookTimeoutMs = 120_000;

type Agent = Awaited<ReturnType<typeof signedInAgent>>;

const firstText = {
  title: 'Measuring what a prototype proves',
  excerpt: 'The first version of the excerpt.',
  body: '## Why\n\nThe first body.\n\nA line that stays.',
  section: 'labs',
  tags: ['prototyping'],
  authorName: 'Ada Builder',
  authorCredentials: 'Engineer',
  metaDescription: 'First meta description.',
};

describe('Post revisions, restore and autosave', () => {
  let testApp: TestApp;
  const agents = {} as Record<StaffRole, Agent>;
  let counter = 0;
  const uniqueSlug = () => `revised-post-${++counter}`;

  async function createAs(role: StaffRole, overrides: Record<string, unknown> = {}) {
    const response = await agents[role]
      .post('/api/admin/posts')
      .send({ ...firstText, slug: uniqueSlug(), ...overrides });
    if (response.status !== 201) throw new Error(`create failed ${response.status} ${JSON.stringify(response.body)}`);
    return response.body as {
      id: string;
      slug: string;
      section: string;
      status: string;
      updatedAt: string;
      title: string;
    };
  }

  async function saveAs(role: StaffRole, post: { id: string; slug: string }, changes: Record<string, unknown>) {
    const response = await agents[role]
      .put(`/api/admin/posts/${post.id}`)
      .send({ ...firstText, slug: post.slug, ...changes });
    expect(response.status).toBe(200);
    return response.body as { id: string; title: string; status: string; updatedAt: string; body: string };
  }

  async function revisionsOf(role: StaffRole, postId: string, page = 1) {
    const response = await agents[role].get(`/api/admin/posts/${postId}/revisions?page=${page}`);
    expect(response.status).toBe(200);
    return response.body as ListPage<RevisionSummary>;
  }

  async function contentVersion(): Promise<number> {
    const [row] = await testApp.dataSource.query<{ version: string }[]>(
      `SELECT version FROM content_version WHERE id = 1`,
    );
    return Number(row.version);
  }

  async function activityCount(): Promise<number> {
    const [row] = await testApp.dataSource.query<{ count: string }[]>(`SELECT count(*) AS count FROM staff_activity`);
    return Number(row.count);
  }

  beforeAll(async () => {
    testApp = await createTestApp({ config: { seedContent: false } });
    for (const role of ['super_admin', 'admin', 'consultant'] as StaffRole[]) {
      await createStaff(testApp, role);
      agents[role] = await signedInAgent(testApp, `${role.replace('_', '-')}@northbeam.example`);
    }
  }, hookTimeoutMs);

  afterAll(async () => {
    await testApp?.close();
  }, hookTimeoutMs);

  describe('revisions', () => {
    it('keeps a revision of every save with every field, who saved it and when, newest first', async () => {
      const post = await createAs('admin');
      await saveAs('super_admin', post, {
        title: 'Measuring what a prototype really proves',
        body: 'The second body.',
      });
      const list = await revisionsOf('admin', post.id);
      expect(list).toMatchObject({ total: 2, page: 1, pageSize: 15 });
      expect(list.items.map((item) => [item.title, item.author?.name])).toEqual([
        ['Measuring what a prototype really proves', 'Test super_admin'],
        [firstText.title, 'Test admin'],
      ]);
      expect(Date.parse(list.items[0].createdAt)).toBeGreaterThan(Date.parse(list.items[1].createdAt));

      const first = await agents.admin.get(`/api/admin/posts/${post.id}/revisions/${list.items[1].id}`);
      expect(first.status).toBe(200);
      const revision = first.body as PostRevision;
      expect(revision.fields).toMatchObject({
        title: firstText.title,
        slug: post.slug,
        excerpt: firstText.excerpt,
        body: firstText.body,
        section: 'labs',
        status: 'draft',
        tags: ['prototyping'],
        authorName: 'Ada Builder',
        authorCredentials: 'Engineer',
        metaDescription: 'First meta description.',
      });
      expect(revision.restoredFrom).toBeNull();
    });

    it('pages the revisions 15 at a time', async () => {
      const post = await createAs('admin');
      for (let index = 1; index <= 15; index += 1) await saveAs('admin', post, { title: `Version ${index + 1}` });
      const first = await revisionsOf('admin', post.id);
      expect(first.total).toBe(16);
      expect(first.items).toHaveLength(15);
      expect(first.items[0].title).toBe('Version 16');
      const second = await revisionsOf('admin', post.id, 2);
      expect(second.items.map((item) => item.title)).toEqual([firstText.title]);
      expect((await agents.admin.get(`/api/admin/posts/${post.id}/revisions?page=0`)).status).toBe(400);
    });

    it('keeps the earlier state of a post saved before revisions were kept when it is next saved', async () => {
      const post = await createAs('admin');
      await testApp.dataSource.query(`DELETE FROM content_revisions WHERE entity_id = $1`, [post.id]);
      await saveAs('admin', post, { title: 'Edited after revisions began' });
      const list = await revisionsOf('admin', post.id);
      expect(list.items.map((item) => [item.title, item.author])).toEqual([
        ['Edited after revisions began', { id: expect.any(String), name: 'Test admin' }],
        [firstText.title, null],
      ]);
      expect(Date.parse(list.items[1].createdAt)).toBe(Date.parse(post.updatedAt));
    });

    it('restores a revision as a new save: its text comes back, the post stays published, and the restore is logged', async () => {
      const post = await createAs('admin', { status: 'published' });
      await saveAs('admin', post, {
        status: 'published',
        title: 'A rewritten title',
        body: 'A rewritten body.',
        tags: ['rewrite'],
      });
      const [, original] = (await revisionsOf('admin', post.id)).items;

      const restored = await agents.super_admin.post(`/api/admin/posts/${post.id}/revisions/${original.id}/restore`);
      expect(restored.status).toBe(200);
      expect(restored.body).toMatchObject({
        title: firstText.title,
        body: firstText.body,
        tags: ['prototyping'],
        status: 'published',
      });

      const publicPost = await testApp.request().get(`/api/posts/labs/${post.slug}`);
      expect(publicPost.status).toBe(200);
      expect(publicPost.body).toMatchObject({ title: firstText.title, body: firstText.body });

      const list = await revisionsOf('admin', post.id);
      expect(list.total).toBe(3);
      expect(list.items[0]).toMatchObject({
        title: firstText.title,
        author: { name: 'Test super_admin' },
        restoredFrom: { id: original.id, createdAt: original.createdAt },
      });

      const log = await agents.super_admin.get('/api/admin/activity?action=post.restored');
      expect(log.status).toBe(200);
      expect(log.body.items[0]).toMatchObject({
        action: 'post.restored',
        actor: { name: 'Test super_admin' },
        targetType: 'post',
        targetId: post.id,
        targetLabel: firstText.title,
      });
    });

    it('keeps a draft a draft when one of its published revisions is restored', async () => {
      const post = await createAs('admin', { status: 'published' });
      await saveAs('admin', post, { status: 'draft', title: 'Taken off the site' });
      const [, published] = (await revisionsOf('admin', post.id)).items;
      const restored = await agents.admin.post(`/api/admin/posts/${post.id}/revisions/${published.id}/restore`);
      expect(restored.status).toBe(200);
      expect(restored.body).toMatchObject({ title: firstText.title, status: 'draft' });
      expect((await testApp.request().get(`/api/posts/labs/${post.slug}`)).status).toBe(404);
    });

    it("answers 409 when the revision's slug has been taken by another post since", async () => {
      const post = await createAs('admin');
      const oldSlug = post.slug;
      await saveAs('admin', post, { slug: uniqueSlug() });
      await createAs('admin', { slug: oldSlug });
      const [, original] = (await revisionsOf('admin', post.id)).items;
      const refused = await agents.admin.post(`/api/admin/posts/${post.id}/revisions/${original.id}/restore`);
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ statusCode: 409, error: messages.slugTaken });
    });

    it('answers 404 "Revision not found" for an unknown or malformed revision, or one of another post', async () => {
      const post = await createAs('admin');
      const other = await createAs('admin');
      const [otherRevision] = (await revisionsOf('admin', other.id)).items;
      for (const revisionId of ['00000000-0000-4000-8000-000000000000', 'not-an-id', otherRevision.id]) {
        for (const call of [
          agents.admin.get(`/api/admin/posts/${post.id}/revisions/${revisionId}`),
          agents.admin.post(`/api/admin/posts/${post.id}/revisions/${revisionId}/restore`),
        ]) {
          const response = await call;
          expect(response.status).toBe(404);
          expect(response.body).toEqual({ statusCode: 404, error: revisionMessages.revisionNotFound });
        }
      }
      expect((await agents.admin.get('/api/admin/posts/00000000-0000-4000-8000-000000000000/revisions')).body).toEqual({
        statusCode: 404,
        error: messages.postNotFound,
      });
    });

    it('deletes the revisions and autosaves of a deleted post', async () => {
      const post = await createAs('admin');
      await agents.admin.put(`/api/admin/posts/${post.id}/autosave`).send({ title: 'Half typed' }).expect(200);
      await agents.admin.delete(`/api/admin/posts/${post.id}`).expect(204);
      const [revisions] = await testApp.dataSource.query<{ count: string }[]>(
        `SELECT count(*) AS count FROM content_revisions WHERE entity_id = $1`,
        [post.id],
      );
      const [autosaves] = await testApp.dataSource.query<{ count: string }[]>(
        `SELECT count(*) AS count FROM content_autosaves WHERE entity_id = $1`,
        [post.id],
      );
      expect([Number(revisions.count), Number(autosaves.count)]).toEqual([0, 0]);
    });
  });

  describe('who may see and restore revisions', () => {
    it('lets a consultant see and restore the revisions of their own draft', async () => {
      const draft = await createAs('consultant');
      await saveAs('consultant', draft, { title: 'A second go' });
      const [, first] = (await revisionsOf('consultant', draft.id)).items;
      expect((await agents.consultant.get(`/api/admin/posts/${draft.id}/revisions/${first.id}`)).status).toBe(200);
      const restored = await agents.consultant.post(`/api/admin/posts/${draft.id}/revisions/${first.id}/restore`);
      expect(restored.status).toBe(200);
      expect(restored.body.title).toBe(firstText.title);
    });

    it("refuses a consultant the revisions and autosave of someone else's post, or of their own once published, with 403", async () => {
      const others = await createAs('admin');
      const own = await createAs('consultant');
      await saveAs('admin', own, { status: 'published' });
      for (const post of [others, own]) {
        const [revision] = (await revisionsOf('admin', post.id)).items;
        for (const call of [
          agents.consultant.get(`/api/admin/posts/${post.id}/revisions`),
          agents.consultant.get(`/api/admin/posts/${post.id}/revisions/${revision.id}`),
          agents.consultant.post(`/api/admin/posts/${post.id}/revisions/${revision.id}/restore`),
          agents.consultant.get(`/api/admin/posts/${post.id}/autosave`),
          agents.consultant.put(`/api/admin/posts/${post.id}/autosave`).send({ title: 'Sneaky' }),
          agents.consultant.delete(`/api/admin/posts/${post.id}/autosave`),
        ]) {
          const response = await call;
          expect(response.status).toBe(403);
          expect(response.body).toEqual({ statusCode: 403, error: messages.consultantOwnDraftsOnly });
        }
      }
      expect((await agents.admin.get(`/api/admin/posts/${others.id}`)).body.title).toBe(firstText.title);
    });

    it('refuses every revision and autosave call with 401 when signed out', async () => {
      const post = await createAs('admin');
      const [revision] = (await revisionsOf('admin', post.id)).items;
      for (const call of [
        testApp.request().get(`/api/admin/posts/${post.id}/revisions`),
        testApp.request().get(`/api/admin/posts/${post.id}/revisions/${revision.id}`),
        testApp.request().post(`/api/admin/posts/${post.id}/revisions/${revision.id}/restore`),
        testApp.request().get(`/api/admin/posts/${post.id}/autosave`),
        testApp.request().put(`/api/admin/posts/${post.id}/autosave`).send({ title: 'x' }),
        testApp.request().delete(`/api/admin/posts/${post.id}/autosave`),
      ]) {
        const response = await call;
        expect(response.status).toBe(401);
        expect(response.body).toEqual({ statusCode: 401, error: messages.notSignedIn });
      }
    });
  });

  describe('autosave', () => {
    it('never changes the live post, its public answers, the content version or the activity log', async () => {
      const post = await createAs('admin', { status: 'published' });
      const before = (await agents.admin.get(`/api/admin/posts/${post.id}`)).body as { updatedAt: string };
      const listBefore = await testApp.request().get('/api/posts/labs');
      const versionBefore = await contentVersion();
      const activityBefore = await activityCount();

      const saved = await agents.admin
        .put(`/api/admin/posts/${post.id}/autosave`)
        .send({ ...firstText, slug: post.slug, title: 'An unfinished new title', body: 'Half of a new body' });
      expect(saved.status).toBe(200);
      expect(Date.parse(saved.body.savedAt)).toBeGreaterThan(Date.parse(before.updatedAt));

      const publicPost = await testApp.request().get(`/api/posts/labs/${post.slug}`);
      expect(publicPost.body).toMatchObject({
        title: firstText.title,
        body: firstText.body,
        updatedAt: before.updatedAt,
      });
      const listAfter = await testApp.request().get('/api/posts/labs').set('If-None-Match', listBefore.headers.etag);
      expect(listAfter.status).toBe(304);
      const page = await testApp.request().get(`/api/posts?search=${encodeURIComponent('unfinished new title')}`);
      expect(page.body.total).toBe(0);
      expect((await agents.admin.get(`/api/admin/posts/${post.id}`)).body).toMatchObject({
        title: firstText.title,
        updatedAt: before.updatedAt,
      });
      expect(await contentVersion()).toBe(versionBefore);
      expect(await activityCount()).toBe(activityBefore);
      expect((await revisionsOf('admin', post.id)).total).toBe(1);

      const autosave = await agents.admin.get(`/api/admin/posts/${post.id}/autosave`);
      expect(autosave.status).toBe(200);
      expect(autosave.body.autosave).toMatchObject({
        savedAt: saved.body.savedAt,
        fields: {
          title: 'An unfinished new title',
          body: 'Half of a new body',
          tags: ['prototyping'],
          authorName: 'Ada Builder',
        },
      });
    });

    it('keeps one autosave per post and person, replaced by each autosave and ended by their save', async () => {
      const post = await createAs('admin');
      await agents.admin.put(`/api/admin/posts/${post.id}/autosave`).send({ title: 'First try' }).expect(200);
      await agents.admin.put(`/api/admin/posts/${post.id}/autosave`).send({ title: 'Second try' }).expect(200);
      await agents.super_admin
        .put(`/api/admin/posts/${post.id}/autosave`)
        .send({ title: 'Someone else typing' })
        .expect(200);
      expect((await agents.admin.get(`/api/admin/posts/${post.id}/autosave`)).body.autosave.fields.title).toBe(
        'Second try',
      );
      expect((await agents.super_admin.get(`/api/admin/posts/${post.id}/autosave`)).body.autosave.fields.title).toBe(
        'Someone else typing',
      );
      const [rows] = await testApp.dataSource.query<{ count: string }[]>(
        `SELECT count(*) AS count FROM content_autosaves WHERE entity_id = $1`,
        [post.id],
      );
      expect(Number(rows.count)).toBe(2);

      await saveAs('admin', post, { title: 'Second try' });
      expect((await agents.admin.get(`/api/admin/posts/${post.id}/autosave`)).body).toEqual({ autosave: null });
      expect((await agents.super_admin.get(`/api/admin/posts/${post.id}/autosave`)).body.autosave.fields.title).toBe(
        'Someone else typing',
      );
    });

    it('accepts unfinished text, refuses oversize fields with 400, and is discarded on request', async () => {
      const post = await createAs('admin');
      const unfinished = await agents.admin
        .put(`/api/admin/posts/${post.id}/autosave`)
        .send({ title: '', slug: 'half-', section: '' });
      expect(unfinished.status).toBe(200);
      expect((await agents.admin.get(`/api/admin/posts/${post.id}/autosave`)).body.autosave.fields).toMatchObject({
        title: '',
        slug: 'half-',
        section: '',
        body: '',
        tags: [],
      });
      const oversize = await agents.admin
        .put(`/api/admin/posts/${post.id}/autosave`)
        .send({ title: 'x'.repeat(401), section: 'news' });
      expect(oversize.status).toBe(400);
      expect(Object.keys(oversize.body.fieldErrors).sort()).toEqual(['section', 'title']);
      expect((await agents.admin.delete(`/api/admin/posts/${post.id}/autosave`)).status).toBe(204);
      expect((await agents.admin.get(`/api/admin/posts/${post.id}/autosave`)).body).toEqual({ autosave: null });
    });
  });
});

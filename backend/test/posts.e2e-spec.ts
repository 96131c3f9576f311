import { messages, metaTagMessages, type StaffRole } from '@northbeam/common';
import { createStaff, signedInAgent } from './factories/staff.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/** Starting an app on a fresh database can be slow on a busy machine (Jest's project testTimeout does not reach hooks). */
const hookTimeoutMs = 120_000;

type Agent = Awaited<ReturnType<typeof signedInAgent>>;

const validPost = {
  title: 'Shipping a prototype in a fortnight',
  slug: 'shipping-a-prototype',
  excerpt: 'What two weeks of focused work can prove.',
  body: '## Why\n\nTwo weeks is **enough** to learn. See [the guide](https://example.com).\n\n```js\nconst hidden = true;\n```\n\n![diagram](/x.png) <em>Done</em> `inline`',
  section: 'labs',
  tags: [' prototyping ', '', 'labs', 'Labs'],
  metaDescription: 'Two weeks from idea to prototype.',
};

describe('Blog posts API', () => {
  let testApp: TestApp;
  const agents = {} as Record<StaffRole, Agent>;
  const ids = {} as Record<StaffRole, string>;
  let counter = 0;
  const uniqueSlug = () => `post-${++counter}`;

  async function createAs(role: StaffRole, overrides: Record<string, unknown> = {}) {
    const response = await agents[role]
      .post('/api/admin/posts')
      .send({ ...validPost, slug: uniqueSlug(), ...overrides });
    if (response.status !== 201) throw new Error(`create failed ${response.status} ${JSON.stringify(response.body)}`);
    return response.body as { id: string; slug: string; section: string; status: string };
  }

  beforeAll(async () => {
    testApp = await createTestApp({ config: { seedContent: false } });
    for (const role of ['super_admin', 'admin', 'consultant'] as StaffRole[]) {
      ids[role] = (await createStaff(testApp, role)).id;
      agents[role] = await signedInAgent(testApp, `${role.replace('_', '-')}@northbeam.example`);
    }
  }, hookTimeoutMs);

  afterAll(async () => {
    await testApp?.close();
  }, hookTimeoutMs);

  describe('permission matrix', () => {
    it('refuses every admin call with 401 when signed out', async () => {
      const post = await createAs('admin');
      const calls = [
        testApp.request().get('/api/admin/posts'),
        testApp.request().get(`/api/admin/posts/${post.id}`),
        testApp
          .request()
          .post('/api/admin/posts')
          .send({ ...validPost, slug: uniqueSlug() }),
        testApp.request().put(`/api/admin/posts/${post.id}`).send(validPost),
        testApp.request().delete(`/api/admin/posts/${post.id}`),
        testApp.request().get('/api/admin/user'),
      ];
      for (const call of calls) {
        const response = await call;
        expect(response.status).toBe(401);
        expect(response.body).toEqual({ statusCode: 401, error: messages.notSignedIn });
      }
      expect((await agents.admin.get(`/api/admin/posts/${post.id}`)).status).toBe(200);
    });

    it.each(['super_admin', 'admin', 'consultant'] as StaffRole[])(
      'lets %s list and read every post of every status',
      async (role) => {
        const draft = await createAs('admin', { status: 'draft' });
        const list = await agents[role].get('/api/admin/posts').query({ q: draft.slug, status: 'draft' });
        expect(list.status).toBe(200);
        expect(list.body.items.map((post: { id: string }) => post.id)).toContain(draft.id);
        expect(list.headers['cache-control']).toBe('private, no-store');
        const one = await agents[role].get(`/api/admin/posts/${draft.id}`);
        expect(one.status).toBe(200);
        expect(one.body.body).toBe(validPost.body);
      },
    );

    it.each(['super_admin', 'admin'] as StaffRole[])(
      'lets %s create, publish, edit and delete any post',
      async (role) => {
        const other = role === 'admin' ? 'super_admin' : 'admin';
        const post = await createAs(other, { status: 'draft' });
        const published = await agents[role]
          .put(`/api/admin/posts/${post.id}`)
          .send({ ...validPost, slug: post.slug, status: 'published' });
        expect(published.status).toBe(200);
        expect(published.body.status).toBe('published');
        const consultantDraft = await createAs('consultant');
        expect(
          (
            await agents[role]
              .put(`/api/admin/posts/${consultantDraft.id}`)
              .send({ ...validPost, slug: consultantDraft.slug, status: 'published' })
          ).status,
        ).toBe(200);
        expect((await agents[role].delete(`/api/admin/posts/${post.id}`)).status).toBe(204);
        expect((await agents[role].delete(`/api/admin/posts/${consultantDraft.id}`)).status).toBe(204);
        expect((await agents[role].get(`/api/admin/posts/${post.id}`)).status).toBe(404);
        const created = await agents[role]
          .post('/api/admin/posts')
          .send({ ...validPost, slug: uniqueSlug(), status: 'published' });
        expect(created.status).toBe(201);
        expect(created.body.status).toBe('published');
      },
    );

    it('lets a consultant create, edit and delete their own drafts', async () => {
      const draft = await createAs('consultant');
      expect(draft.status).toBe('draft');
      const edited = await agents.consultant
        .put(`/api/admin/posts/${draft.id}`)
        .send({ ...validPost, slug: draft.slug, title: 'Edited by me', status: 'draft' });
      expect(edited.status).toBe(200);
      expect(edited.body.title).toBe('Edited by me');
      expect((await agents.consultant.delete(`/api/admin/posts/${draft.id}`)).status).toBe(204);
    });

    it('refuses a consultant publishing a new post with 403 "Only admins can publish" and stores nothing', async () => {
      const slug = uniqueSlug();
      const response = await agents.consultant
        .post('/api/admin/posts')
        .send({ ...validPost, slug, status: 'published' });
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ statusCode: 403, error: messages.onlyAdminsCanPublish });
      const rows: unknown[] = await testApp.dataSource.query('SELECT id FROM posts WHERE slug = $1', [slug]);
      expect(rows).toHaveLength(0);
    });

    it('refuses a consultant publishing their draft with 403 and leaves it a draft', async () => {
      const draft = await createAs('consultant');
      const response = await agents.consultant
        .put(`/api/admin/posts/${draft.id}`)
        .send({ ...validPost, slug: draft.slug, title: 'Changed', status: 'published' });
      expect(response.status).toBe(403);
      expect(response.body.error).toBe(messages.onlyAdminsCanPublish);
      const stored = await agents.admin.get(`/api/admin/posts/${draft.id}`);
      expect(stored.body.status).toBe('draft');
      expect(stored.body.title).toBe(validPost.title);
      expect(stored.body.publishedAt).toBeNull();
    });

    it("refuses a consultant editing or deleting someone else's draft with 403", async () => {
      const draft = await createAs('admin');
      const edit = await agents.consultant.put(`/api/admin/posts/${draft.id}`).send({ ...validPost, slug: draft.slug });
      expect(edit.status).toBe(403);
      expect(edit.body.error).toBe(messages.consultantOwnDraftsOnly);
      const removal = await agents.consultant.delete(`/api/admin/posts/${draft.id}`);
      expect(removal.status).toBe(403);
      expect((await agents.admin.get(`/api/admin/posts/${draft.id}`)).status).toBe(200);
    });

    it('tells each row of the staff list what the signed-in person may do: a consultant edits only their own draft', async () => {
      const own = await createAs('consultant');
      const others = await createAs('admin');
      const rowsFor = async (role: 'admin' | 'consultant') => {
        const response = await agents[role].get('/api/admin/posts').query({ q: validPost.title });
        expect(response.status).toBe(200);
        const items = response.body.items as { id: string; actions: string[] }[];
        return new Map(items.map((item) => [item.id, item.actions]));
      };
      const consultantRows = await rowsFor('consultant');
      expect(consultantRows.get(own.id)).toEqual(['edit', 'submit_for_review']);
      expect(consultantRows.get(others.id)).toEqual([]);
      const adminRows = await rowsFor('admin');
      expect(adminRows.get(own.id)).toEqual(expect.arrayContaining(['edit', 'publish']));
      expect(adminRows.get(others.id)).toEqual(expect.arrayContaining(['edit', 'publish']));
    });

    it('refuses a consultant editing or deleting their own post once an admin has published it', async () => {
      const draft = await createAs('consultant');
      await agents.admin
        .put(`/api/admin/posts/${draft.id}`)
        .send({ ...validPost, slug: draft.slug, status: 'published' });
      expect(
        (
          await agents.consultant
            .put(`/api/admin/posts/${draft.id}`)
            .send({ ...validPost, slug: draft.slug, status: 'draft' })
        ).status,
      ).toBe(403);
      expect((await agents.consultant.delete(`/api/admin/posts/${draft.id}`)).status).toBe(403);
      expect((await agents.admin.get(`/api/admin/posts/${draft.id}`)).body.status).toBe('published');
    });
  });

  describe('validation', () => {
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['an empty title', { title: '' }, 'title', messages.titleRequired],
      ['a missing title', { title: undefined }, 'title', messages.titleRequired],
      ['a title over 200 characters', { title: 'x'.repeat(201) }, 'title', messages.titleTooLong],
      ['an empty slug', { slug: '' }, 'slug', messages.slugRequired],
      ['a slug over 100 characters', { slug: 'x'.repeat(101) }, 'slug', messages.slugTooLong],
      ['an empty excerpt', { excerpt: '' }, 'excerpt', messages.excerptRequired],
      ['an excerpt over 500 characters', { excerpt: 'x'.repeat(501) }, 'excerpt', messages.excerptTooLong],
      ['an empty body', { body: '' }, 'body', messages.bodyRequired],
      ['a body of only spaces', { body: '  \n ' }, 'body', messages.bodyRequired],
      ['a slug with spaces or capitals', { slug: 'Not A Slug' }, 'slug', messages.slugInvalid],
      ['an unknown section', { section: 'immersive' }, 'section', messages.sectionRequired],
      ['a missing section', { section: undefined }, 'section', messages.sectionRequired],
      [
        'credentials over 200 characters',
        { authorName: 'A', authorCredentials: 'x'.repeat(201) },
        'authorCredentials',
        messages.credentialsTooLong,
      ],
      ['a bio over 500 characters', { authorName: 'A', authorBio: 'x'.repeat(501) }, 'authorBio', messages.bioTooLong],
      [
        'a meta description over 160 characters',
        { metaDescription: 'x'.repeat(161) },
        'metaDescription',
        messages.metaDescriptionTooLong,
      ],
    ];

    it.each(cases)('refuses %s with 400 and the sentence of its rule', async (_name, overrides, field, sentence) => {
      const response = await agents.admin
        .post('/api/admin/posts')
        .send({ ...validPost, slug: uniqueSlug(), ...overrides });
      expect(response.status).toBe(400);
      expect(response.body.fieldErrors[field]).toContain(sentence);
      expect(response.body.error).toBe(sentence);
    });

    it.each([
      ['a referrer policy', '<meta name="referrer" content="unsafe-url">', metaTagMessages.notAllowed('referrer')],
      [
        'an og:url pointing elsewhere',
        '<meta property="og:url" content="https://evil.example/">',
        metaTagMessages.notAllowed('og:url'),
      ],
      ['a refresh', '<meta http-equiv="refresh" content="0;url=https://evil.example/">', metaTagMessages.httpEquiv],
      [
        'a javascript: image',
        '<meta property="og:image" content="javascript:alert(1)">',
        metaTagMessages.addressRequired('og:image'),
      ],
      [
        'a data: card image',
        '<meta name="twitter:image" content="data:image/png;base64,AAAA">',
        metaTagMessages.addressRequired('twitter:image'),
      ],
    ])(
      'refuses custom meta tags with %s with 400 and a sentence naming the tag',
      async (_name, customMetaTags, sentence) => {
        const response = await agents.admin
          .post('/api/admin/posts')
          .send({ ...validPost, slug: uniqueSlug(), customMetaTags });
        expect(response.status).toBe(400);
        expect(response.body).toEqual({
          statusCode: 400,
          error: sentence,
          fieldErrors: { customMetaTags: [sentence] },
        });
      },
    );

    it('accepts allowed custom meta tags, images at http(s) addresses, on create and update', async () => {
      const customMetaTags = [
        '<meta name="robots" content="noarchive">',
        '<meta name="twitter:creator" content="@northbeam">',
        '<meta property="og:image" content="https://cdn.example.com/cover.png">',
      ].join('\n');
      const created = await agents.admin
        .post('/api/admin/posts')
        .send({ ...validPost, slug: uniqueSlug(), customMetaTags });
      expect(created.status).toBe(201);
      expect(created.body.customMetaTags).toBe(customMetaTags);
      const refused = await agents.admin.put(`/api/admin/posts/${created.body.id}`).send({
        ...validPost,
        slug: created.body.slug,
        customMetaTags: `${customMetaTags}<meta name="referrer" content="no-referrer-when-downgrade">`,
      });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe(metaTagMessages.notAllowed('referrer'));
    });

    it('accepts the exact limits (200, 100, 500, 160 characters)', async () => {
      const response = await agents.admin.post('/api/admin/posts').send({
        ...validPost,
        title: 't'.repeat(200),
        slug: `s${'x'.repeat(99)}`,
        excerpt: 'e'.repeat(500),
        metaDescription: 'm'.repeat(160),
      });
      expect(response.status).toBe(201);
    });

    it('answers 409 for a slug already used in the same section, and allows it in the other section', async () => {
      const first = await createAs('admin', { slug: 'twice-used' });
      const clash = await agents.admin.post('/api/admin/posts').send({ ...validPost, slug: 'twice-used' });
      expect(clash.status).toBe(409);
      expect(clash.body).toEqual({ statusCode: 409, error: messages.slugTaken });
      const otherSection = await agents.admin
        .post('/api/admin/posts')
        .send({ ...validPost, slug: 'twice-used', section: 'consulting' });
      expect(otherSection.status).toBe(201);
      const moved = await agents.admin
        .put(`/api/admin/posts/${otherSection.body.id}`)
        .send({ ...validPost, slug: 'twice-used', section: 'labs' });
      expect(moved.status).toBe(409);
      expect(
        (await agents.admin.put(`/api/admin/posts/${first.id}`).send({ ...validPost, slug: 'twice-used' })).status,
      ).toBe(200);
    });

    it('answers 404 "Post not found" for an unknown or malformed id', async () => {
      for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
        const response = await agents.admin.get(`/api/admin/posts/${id}`);
        expect(response.status).toBe(404);
        expect(response.body.error).toBe(messages.postNotFound);
        expect((await agents.admin.put(`/api/admin/posts/${id}`).send(validPost)).status).toBe(404);
        expect((await agents.admin.delete(`/api/admin/posts/${id}`)).status).toBe(404);
      }
    });
  });

  describe('server-computed fields', () => {
    it('computes word count and reading time by the word-count rule and ignores client values', async () => {
      const response = await agents.admin
        .post('/api/admin/posts')
        .send({ ...validPost, slug: uniqueSlug(), wordCount: 9999, readingTime: 42 });
      expect(response.status).toBe(201);
      // "Why Two weeks is enough to learn. See the guide. Done": 11 words — code, image, HTML and marks stripped.
      expect(response.body.wordCount).toBe(11);
      expect(response.body.readingTime).toBe(1);
      const long = await agents.admin
        .post('/api/admin/posts')
        .send({ ...validPost, slug: uniqueSlug(), body: 'word '.repeat(401) });
      expect(long.body.wordCount).toBe(401);
      expect(long.body.readingTime).toBe(3);
    });

    it('trims tags, drops empties and duplicates, and stores the creating account', async () => {
      const post = await createAs('consultant');
      const stored = await agents.admin.get(`/api/admin/posts/${post.id}`);
      expect(stored.body.tags).toEqual(['prototyping', 'labs']);
      expect(stored.body.createdById).toBe(ids.consultant);
    });

    it("omits the author's credentials and bio when no author is chosen", async () => {
      const response = await agents.admin
        .post('/api/admin/posts')
        .send({ ...validPost, slug: uniqueSlug(), authorName: '', authorCredentials: 'CTO', authorBio: 'Bio' });
      expect(response.body).toMatchObject({
        authorId: null,
        authorName: null,
        authorCredentials: null,
        authorBio: null,
      });
      const withAuthor = await agents.admin.post('/api/admin/posts').send({
        ...validPost,
        slug: uniqueSlug(),
        authorId: 'helena-marsh',
        authorName: 'Helena Marsh',
        authorCredentials: 'Strategy Director',
        authorBio: 'Bio',
      });
      expect(withAuthor.body).toMatchObject({
        authorId: 'helena-marsh',
        authorName: 'Helena Marsh',
        authorCredentials: 'Strategy Director',
        authorBio: 'Bio',
      });
    });

    it('sets publishedAt on first publish only and revisionDate when a published post is edited', async () => {
      const draft = await createAs('admin');
      const afterDraftEdit = await agents.admin
        .put(`/api/admin/posts/${draft.id}`)
        .send({ ...validPost, slug: draft.slug, title: 'Draft edit' });
      expect(afterDraftEdit.body.publishedAt).toBeNull();
      expect(afterDraftEdit.body.revisionDate).toBeNull();
      const published = await agents.admin
        .put(`/api/admin/posts/${draft.id}`)
        .send({ ...validPost, slug: draft.slug, status: 'published' });
      expect(published.body.publishedAt).toEqual(expect.any(String));
      expect(published.body.revisionDate).toBeNull();
      const revised = await agents.admin
        .put(`/api/admin/posts/${draft.id}`)
        .send({ ...validPost, slug: draft.slug, title: 'Revised', status: 'published' });
      expect(revised.body.publishedAt).toBe(published.body.publishedAt);
      expect(revised.body.revisionDate).toEqual(expect.any(String));
      expect(new Date(revised.body.revisionDate).getTime()).toBeGreaterThanOrEqual(
        new Date(published.body.publishedAt).getTime(),
      );
    });
  });

  describe('staff list GET /api/admin/posts', () => {
    /** Twenty posts titled "Ledger probe N", N = 1 oldest to 20 newest, one minute apart; statuses and sections vary. */
    const probe: { id: string; slug: string; title: string; section: string; status: string }[] = [];
    const probeStatus = (index: number) => (['draft', 'in_review', 'scheduled', 'published'] as const)[index % 4];
    const titles = (body: { items: { title: string }[] }) => body.items.map((post) => post.title);

    beforeAll(async () => {
      for (let number = 1; number <= 20; number++) {
        const section = number % 2 === 0 ? 'consulting' : 'labs';
        const post = await createAs(number % 3 === 0 ? 'consultant' : 'admin', {
          title: `Ledger probe ${number}`,
          slug: `ledger-probe-${number}`,
          section,
          status: 'draft',
        });
        const status = probeStatus(number);
        await testApp.dataSource.query(
          `UPDATE "posts" SET "status" = $1, "created_at" = $2, "publish_at" = $3 WHERE "id" = $4`,
          [
            status,
            new Date(Date.UTC(2020, 0, 1, 9, number)),
            status === 'scheduled' ? new Date(Date.UTC(2030, 0, 1)) : null,
            post.id,
          ],
        );
        probe.push({ id: post.id, slug: post.slug, title: `Ledger probe ${number}`, section, status });
      }
    }, hookTimeoutMs);

    it('pages 15 at a time newest first, in the envelope of the other lists, without bodies', async () => {
      const first = await agents.admin.get('/api/admin/posts').query({ q: 'ledger probe' });
      expect(first.status).toBe(200);
      expect(first.headers['cache-control']).toBe('private, no-store');
      expect(Object.keys(first.body).sort()).toEqual(['items', 'page', 'pageSize', 'total']);
      expect(first.body).toMatchObject({ total: 20, page: 1, pageSize: 15 });
      expect(titles(first.body)).toEqual(Array.from({ length: 15 }, (_, index) => `Ledger probe ${20 - index}`));
      const second = await agents.admin.get('/api/admin/posts').query({ q: 'ledger probe', page: 2 });
      expect(second.body).toMatchObject({ total: 20, page: 2, pageSize: 15 });
      expect(titles(second.body)).toEqual([
        'Ledger probe 5',
        'Ledger probe 4',
        'Ledger probe 3',
        'Ledger probe 2',
        'Ledger probe 1',
      ]);
      const row = second.body.items[4] as Record<string, unknown>;
      expect(row).not.toHaveProperty('body');
      expect(row).toMatchObject({
        id: probe[0].id,
        slug: 'ledger-probe-1',
        status: 'in_review',
        createdById: ids.admin,
        publishAt: null,
        reviewNote: null,
      });
      const beyond = await agents.admin.get('/api/admin/posts').query({ q: 'ledger probe', page: 3 });
      expect(beyond.body).toMatchObject({ total: 20, page: 3, items: [] });
      const everything = await agents.admin.get('/api/admin/posts');
      expect(everything.body.items).toHaveLength(15);
      expect(everything.body.total).toBeGreaterThan(20);
    });

    it('filters by section and by every status, the review queue and the schedule included', async () => {
      const labs = await agents.admin.get('/api/admin/posts').query({ q: 'ledger probe', section: 'labs' });
      expect(labs.body.total).toBe(10);
      expect(labs.body.items.every((post: { section: string }) => post.section === 'labs')).toBe(true);
      for (const status of ['draft', 'in_review', 'scheduled', 'published']) {
        const response = await agents.admin.get('/api/admin/posts').query({ q: 'ledger probe', status });
        expect(titles(response.body)).toEqual(
          probe
            .filter((post) => post.status === status)
            .map((post) => post.title)
            .reverse(),
        );
      }
      const scheduled = await agents.admin
        .get('/api/admin/posts')
        .query({ q: 'ledger probe', status: 'scheduled', section: 'consulting' });
      expect(titles(scheduled.body)).toEqual([
        'Ledger probe 18',
        'Ledger probe 14',
        'Ledger probe 10',
        'Ledger probe 6',
        'Ledger probe 2',
      ]);
      expect(scheduled.body.items[0].publishAt).toBe('2030-01-01T00:00:00.000Z');
    });

    it('searches title and slug, case-insensitively and literally', async () => {
      expect(titles((await agents.admin.get('/api/admin/posts').query({ q: 'LEDGER PROBE 17' })).body)).toEqual([
        'Ledger probe 17',
      ]);
      expect(titles((await agents.admin.get('/api/admin/posts').query({ q: '  ledger-probe-12 ' })).body)).toEqual([
        'Ledger probe 12',
      ]);
      expect((await agents.admin.get('/api/admin/posts').query({ q: 'ledger%probe' })).body.total).toBe(0);
      expect((await agents.admin.get('/api/admin/posts').query({ q: 'ledger_probe' })).body.total).toBe(0);
    });

    it('shows a consultant every post of every status, as today, whoever wrote it', async () => {
      const asConsultant = await agents.consultant.get('/api/admin/posts').query({ q: 'ledger probe', page: 2 });
      const asAdmin = await agents.admin.get('/api/admin/posts').query({ q: 'ledger probe', page: 2 });
      expect(asConsultant.status).toBe(200);
      // The same posts; only what each may do with them differs.
      const withoutActions = (body: { items: { actions: string[] }[] }) => ({
        ...body,
        items: body.items.map(({ actions: _actions, ...post }) => post),
      });
      expect(withoutActions(asConsultant.body)).toEqual(withoutActions(asAdmin.body));
      const drafts = await agents.consultant.get('/api/admin/posts').query({ q: 'ledger probe', status: 'draft' });
      expect(drafts.body.items.map((post: { createdById: string }) => post.createdById)).toEqual(
        expect.arrayContaining([ids.admin, ids.consultant]),
      );
    });

    it('counts the search matches by section and status', async () => {
      const counts = await agents.consultant.get('/api/admin/posts/counts').query({ q: 'ledger probe' });
      expect(counts.status).toBe(200);
      expect(counts.body).toEqual([
        { section: 'consulting', status: 'draft', count: 5 },
        { section: 'consulting', status: 'scheduled', count: 5 },
        { section: 'labs', status: 'in_review', count: 5 },
        { section: 'labs', status: 'published', count: 5 },
      ]);
      expect((await testApp.request().get('/api/admin/posts/counts')).status).toBe(401);
    });

    it('refuses malformed queries with 400 and the sentence of the field, a page past the range included', async () => {
      for (const [query, field, sentence] of [
        [{ page: '100001' }, 'page', 'Page must be 100000 or less'],
        [{ page: '0' }, 'page', 'Page must be 1 or more'],
        [{ section: 'news' }, 'section', 'Section must be labs or consulting'],
        [{ status: 'archived' }, 'status', 'Status must be draft, in_review, scheduled or published'],
        [{ q: 'x'.repeat(201) }, 'q', 'Search must be 200 characters or less'],
      ] as const) {
        const response = await agents.admin.get('/api/admin/posts').query(query);
        expect(response.status).toBe(400);
        expect(response.body.fieldErrors).toEqual({ [field]: [sentence] });
      }
    });
  });

  describe('public reading calls', () => {
    it('lists only published posts of the section, newest first, without bodies', async () => {
      const older = await createAs('admin', { section: 'consulting', status: 'published', title: 'Older' });
      await createAs('admin', { section: 'consulting', status: 'draft', title: 'Hidden draft' });
      const newer = await createAs('admin', { section: 'consulting', status: 'published', title: 'Newer' });
      const response = await testApp.request().get('/api/posts/consulting');
      expect(response.status).toBe(200);
      const listed = response.body as { id: string; status: string; body?: string; section: string }[];
      expect(listed.every((post) => post.status === 'published' && post.section === 'consulting')).toBe(true);
      expect(listed.some((post) => 'body' in post)).toBe(false);
      const positions = [newer.id, older.id].map((id) => listed.findIndex((post) => post.id === id));
      expect(positions[0]).toBeGreaterThanOrEqual(0);
      expect(positions[0]).toBeLessThan(positions[1]);
      expect(Object.keys(listed[0]).sort()).toEqual(
        [
          'id',
          'section',
          'slug',
          'title',
          'excerpt',
          'status',
          'authorId',
          'authorName',
          'authorCredentials',
          'authorBio',
          'tags',
          'metaDescription',
          'customMetaTags',
          'wordCount',
          'readingTime',
          'createdAt',
          'updatedAt',
          'publishedAt',
          'revisionDate',
          'featureImage',
        ].sort(),
      );
    });

    it('serves the section list from one copy per content version: a publish, an edit and a delete show at once; 304 for an unchanged list', async () => {
      const titles = async () =>
        ((await testApp.request().get('/api/posts/labs')).body as { title: string }[]).map((post) => post.title);
      const first = await testApp.request().get('/api/posts/labs');
      expect(first.headers.etag).toMatch(/^"[\w-]+"$/);
      expect(first.headers['content-type']).toMatch(/^application\/json/);
      const unchanged = await testApp.request().get('/api/posts/labs').set('If-None-Match', first.headers.etag);
      expect(unchanged.status).toBe(304);

      const post = await createAs('admin', { section: 'labs', status: 'published', title: 'Listed at once' });
      expect(await titles()).toContain('Listed at once');
      const changed = await testApp.request().get('/api/posts/labs').set('If-None-Match', first.headers.etag);
      expect(changed.status).toBe(200);

      await agents.admin
        .put(`/api/admin/posts/${post.id}`)
        .send({ ...validPost, section: 'labs', slug: post.slug, title: 'Renamed at once', status: 'published' });
      expect(await titles()).toEqual(expect.arrayContaining(['Renamed at once']));
      expect(await titles()).not.toContain('Listed at once');

      expect((await agents.admin.delete(`/api/admin/posts/${post.id}`)).status).toBeLessThan(300);
      expect(await titles()).not.toContain('Renamed at once');
    });

    it('sends the stored brotli or gzip copy of the list to a client that accepts it, the same JSON as plain', async () => {
      const plain = await testApp.request().get('/api/posts/labs').set('Accept-Encoding', 'identity');
      expect(plain.headers['content-encoding']).toBeUndefined();
      // superagent decodes brotli and gzip itself: equal bodies mean the stored copies hold the same JSON.
      const encoded = (encoding: string) => testApp.request().get('/api/posts/labs').set('Accept-Encoding', encoding);
      const br = await encoded('br');
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toMatch(/Accept-Encoding/);
      expect(br.body).toEqual(plain.body);
      const gzip = await encoded('gzip');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gzip.body).toEqual(plain.body);
      // Each encoding is its own representation (RFC 9110): the same tag, marked per encoding.
      expect(gzip.headers.etag).toBe(String(plain.headers.etag).replace(/"$/, '-gz"'));
      expect(br.headers.etag).toBe(String(plain.headers.etag).replace(/"$/, '-br"'));
    });

    it('answers 404 JSON for a section other than labs or consulting', async () => {
      const response = await testApp.request().get('/api/posts/immersive');
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ statusCode: 404, error: messages.notFound });
    });

    it('answers a published post by section and exact slug, and 404 "Post not found" otherwise', async () => {
      const post = await createAs('admin', { status: 'published' });
      const found = await testApp.request().get(`/api/posts/labs/${post.slug}`);
      expect(found.status).toBe(200);
      expect(found.body.body).toBe(validPost.body);
      for (const path of [
        `/api/posts/consulting/${post.slug}`,
        `/api/posts/labs/${post.slug.toUpperCase()}`,
        '/api/posts/labs/no-such-post',
      ]) {
        const missing = await testApp.request().get(path);
        expect(missing.status).toBe(404);
        expect(missing.body).toEqual({ statusCode: 404, error: messages.postNotFound });
      }
    });

    it('shows a draft at its address to a signed-in staff member only (preview), never cached', async () => {
      const draft = await createAs('consultant');
      const anonymous = await testApp.request().get(`/api/posts/labs/${draft.slug}`);
      expect(anonymous.status).toBe(404);
      expect(anonymous.body.error).toBe(messages.postNotFound);
      const preview = await agents.consultant.get(`/api/posts/labs/${draft.slug}`);
      expect(preview.status).toBe(200);
      expect(preview.body.status).toBe('draft');
      expect(preview.headers['cache-control']).toBe('private, no-store');
      const publicList = await testApp.request().get('/api/posts/labs');
      expect(publicList.body.map((post: { id: string }) => post.id)).not.toContain(draft.id);
    });
  });
});

import sharp from 'sharp';
import {
  caseStudyMessages,
  mediaUploadHeader,
  messages,
  type AdminCaseStudy,
  type CaseStudyCardItem,
  type CaseStudyPreview,
  type MediaItem,
  type SaveCaseStudyRequest,
} from '@northbeam/common';
import { caseStudyRequest } from './factories/case-study.js';
import { createStaff, signedInAgent } from './factories/staff.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/** Starting an app on a fresh database can be slow on a busy machine (Jest's project testTimeout does not reach hooks). */
const hookTimeoutMs = 120_000;
type Agent = Awaited<ReturnType<typeof signedInAgent>>;

describe('Case studies in the admin', () => {
  let testApp: TestApp;
  let admin: Agent;
  let superAdmin: Agent;
  let consultant: Agent;

  async function contentVersion(): Promise<number> {
    const [row] = await testApp.dataSource.query<{ version: string }[]>(
      `SELECT version FROM content_version WHERE id = 1`,
    );
    return Number(row.version);
  }

  async function activity(targetId: string): Promise<string[]> {
    const rows = await testApp.dataSource.query<{ action: string }[]>(
      `SELECT action FROM staff_activity WHERE target_type = 'case_study' AND target_id = $1 ORDER BY at, id`,
      [targetId],
    );
    return rows.map((row) => row.action);
  }

  async function create(slug: string, overrides: Partial<SaveCaseStudyRequest> = {}): Promise<AdminCaseStudy> {
    const response = await admin.post('/api/admin/case-studies').send(caseStudyRequest(slug, overrides));
    if (response.status !== 201) throw new Error(`create failed: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body as AdminCaseStudy;
  }

  beforeAll(async () => {
    testApp = await createTestApp({ config: { seedContent: false } });
    await createStaff(testApp, 'admin');
    await createStaff(testApp, 'super_admin');
    await createStaff(testApp, 'consultant');
    admin = await signedInAgent(testApp, 'admin@northbeam.example');
    superAdmin = await signedInAgent(testApp, 'super-admin@northbeam.example');
    consultant = await signedInAgent(testApp, 'consultant@northbeam.example');
  }, hookTimeoutMs);

  afterAll(async () => {
    await testApp?.close();
  }, hookTimeoutMs);

  describe('the built-in case studies', () => {
    it('are six published rows in the database, with the special layouts of relative-probability and panaquest', async () => {
      const rows = await testApp.dataSource.query<{ slug: string; status: string }[]>(
        `SELECT slug, status FROM case_studies ORDER BY date DESC`,
      );
      expect(rows).toHaveLength(6);
      expect(rows.every((row) => row.status === 'published')).toBe(true);
      expect(rows.map((row) => row.slug)).toEqual(expect.arrayContaining(['relative-probability', 'panaquest']));
      const list = await admin.get('/api/admin/case-studies');
      expect(list.status).toBe(200);
      expect(list.body).toMatchObject({ total: 6, page: 1, pageSize: 15 });
    });
  });

  describe('creating', () => {
    it('creates a draft with every field, logs it, and keeps it off every public address', async () => {
      const before = await contentVersion();
      const created = await create('harbour-freight-draft');
      expect(created).toMatchObject({
        ...caseStudyRequest('harbour-freight-draft'),
        id: expect.any(String),
        status: 'draft',
      });
      expect(await contentVersion()).toBeGreaterThan(before);
      expect(await activity(created.id)).toEqual(['case_study.created']);

      const list = await testApp.request().get('/api/case-studies');
      expect((list.body as { slug: string }[]).map((item) => item.slug)).not.toContain('harbour-freight-draft');
      const page = await testApp.request().get('/api/case-studies/harbour-freight-draft');
      expect(page.status).toBe(404);
      expect(page.body).toEqual({ statusCode: 404, error: messages.caseStudyNotFound });
      const sitemap = await testApp.request().get('/sitemap.xml');
      expect(sitemap.text).toContain('/case-studies/panaquest');
      expect(sitemap.text).not.toContain('harbour-freight-draft');
    });

    it('shows a draft on its public address to an admin only, marked as a draft and never cached', async () => {
      const preview = await admin.get('/api/case-studies/harbour-freight-draft');
      expect(preview.status).toBe(200);
      expect(preview.body).toMatchObject({ slug: 'harbour-freight-draft', draft: true });
      expect(preview.headers['cache-control']).toBe('private, no-store');
      expect((await consultant.get('/api/case-studies/harbour-freight-draft')).status).toBe(404);
    });

    it('creates a case study straight into publication when asked, and logs it as published', async () => {
      const created = await create('harbour-freight-live', { status: 'published' });
      expect(created.status).toBe('published');
      expect(await activity(created.id)).toEqual(['case_study.published']);
      const page = await testApp.request().get('/api/case-studies/harbour-freight-live');
      expect(page.status).toBe(200);
      expect(page.body).not.toHaveProperty('draft');
      expect(page.body).not.toHaveProperty('status');
    });

    it('refuses a slug that another case study has with 409', async () => {
      const response = await admin.post('/api/admin/case-studies').send(caseStudyRequest('panaquest'));
      expect(response.status).toBe(409);
      expect(response.body).toEqual({ statusCode: 409, error: caseStudyMessages.slugTaken });
    });

    it.each([
      ['title', { title: '' }, 'title', caseStudyMessages.titleRequired],
      ['a long title', { title: 't'.repeat(201) }, 'title', caseStudyMessages.titleTooLong],
      ['a slug with capitals', { slug: 'Bad Slug' }, 'slug', messages.slugInvalid],
      ['the summary', { summary: '   ' }, 'summary', caseStudyMessages.summaryRequired],
      ['every service', { services: ['  '] }, 'services', caseStudyMessages.servicesRequired],
      ['a day that does not exist', { date: '2025-02-30' }, 'date', caseStudyMessages.dateInvalid],
      ['a year out of range', { date: '0999-01-01' }, 'date', caseStudyMessages.dateInvalid],
      ['a blank section', { outcomes_md: '\n\n' }, 'outcomes_md', caseStudyMessages.outcomesRequired],
      [
        'a metric label',
        { metrics: [{ value: '3x', label: '' }] },
        'metrics.0.label',
        caseStudyMessages.metricLabelRequired,
      ],
      [
        'too many metrics',
        { metrics: Array.from({ length: 13 }, () => ({ value: '1', label: 'One' })) },
        'metrics',
        caseStudyMessages.metricsInvalid,
      ],
      [
        'a script address for an image',
        { hero_image: 'javascript:alert(1)' },
        'hero_image',
        caseStudyMessages.imageAddressInvalid,
      ],
      [
        'a protocol-relative gallery image',
        { gallery: [{ src: '//evil.example/x.png', alt: 'x' }] },
        'gallery.0.src',
        caseStudyMessages.imageAddressInvalid,
      ],
      ['gallery alt text', { gallery: [{ src: '/x.png', alt: '' }] }, 'gallery.0.alt', caseStudyMessages.altRequired],
      [
        'a script link for the call to action',
        { cta: { label: 'Go', href: 'javascript:alert(1)' } },
        'cta.href',
        caseStudyMessages.ctaHrefInvalid,
      ],
      [
        'a call to action that is not an object',
        { cta: 'Go' as unknown as SaveCaseStudyRequest['cta'] },
        'cta',
        caseStudyMessages.ctaInvalid,
      ],
      [
        'a long SEO description',
        { seo: { title: '', description: 'd'.repeat(161), image: '' } },
        'seo.description',
        caseStudyMessages.seoDescriptionTooLong,
      ],
      [
        'a project link that is not a web address',
        { link: 'ftp://example.com' },
        'link',
        caseStudyMessages.linkInvalid,
      ],
      ['a line break in the title', { title: 'Two\nlines' }, 'title', messages.singleLineText],
    ])('refuses %s with 400 and a sentence for the field', async (_name, overrides, field, sentence) => {
      const response = await admin
        .post('/api/admin/case-studies')
        .send(caseStudyRequest('refused-case-study', overrides));
      expect(response.status).toBe(400);
      expect(response.body.fieldErrors[field]).toContain(sentence);
      expect(response.body.error).toEqual(expect.any(String));
    });
  });

  describe('site paths', () => {
    /** Every field that takes a path on this site, with the body that puts a value there and its sentence. */
    const sitePathFields: [string, (value: string) => Partial<SaveCaseStudyRequest>, string][] = [
      ['hero_image', (value) => ({ hero_image: value }), caseStudyMessages.imageAddressInvalid],
      ['gallery.0.src', (value) => ({ gallery: [{ src: value, alt: 'x' }] }), caseStudyMessages.imageAddressInvalid],
      [
        'seo.image',
        (value) => ({ seo: { title: '', description: '', image: value } }),
        caseStudyMessages.imageAddressInvalid,
      ],
      ['cta.href', (value) => ({ cta: { label: 'Go', href: value } }), caseStudyMessages.ctaHrefInvalid],
    ];
    /** Values a browser reads as another host: `/\host` is `//host`, and so is each once decoded or resolved. */
    const offSite = [
      '/\\evil.example',
      '/\\evil.example/x.png',
      '/%5Cevil.example',
      '/%5cevil.example/x.png',
      '/%2F%2Fevil.example',
      '/images/..//evil.example/x.png',
      '/images/%2e%2e//evil.example/x.png',
      '/images/%2E./%5Cevil.example',
      '//evil.example',
    ];

    it("refuses, with 400 and the field's sentence, every value a browser would read as another host, in every field that takes a site path", async () => {
      for (const [field, body, sentence] of sitePathFields) {
        for (const value of offSite) {
          const response = await admin
            .post('/api/admin/case-studies')
            .send(caseStudyRequest('off-site-path', body(value)));
          expect({ field, value, status: response.status, errors: response.body.fieldErrors?.[field] }).toEqual({
            field,
            value,
            status: 400,
            errors: expect.arrayContaining([sentence]),
          });
        }
      }
    });

    it('takes a path on this site in each of those fields', async () => {
      for (const [index, [field, body]] of sitePathFields.entries()) {
        const response = await admin
          .post('/api/admin/case-studies')
          .send(caseStudyRequest(`site-path-${index}`, body('/images/case-studies/panaquest/hero.svg')));
        expect({ field, status: response.status }).toEqual({ field, status: 201 });
        // The other tests count the case studies: this one leaves none behind.
        expect((await admin.delete(`/api/admin/case-studies/${(response.body as AdminCaseStudy).id}`)).status).toBe(
          204,
        );
      }
    });
  });

  describe('editing', () => {
    it('saves every field of a published case study and the public page shows the change at once', async () => {
      const list = await admin.get('/api/admin/case-studies?q=panaquest');
      const id = (list.body as { items: { id: string }[] }).items[0].id;
      const current = (await admin.get(`/api/admin/case-studies/${id}`)).body as AdminCaseStudy;
      const before = await contentVersion();
      const { id: _id, status: _status, createdAt: _createdAt, updatedAt: _updatedAt, ...fields } = current;
      const response = await admin.put(`/api/admin/case-studies/${id}`).send({
        ...fields,
        outcomes_md: `${current.outcomes_md}\n\nPartners now close 40% more workshops.`,
        metrics: [...current.metrics, { value: '40%', label: 'More workshops closed', context: '' }],
        tech: [' TypeScript ', 'typescript', 'Rust'],
      });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ status: 'published', tech: ['TypeScript', 'Rust'] });
      // An empty context is no context.
      expect((response.body as AdminCaseStudy).metrics.at(-1)).toEqual({
        value: '40%',
        label: 'More workshops closed',
      });
      expect(await contentVersion()).toBeGreaterThan(before);
      expect(await activity(id)).toEqual(['case_study.updated']);

      const page = await testApp.request().get('/api/case-studies/panaquest');
      expect(page.body.outcomes_md).toContain('Partners now close 40% more workshops.');
      expect(page.body.outcomes_md).toContain('<!-- gallery-split -->');
      expect(page.body.metrics).toContainEqual({ value: '40%', label: 'More workshops closed' });
    });

    it('refuses to take the slug of another case study with 409, and keeps the row as it was', async () => {
      const draft = (await admin.get('/api/admin/case-studies?q=harbour-freight-draft')).body.items[0] as {
        id: string;
      };
      const response = await admin.put(`/api/admin/case-studies/${draft.id}`).send(caseStudyRequest('panaquest'));
      expect(response.status).toBe(409);
      expect(response.body.error).toBe(caseStudyMessages.slugTaken);
      expect((await admin.get(`/api/admin/case-studies/${draft.id}`)).body.slug).toBe('harbour-freight-draft');
    });

    it('answers 404 "Case study not found" for an unknown or malformed id', async () => {
      for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
        const response = await admin.put(`/api/admin/case-studies/${id}`).send(caseStudyRequest('nowhere'));
        expect(response.status).toBe(404);
        expect(response.body).toEqual({ statusCode: 404, error: messages.caseStudyNotFound });
      }
    });
  });

  describe('media library images', () => {
    async function uploaded(alt: string): Promise<MediaItem> {
      const file = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#246' } })
        .png()
        .toBuffer();
      const response = await admin
        .post('/api/admin/media')
        .set(mediaUploadHeader.name, mediaUploadHeader.value)
        .field('alt', alt)
        .attach('file', file, 'library.png');
      expect(response.status).toBe(201);
      return response.body as MediaItem;
    }

    it('takes a library image as hero and in the gallery beside a built-in address, and the page gets their sizes', async () => {
      const hero = await uploaded('A depot at dusk');
      const shot = await uploaded('Planner screen');
      const created = await create('library-images', {
        status: 'published',
        hero_image: `/media/${hero.id}/1280.webp`,
        gallery: [
          { src: '/images/case-studies/panaquest/gallery-1.svg', alt: 'Depot map' },
          { src: `/media/${shot.id}/1280.webp`, alt: 'The planner', caption: 'Night view' },
        ],
      });
      expect(created.hero_image).toBe(`/media/${hero.id}/1280.webp`);

      const page = await testApp.request().get('/api/case-studies/library-images');
      expect(page.status).toBe(200);
      const body = page.body as CaseStudyPreview;
      expect(body.images).toEqual({
        [hero.id]: { id: hero.id, alt: 'A depot at dusk', width: 1600, height: 900, format: 'png' },
        [shot.id]: { id: shot.id, alt: 'Planner screen', width: 1600, height: 900, format: 'png' },
      });
      expect(body.gallery[0].src).toBe('/images/case-studies/panaquest/gallery-1.svg');
      // The public list gives a library hero image its size, for the card; a built-in one stays an address.
      const cards = (await testApp.request().get('/api/case-studies')).body as CaseStudyCardItem[];
      expect(cards.find((card) => card.slug === 'library-images')?.hero).toEqual(body.images[hero.id]);
      expect(cards.find((card) => card.slug === 'panaquest')).not.toHaveProperty('hero');
      const builtIn = await testApp.request().get('/api/case-studies/panaquest');
      expect(builtIn.body.images).toEqual({});
      // The admin list below counts the rows.
      expect((await admin.delete(`/api/admin/case-studies/${created.id}`)).status).toBe(204);
    });

    it('refuses a library address whose image is not in the library with 400 under its field', async () => {
      const missing = '00000000-0000-4000-8000-000000000000';
      const response = await admin.post('/api/admin/case-studies').send(
        caseStudyRequest('missing-library-image', {
          hero_image: `/media/${missing}/1280.webp`,
          gallery: [{ src: `/media/${missing}/640.webp`, alt: 'Gone' }],
        }),
      );
      expect(response.status).toBe(400);
      expect(response.body.fieldErrors).toEqual({
        hero_image: [caseStudyMessages.imageNotInLibrary],
        'gallery.0.src': [caseStudyMessages.imageNotInLibrary],
      });
    });
  });

  describe('revisions', () => {
    type Summary = { id: string; title: string; author: { name: string } | null; restoredFrom: { id: string } | null };

    it('keeps a revision of every save, shows one with its fields, and restores it as a new, logged save', async () => {
      const created = await create('revised-study', { status: 'published' });
      const edited = await admin.put(`/api/admin/case-studies/${created.id}`).send(
        caseStudyRequest('revised-study', {
          title: 'Harbour Freight, revised',
          outcomes_md: 'A fifth fewer empty miles.',
        }),
      );
      expect(edited.status).toBe(200);

      const list = await admin.get(`/api/admin/case-studies/${created.id}/revisions`);
      expect(list.status).toBe(200);
      const items = list.body.items as Summary[];
      expect(items.map((item) => [item.title, item.author?.name])).toEqual([
        ['Harbour Freight, revised', 'Test admin'],
        ['Harbour Freight: a routing engine for night shifts', 'Test admin'],
      ]);
      const first = await admin.get(`/api/admin/case-studies/${created.id}/revisions/${items[1].id}`);
      expect(first.status).toBe(200);
      expect(first.body.fields).toEqual(caseStudyRequest('revised-study'));

      const before = await contentVersion();
      const restored = await admin.post(`/api/admin/case-studies/${created.id}/revisions/${items[1].id}/restore`);
      expect(restored.status).toBe(200);
      expect(restored.body).toMatchObject({
        title: 'Harbour Freight: a routing engine for night shifts',
        status: 'published',
      });
      expect(restored.body.outcomes_md).toBe(caseStudyRequest('revised-study').outcomes_md);
      expect(await contentVersion()).toBeGreaterThan(before);
      expect(await activity(created.id)).toEqual(['case_study.published', 'case_study.updated', 'case_study.restored']);
      const after = (await admin.get(`/api/admin/case-studies/${created.id}/revisions`)).body.items as Summary[];
      expect(after).toHaveLength(3);
      expect(after[0].restoredFrom?.id).toBe(items[1].id);
      const page = await testApp.request().get('/api/case-studies/revised-study');
      expect(page.body.title).toBe('Harbour Freight: a routing engine for night shifts');

      expect((await admin.get(`/api/admin/case-studies/${created.id}/revisions/not-a-revision`)).status).toBe(404);
      expect((await consultant.get(`/api/admin/case-studies/${created.id}/revisions`)).status).toBe(403);
      expect(
        (await consultant.post(`/api/admin/case-studies/${created.id}/revisions/${items[1].id}/restore`)).status,
      ).toBe(403);

      expect((await admin.delete(`/api/admin/case-studies/${created.id}`)).status).toBe(204);
      const left = await testApp.dataSource.query<{ count: number }[]>(
        `SELECT count(*)::int AS "count" FROM "content_revisions" WHERE "kind" = 'case-study' AND "entity_id" = $1`,
        [created.id],
      );
      expect(left[0].count).toBe(0);
    });

    it('keeps the earlier state of a built-in case study on its first save, so that the edit can be undone', async () => {
      const [row] = await testApp.dataSource.query<{ id: string }[]>(
        `SELECT id FROM case_studies WHERE slug = 'relative-probability'`,
      );
      const original = (await admin.get(`/api/admin/case-studies/${row.id}`)).body as AdminCaseStudy;
      const { id: _id, status: _status, createdAt: _created, updatedAt: _updated, ...fields } = original;
      expect(
        (await admin.put(`/api/admin/case-studies/${row.id}`).send({ ...fields, summary: 'Changed for a moment.' }))
          .status,
      ).toBe(200);
      const items = (await admin.get(`/api/admin/case-studies/${row.id}/revisions`)).body.items as Summary[];
      expect(items.map((item) => item.author?.name ?? null)).toEqual(['Test admin', null]);
      const restored = await admin.post(`/api/admin/case-studies/${row.id}/revisions/${items[1].id}/restore`);
      expect(restored.body.summary).toBe(original.summary);
      expect(restored.body.gallery).toEqual(original.gallery);
    });
  });

  describe('publishing', () => {
    it('publishes a draft: it joins the public list, the sitemap and the og-image, and the log says so once', async () => {
      const draft = await create('quayside-draft', {
        title: 'Quayside: cranes that plan themselves',
        date: '2019-03-04',
      });
      // A draft's social image is the site's general card: its title shows nowhere.
      const generalCard = (await testApp.request().get('/api/og-image/no-such-page')).body as Buffer;
      const draftCard = (await testApp.request().get('/api/og-image/case-studies-quayside-draft')).body as Buffer;
      expect(draftCard.equals(generalCard)).toBe(true);
      const published = await superAdmin.post(`/api/admin/case-studies/${draft.id}/publish`);
      expect(published.status).toBe(200);
      expect(published.body.status).toBe('published');
      // Publishing what is already published changes nothing and logs nothing.
      expect((await superAdmin.post(`/api/admin/case-studies/${draft.id}/publish`)).status).toBe(200);
      expect(await activity(draft.id)).toEqual(['case_study.created', 'case_study.published']);

      const list = await testApp.request().get('/api/case-studies');
      expect((list.body as { slug: string }[]).map((item) => item.slug)).toContain('quayside-draft');
      expect((await testApp.request().get('/sitemap.xml')).text).toContain('/case-studies/quayside-draft');
      const publishedCard = (await testApp.request().get('/api/og-image/case-studies-quayside-draft')).body as Buffer;
      expect(publishedCard.equals(generalCard)).toBe(false);
    });

    it('unpublishes: the public page answers 404 again and the log says so', async () => {
      const row = (await admin.get('/api/admin/case-studies?q=quayside')).body.items[0] as { id: string };
      const response = await admin.post(`/api/admin/case-studies/${row.id}/unpublish`);
      expect(response.status).toBe(200);
      expect(response.body.status).toBe('draft');
      expect((await testApp.request().get('/api/case-studies/quayside-draft')).status).toBe(404);
      expect(await activity(row.id)).toEqual(['case_study.created', 'case_study.published', 'case_study.unpublished']);
    });
  });

  describe('the admin list', () => {
    it('filters by status and searches title, client and sector, fifteen to a page', async () => {
      const drafts = await admin.get('/api/admin/case-studies?status=draft');
      expect((drafts.body.items as { status: string }[]).every((item) => item.status === 'draft')).toBe(true);
      expect((drafts.body.items as { slug: string }[]).map((item) => item.slug)).toEqual(
        expect.arrayContaining(['harbour-freight-draft', 'quayside-draft']),
      );
      const search = await admin.get('/api/admin/case-studies?q=LOGISTICS');
      expect((search.body.items as { slug: string }[]).map((item) => item.slug).sort()).toEqual([
        'harbour-freight-draft',
        'harbour-freight-live',
        'quayside-draft',
      ]);
      const literal = await admin.get(`/api/admin/case-studies?q=${encodeURIComponent('100%')}`);
      expect(literal.body.total).toBe(0);
      const second = await admin.get('/api/admin/case-studies?page=2');
      expect(second.body).toMatchObject({ page: 2, pageSize: 15, items: [] });
    });

    it('tells an admin every action on each row and on the case study; a consultant is offered none and refused', async () => {
      const everything = ['edit', 'publish', 'unpublish', 'delete'];
      const listed = (await admin.get('/api/admin/case-studies')).body as { items: AdminCaseStudy[] };
      expect(listed.items.length).toBeGreaterThan(0);
      for (const item of listed.items) expect(item.actions).toEqual(everything);
      const detail = (await admin.get(`/api/admin/case-studies/${listed.items[0].id}`)).body as AdminCaseStudy;
      expect(detail.actions).toEqual(everything);
      const refused = await consultant.get('/api/admin/case-studies');
      expect(refused.body).toEqual({ statusCode: 403, error: messages.forbidden });
      const publishing = await consultant.post(`/api/admin/case-studies/${listed.items[0].id}/publish`);
      expect(publishing.body).toEqual({ statusCode: 403, error: messages.forbidden });
    });

    it('refuses an unknown status filter with 400 and a sentence', async () => {
      const response = await admin.get('/api/admin/case-studies?status=archived');
      expect(response.status).toBe(400);
      expect(response.body.error).toBe(caseStudyMessages.statusInvalid);
    });
  });

  describe('deleting', () => {
    it('deletes a case study for good, logs it, and its page answers 404', async () => {
      const row = (await admin.get('/api/admin/case-studies?q=harbour-freight-live')).body.items[0] as { id: string };
      const before = await contentVersion();
      const response = await admin.delete(`/api/admin/case-studies/${row.id}`);
      expect(response.status).toBe(204);
      expect(await contentVersion()).toBeGreaterThan(before);
      expect(await activity(row.id)).toEqual(['case_study.published', 'case_study.deleted']);
      expect((await testApp.request().get('/api/case-studies/harbour-freight-live')).status).toBe(404);
      expect((await admin.get(`/api/admin/case-studies/${row.id}`)).status).toBe(404);
    });
  });

  describe('permissions', () => {
    it('refuses a consultant every case study call with 403, and changes nothing', async () => {
      const row = (await admin.get('/api/admin/case-studies?q=panaquest')).body.items[0] as { id: string };
      const calls = [
        consultant.get('/api/admin/case-studies'),
        consultant.get(`/api/admin/case-studies/${row.id}`),
        consultant.post('/api/admin/case-studies').send(caseStudyRequest('consultant-made')),
        consultant
          .put(`/api/admin/case-studies/${row.id}`)
          .send(caseStudyRequest('panaquest', { title: 'Changed by a consultant' })),
        consultant.post(`/api/admin/case-studies/${row.id}/unpublish`),
        consultant.delete(`/api/admin/case-studies/${row.id}`),
      ];
      for (const response of await Promise.all(calls)) {
        expect(response.status).toBe(403);
        expect(response.body).toEqual({ statusCode: 403, error: messages.forbidden });
      }
      const page = await testApp.request().get('/api/case-studies/panaquest');
      expect(page.status).toBe(200);
      expect(page.body.title).not.toBe('Changed by a consultant');
    });

    it('asks a signed-out caller to sign in', async () => {
      const response = await testApp.request().get('/api/admin/case-studies');
      expect(response.status).toBe(401);
    });
  });

  describe('publishing with the save', () => {
    it('saves the fields and the chosen status in one PUT, as a post does, and logs both', async () => {
      const draft = await create('lighthouse-draft', { title: 'Lighthouse: a draft' });
      const published = await admin
        .put(`/api/admin/case-studies/${draft.id}`)
        .send(caseStudyRequest('lighthouse-draft', { title: 'Lighthouse: live now', status: 'published' }));
      expect(published.status).toBe(200);
      expect(published.body).toMatchObject({ status: 'published', title: 'Lighthouse: live now' });
      const page = await testApp.request().get('/api/case-studies/lighthouse-draft');
      expect(page.status).toBe(200);
      expect(page.body.title).toBe('Lighthouse: live now');
      // One transaction writes both lines: they share a time, so their order is not asserted.
      expect((await activity(draft.id)).sort()).toEqual([
        'case_study.created',
        'case_study.published',
        'case_study.updated',
      ]);

      // A save without a status keeps the one it has.
      const kept = await admin
        .put(`/api/admin/case-studies/${draft.id}`)
        .send(caseStudyRequest('lighthouse-draft', { title: 'Lighthouse: still live' }));
      expect(kept.body.status).toBe('published');

      // A save that only changes the status is that one line, with no revision of unchanged fields.
      const revisionsBefore = (await admin.get(`/api/admin/case-studies/${draft.id}/revisions`)).body.items.length;
      const unpublished = await admin
        .put(`/api/admin/case-studies/${draft.id}`)
        .send(caseStudyRequest('lighthouse-draft', { title: 'Lighthouse: still live', status: 'draft' }));
      expect(unpublished.body.status).toBe('draft');
      expect((await testApp.request().get('/api/case-studies/lighthouse-draft')).status).toBe(404);
      expect((await admin.get(`/api/admin/case-studies/${draft.id}/revisions`)).body.items).toHaveLength(
        revisionsBefore,
      );
      expect((await activity(draft.id)).sort()).toEqual([
        'case_study.created',
        'case_study.published',
        'case_study.unpublished',
        'case_study.updated',
        'case_study.updated',
      ]);
    });

    it('refuses a status it does not know with a sentence, and changes nothing', async () => {
      const draft = await create('lighthouse-odd');
      const response = await admin
        .put(`/api/admin/case-studies/${draft.id}`)
        .send({ ...caseStudyRequest('lighthouse-odd'), status: 'archived' });
      expect(response.status).toBe(400);
      expect((await admin.get(`/api/admin/case-studies/${draft.id}`)).body.status).toBe('draft');
    });

    it('answers the old publish and unpublish routes with Deprecation, Sunset and the successor', async () => {
      const draft = await create('lighthouse-legacy');
      for (const route of ['publish', 'unpublish']) {
        const response = await admin.post(`/api/admin/case-studies/${draft.id}/${route}`);
        expect(response.status).toBe(200);
        expect(response.headers.deprecation).toMatch(/^@\d+$/);
        expect(new Date(response.headers.sunset).getTime()).toBeGreaterThan(Date.now());
        expect(response.headers.link).toContain('rel="successor-version"');
      }
    });
  });
});

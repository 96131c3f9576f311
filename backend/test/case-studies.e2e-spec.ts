import { createTestApp, type TestApp } from './helpers/test-app.js';

describe('Case studies API', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp();
  }, 60_000);

  afterAll(async () => {
    await testApp?.close();
  }, 60_000);

  describe('GET /api/case-studies', () => {
    it('lists the built-in case studies with index fields only, newest date first', async () => {
      const response = await testApp.request().get('/api/case-studies');
      expect(response.status).toBe(200);
      const list = response.body as Record<string, unknown>[];
      expect(list.length).toBeGreaterThanOrEqual(6);
      for (const item of list) {
        expect(Object.keys(item).sort()).toEqual([
          'client',
          'hero_image',
          'sector',
          'services',
          'slug',
          'summary',
          'title',
        ]);
      }
      const slugs = list.map((item) => item.slug);
      expect(slugs).toEqual(expect.arrayContaining(['relative-probability', 'panaquest']));
      const rows = await testApp.dataSource.query<{ slug: string }[]>(
        `SELECT slug FROM case_studies ORDER BY date DESC`,
      );
      expect(slugs).toEqual(rows.map((row) => row.slug));
    });

    it('orders a newly added, more recent case study first', async () => {
      await testApp.dataSource.query(
        `INSERT INTO case_studies (slug, title, summary, hero_image, client, sector, services, date, problem_md, approach_md, solution_md, outcomes_md, cta, seo)
         VALUES ('future-build', 'Future build', 'Summary', '/images/x.svg', 'Client', 'Space', '["Labs"]', '2099-01-01', 'p', 'a', 's', 'o',
                 '{"label":"Go","href":"/contact"}', '{"title":"t","description":"d","image":"/i.svg"}')`,
      );
      const response = await testApp.request().get('/api/case-studies');
      expect((response.body as { slug: string }[])[0].slug).toBe('future-build');
      await testApp.dataSource.query(`DELETE FROM case_studies WHERE slug = 'future-build'`);
    });
  });

  describe('GET /api/case-studies/:slug', () => {
    it('answers one case study with every field', async () => {
      const response = await testApp.request().get('/api/case-studies/panaquest');
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        slug: 'panaquest',
        client: 'PanaQuest',
        date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        services: expect.any(Array),
        tech: expect.any(Array),
        problem_md: expect.any(String),
        approach_md: expect.any(String),
        solution_md: expect.any(String),
        outcomes_md: expect.stringContaining('<!-- gallery-split -->'),
        metrics: expect.arrayContaining([
          expect.objectContaining({ value: expect.any(String), label: expect.any(String) }),
        ]),
        gallery: expect.arrayContaining([
          expect.objectContaining({ src: expect.stringMatching(/^\/images\//), alt: expect.any(String) }),
        ]),
        cta: { label: expect.any(String), href: expect.any(String) },
        seo: { title: expect.any(String), description: expect.any(String), image: expect.any(String) },
        link: 'https://panaquest.example',
      });
    });

    it('answers 404 "Case study not found" for an unknown slug', async () => {
      const response = await testApp.request().get('/api/case-studies/no-such-study');
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ statusCode: 404, error: 'Case study not found' });
    });
  });
});

import Parser from 'rss-parser';
import type { PostPage } from '@northbeam/common';
import { createStaff, signedInAgent } from './factories/staff.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

type Agent = Awaited<ReturnType<typeof signedInAgent>>;

describe('Public blog API and crawler documents', () => {
  let testApp: TestApp;
  let admin: Agent;

  async function publish(title: string, section: 'labs' | 'consulting', status = 'published') {
    const slug = title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
    const response = await admin.post('/api/admin/posts').send({
      title,
      slug,
      excerpt: `About ${title}.`,
      body: `# ${title}\n\nText.`,
      section,
      status,
      tags: ['testing'],
      authorName: section === 'labs' ? 'Ada Builder' : 'Grace Advisor',
    });
    expect(response.status).toBe(201);
    return response.body as { id: string; slug: string };
  }

  beforeAll(async () => {
    testApp = await createTestApp({ config: { seedContent: false } });
    await createStaff(testApp, 'admin');
    admin = await signedInAgent(testApp, 'admin@northbeam.example');
    for (let index = 1; index <= 20; index += 1) await publish(`Labs note ${index}`, 'labs');
    for (let index = 1; index <= 12; index += 1) await publish(`Consulting brief ${index}`, 'consulting');
    await publish('Unfinished draft', 'labs', 'draft');
  });

  afterAll(async () => {
    await testApp?.close();
  });

  describe('GET /api/posts', () => {
    it('pages both sections newest first, 15 a page, without bodies or drafts', async () => {
      const response = await testApp.request().get('/api/posts');
      expect(response.status).toBe(200);
      const page = response.body as PostPage;
      expect(page).toMatchObject({ total: 32, page: 1, pageSize: 15, totalPages: 3 });
      expect(page.items).toHaveLength(15);
      expect(page.items[0].title).toBe('Consulting brief 12');
      expect(page.items.every((item) => !('body' in item))).toBe(true);
      const times = page.items.map((item) => Date.parse(item.createdAt));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
      const last = (await testApp.request().get('/api/posts?page=3')).body as PostPage;
      expect(last.items).toHaveLength(2);
      expect(last.items.map((item) => item.title)).not.toContain('Unfinished draft');
    });

    it('filters by section', async () => {
      const page = (await testApp.request().get('/api/posts?section=consulting&pageSize=50')).body as PostPage;
      expect(page.total).toBe(12);
      expect(page.items.every((item) => item.section === 'consulting')).toBe(true);
    });

    it('searches title, excerpt, author name and section, case-insensitively', async () => {
      const byTitle = (await testApp.request().get('/api/posts?search=LABS%20NOTE%201')).body as PostPage;
      expect(byTitle.items.map((item) => item.title).sort()).toEqual(
        [
          'Labs note 1',
          'Labs note 10',
          'Labs note 11',
          'Labs note 12',
          'Labs note 13',
          'Labs note 14',
          'Labs note 15',
          'Labs note 16',
          'Labs note 17',
          'Labs note 18',
          'Labs note 19',
        ].sort(),
      );
      expect(((await testApp.request().get('/api/posts?search=grace')).body as PostPage).total).toBe(12);
      expect(((await testApp.request().get('/api/posts?search=consulting')).body as PostPage).total).toBe(12);
      expect(((await testApp.request().get('/api/posts?search=%25')).body as PostPage).total).toBe(0);
    });

    it('refuses bad paging values with 400 and a sentence', async () => {
      const response = await testApp.request().get('/api/posts?page=0&pageSize=500&section=news');
      expect(response.status).toBe(400);
      expect(Object.keys(response.body.fieldErrors).sort()).toEqual(['page', 'pageSize', 'section']);
    });
  });

  describe('GET /sitemap.xml', () => {
    it('lists the public pages, the team and every published post, and no draft', async () => {
      const response = await testApp.request().get('/sitemap.xml');
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toMatch(/application\/xml/);
      const locations = [...response.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
      expect(locations).toContain('http://localhost:3000/');
      expect(locations).toContain('http://localhost:3000/blog/consulting');
      expect(locations).toContain('http://localhost:3000/data-deletion');
      expect(locations).toContain('http://localhost:3000/data-access');
      expect(locations).toContain('http://localhost:3000/team/helena-marsh');
      expect(locations.filter((location) => /\/blog\/(labs|consulting)\/.+/.test(location))).toHaveLength(32);
      expect(locations).not.toContain('http://localhost:3000/blog/labs/unfinished-draft');
    });
  });

  describe('GET /robots.txt', () => {
    it('keeps crawlers out of the admin and the API and names the sitemap', async () => {
      const response = await testApp.request().get('/robots.txt');
      expect(response.status).toBe(200);
      expect(response.text).toContain('Disallow: /admin');
      expect(response.text).toContain('Disallow: /api');
      expect(response.text).toContain('Sitemap: http://localhost:3000/sitemap.xml');
    });
  });

  describe('GET /rss.xml', () => {
    it('is RSS 2.0 that a feed reader parses, with both sections newest first', async () => {
      const response = await testApp.request().get('/rss.xml');
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toMatch(/application\/rss\+xml/);
      const feed = await new Parser().parseString(response.text);
      expect(feed.items).toHaveLength(32);
      expect(feed.items[0].title).toBe('Consulting brief 12');
      expect(feed.items[0].link).toBe('http://localhost:3000/blog/consulting/consulting-brief-12');
      expect(feed.items.map((item) => item.title)).not.toContain('Unfinished draft');
      expect(feed.items.some((item) => item.link?.includes('/blog/labs/'))).toBe(true);
    });
  });

  describe('GET /api/og-image/{slug}', () => {
    it('answers a 1200x630 PNG for a post, a page and an unknown slug', async () => {
      for (const slug of ['labs-note-3', 'about', 'no-such-thing']) {
        const response = await testApp
          .request()
          .get(`/api/og-image/${slug}`)
          .buffer(true)
          .parse((res, done) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => done(null, Buffer.concat(chunks)));
          });
        expect(response.status).toBe(200);
        expect(response.headers['content-type']).toBe('image/png');
        const png = response.body as Buffer;
        expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
        expect(png.readUInt32BE(16)).toBe(1200);
        expect(png.readUInt32BE(20)).toBe(630);
      }
    });
  });
});

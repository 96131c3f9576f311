import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import {
  emptyImportCounts,
  importLimits,
  importMessages,
  type ImportJob,
  type ImportPreview,
  type MediaListItem,
  type ListPage,
  type Post,
} from '@northbeam/common';
import { APP_CONFIG, type AppConfig } from '../src/core/config/config.js';
import { ImportRunner } from '../src/modules/imports/import-runner.js';
import { ImportsRepository } from '../src/modules/imports/imports.repository.js';
import { readImportFile } from '../src/modules/imports/formats/read-import-file.js';
import { importFinished, postImport, smallGhostExport } from './factories/imports.js';
import { createStaff, signedInAgent } from './factories/staff.js';
import { sharedFixture } from './helpers/shared-fixtures.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const hookTimeoutMs = 180_000;
type Agent = Awaited<ReturnType<typeof signedInAgent>>;

const wordpress = sharedFixture('wordpress-theme-unit-test.xml');
const ghost = sharedFixture('ghost-5.130-export.json');

/** Two posts in one Ghost export: `resumed-first` and `resumed-second`. */
function twoPostGhostExport(): Buffer {
  const one = JSON.parse(smallGhostExport({ slug: 'resumed-first' }).toString()) as {
    db: { data: { posts: unknown[] } }[];
  };
  const two = JSON.parse(smallGhostExport({ slug: 'resumed-second' }).toString()) as typeof one;
  one.db[0].data.posts.push(...two.db[0].data.posts);
  return Buffer.from(JSON.stringify(one));
}

describe('Imports (WordPress and Ghost)', () => {
  let testApp: TestApp;
  let admin: Agent;
  let consultant: Agent;
  let imageServer: http.Server;
  let imageBase: string;
  let image: Buffer;

  /** What the site holds that an import could change: posts, redirects, media, jobs. */
  async function siteCounts() {
    const [row] = await testApp.dataSource.query<Record<string, string>[]>(
      `SELECT (SELECT count(*) FROM "posts") AS posts, (SELECT count(*) FROM "redirects") AS redirects,
              (SELECT count(*) FROM "media") AS media, (SELECT count(*) FROM "import_jobs") AS jobs`,
    );
    return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, Number(value)]));
  }

  async function imported(file: Buffer, filename: string, sections?: Record<string, string>): Promise<ImportJob> {
    const started = await postImport(admin, file, filename, { sections });
    expect(started.status).toBe(202);
    expect(started.body).toEqual({ id: expect.any(String) });
    return importFinished(admin, started.body.id as string);
  }

  const article = (section: string, slug: string) => testApp.request().get(`/api/posts/${section}/${slug}`);

  beforeAll(async () => {
    image = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2a6' } })
      .png()
      .toBuffer();
    imageServer = http.createServer((request, response) => {
      if (request.url === '/photo.png') {
        response.writeHead(200, { 'content-type': 'image/png' });
        response.end(image);
      } else if (request.url === '/elsewhere.png') {
        response.writeHead(302, { location: '/photo.png' });
        response.end();
      } else {
        response.writeHead(404);
        response.end();
      }
    });
    await new Promise<void>((resolve) => imageServer.listen(0, '127.0.0.1', resolve));
    imageBase = `http://127.0.0.1:${(imageServer.address() as AddressInfo).port}`;
    testApp = await createTestApp({ config: { seedContent: false, importAllowPrivate: false } });
    await createStaff(testApp, 'admin');
    await createStaff(testApp, 'consultant');
    admin = await signedInAgent(testApp, 'admin@northbeam.example');
    consultant = await signedInAgent(testApp, 'consultant@northbeam.example');
  }, hookTimeoutMs);

  afterAll(async () => {
    await testApp?.close();
    await new Promise((resolve) => imageServer?.close(resolve));
  }, hookTimeoutMs);

  describe('refusals: nothing is written', () => {
    it('refuses an XML bomb, a file of neither format, truncated files and an empty upload with a sentence', async () => {
      const before = await siteCounts();
      const bomb = Buffer.from(`<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol9 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
]>
<rss xmlns:wp="https://wordpress.org/export/1.2/"><channel><item><title>&lol9;</title><wp:post_type>post</wp:post_type></item></channel></rss>`);
      const cases: [Buffer, string, number, string][] = [
        [bomb, 'bomb.xml', 422, importMessages.xmlEntities],
        [Buffer.from('name,email\nAda,ada@example.com\n'), 'people.csv', 422, importMessages.notAFormat],
        [Buffer.from('{"hello":"world"}'), 'other.json', 422, importMessages.notAFormat],
        [wordpress.subarray(0, Math.floor(wordpress.length * 0.6)), 'cut.xml', 422, importMessages.truncated],
        [ghost.subarray(0, Math.floor(ghost.length * 0.6)), 'cut.json', 422, importMessages.truncated],
      ];
      for (const [file, name, status, sentence] of cases) {
        for (const dryRun of [true, false]) {
          const response = await postImport(admin, file, name, { dryRun });
          expect({ name, dryRun, status: response.status, error: response.body.error }).toEqual({
            name,
            dryRun,
            status,
            error: sentence,
          });
          expect(response.body.statusCode).toBe(status);
        }
      }
      const missing = await admin
        .post('/api/admin/imports')
        .set('x-requested-with', 'northbeam-upload')
        .field('dryRun', 'true');
      expect(missing.status).toBe(400);
      expect(missing.body.error).toBe(importMessages.fileRequired);
      const badMapping = await postImport(admin, ghost, 'ghost.json', { sections: { News: 'sport' } });
      expect(badMapping.status).toBe(400);
      expect(badMapping.body.error).toBe(importMessages.mappingInvalid);
      expect(await siteCounts()).toEqual(before);
    });

    it('refuses a file over the cap with 413 while it streams in', async () => {
      const before = await siteCounts();
      const response = await postImport(admin, Buffer.alloc(importLimits.fileMaxBytes + 1024, 0x20), 'huge.xml');
      expect(response.status).toBe(413);
      expect(response.body.error).toBe(importMessages.tooLarge);
      expect(await siteCounts()).toEqual(before);
    });

    it('is for admins only: a consultant is refused (403)', async () => {
      const response = await postImport(consultant, smallGhostExport(), 'ghost.json', { dryRun: true });
      expect(response.status).toBe(403);
      expect((await consultant.get('/api/admin/imports/00000000-0000-4000-8000-000000000000')).status).toBe(403);
      expect((await admin.get('/api/admin/imports/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    });
  });

  describe('the Ghost fixture into an empty site', () => {
    let job: ImportJob;

    it('answers a dry run with counts, categories and their default sections, and writes nothing', async () => {
      const before = await siteCounts();
      const response = await postImport(admin, ghost, 'ghost-5.130-export.json', { dryRun: true });
      expect(response.status).toBe(200);
      const preview = response.body as ImportPreview;
      expect(preview.kind).toBe('ghost');
      expect(preview.counts.posts).toEqual({ imported: 11, skipped: 0, failed: 0 });
      expect(preview.statuses).toEqual({ published: 10, draft: 1 });
      expect(preview.counts.redirects.imported).toBe(10);
      expect(preview.categories).toEqual(
        expect.arrayContaining([
          { name: 'Labs', posts: 4, section: 'labs' },
          { name: 'Consulting', posts: 4, section: 'consulting' },
          { name: 'Data', posts: 1, section: 'consulting' },
        ]),
      );
      expect(preview.images).toBe(1);
      expect(preview.problems).toContain(
        "1 page not imported: only posts are imported (the site's own pages are not editable content).",
      );
      expect(await siteCounts()).toEqual(before);
    });

    it('imports posts, tags, authors, dates, excerpts and meta descriptions; the unreachable image is a problem', async () => {
      job = await imported(ghost, 'ghost-5.130-export.json', { Data: 'labs' });
      expect(job.state).toBe('done');
      expect(job.progress).toEqual({ done: 11, total: 11 });
      expect(job.counts.posts).toEqual({ imported: 11, skipped: 0, failed: 0 });
      expect(job.counts.images).toEqual({ imported: 0, skipped: 0, failed: 1 });
      expect(job.counts.authors).toEqual({ imported: 1, skipped: 0, failed: 0 });
      expect(job.counts.tags.imported).toBe(6);
      expect(job.problems).toEqual(
        expect.arrayContaining([
          expect.stringMatching(
            /^The image https:\/\/images\.invalid\/service-design\.jpg \(in “.+”\) could not be brought into the media library: its server could not be reached\. The post keeps its original address\.$/,
          ),
          'The author “SBS Owner” matches no team member: their posts show the name only (link a team member in the editor).',
        ]),
      );

      const regulated = await article('consulting', 'service-design-regulated');
      expect(regulated.status).toBe(200);
      const post = regulated.body as Post;
      expect(post.excerpt).toBe('Evidence duties shape a regulated service from its first sketch.');
      expect(post.metaDescription).toBe('How regulation shapes service design.');
      expect(post.tags).toEqual(['Service Design', 'Regulation']);
      expect(post.authorName).toBe('SBS Owner');
      expect(post.createdAt).toBe('2024-03-12T09:00:00.000Z');
      expect(post.publishedAt).toBe('2024-03-12T09:00:00.000Z');
      // The chosen mapping: Data went to Labs.
      expect((await article('labs', 'data-platform-ninety-days')).status).toBe(200);
      expect((await article('labs', 'measuring-ai-pilots')).status).toBe(200);
      // The draft is a draft: readers do not see it.
      expect((await article('consulting', 'notes-on-procurement')).status).toBe(404);
      const [draft] = await testApp.dataSource.query<{ status: string }[]>(
        `SELECT "status" FROM "posts" WHERE "slug" = 'notes-on-procurement'`,
      );
      expect(draft.status).toBe('draft');
    });

    it('keeps old addresses: /{slug}/ answers 301 to the new article', async () => {
      const answer = await testApp.request().get('/service-design-regulated/');
      expect(answer.status).toBe(301);
      expect(answer.headers.location).toBe('/blog/consulting/service-design-regulated');
      expect(job.counts.redirects).toEqual({ imported: 10, skipped: 0, failed: 0 });
    });

    it('imports the same file again with nothing new', async () => {
      const before = await siteCounts();
      const preview = (await postImport(admin, ghost, 'ghost-5.130-export.json', { dryRun: true }))
        .body as ImportPreview;
      expect(preview.counts.posts).toEqual({ imported: 0, skipped: 11, failed: 0 });
      const again = await imported(ghost, 'ghost-5.130-export.json', { Data: 'labs' });
      expect(again.counts.posts).toEqual({ imported: 0, skipped: 11, failed: 0 });
      expect(again.counts.redirects).toEqual({ imported: 0, skipped: 10, failed: 0 });
      expect(again.counts.images).toEqual({ imported: 0, skipped: 0, failed: 0 });
      expect(await siteCounts()).toEqual({ ...before, jobs: before.jobs + 1 });
    });

    it('writes one activity line per run, with who, the file and the counts', async () => {
      const rows = await testApp.dataSource.query<{ actor_name: string; target_label: string }[]>(
        `SELECT "actor_name", "target_label" FROM "staff_activity" WHERE "action" = 'import.completed' ORDER BY "at"`,
      );
      expect(rows).toHaveLength(2);
      expect(rows[0].target_label).toMatch(/^ghost-5\.130-export\.json: posts 11 imported, 0 skipped, 0 failed;/);
      expect(rows[0].actor_name).toBeTruthy();
    });
  });

  describe('the WordPress fixture into an empty site', () => {
    let job: ImportJob;
    beforeAll(async () => {
      await testApp.dataSource.query(`DELETE FROM "redirects"`);
      await testApp.dataSource.query(`DELETE FROM "post_redirects"`);
      await testApp.dataSource.query(`DELETE FROM "posts"`);
    }, hookTimeoutMs);

    it('imports published posts, the draft, dates, sections, tags, authors and redirects; images are problems', async () => {
      job = await imported(wordpress, 'wordpress-theme-unit-test.xml');
      expect(job.state).toBe('done');
      // 56 published posts, a scheduled one and a draft (both drafts here); the one without text is refused.
      expect(job.counts.posts).toEqual({ imported: 57, skipped: 0, failed: 1 });
      expect(job.problems).toEqual(
        expect.arrayContaining([
          '“Scheduled” was scheduled in WordPress and is imported as a draft.',
          "21 pages not imported: only posts are imported (the site's own pages are not editable content).",
          '“Edge Case: No Content”: has no text, and a post here needs one: it was not imported.',
        ]),
      );
      expect(job.counts.images.imported).toBe(0);
      expect(job.counts.images.failed).toBeGreaterThan(20);
      expect(
        job.problems.filter((sentence) => sentence.startsWith('The image https://wpthemetestdata')).length,
      ).toBeGreaterThan(20);
      expect(job.counts.authors.imported).toBe(2);

      const [counts] = await testApp.dataSource.query<{ published: string; drafts: string }[]>(
        `SELECT count(*) FILTER (WHERE "status" = 'published') AS published, count(*) FILTER (WHERE "status" = 'draft') AS drafts FROM "posts"`,
      );
      expect({ published: Number(counts.published), drafts: Number(counts.drafts) }).toEqual({
        published: 55,
        drafts: 2,
      });

      const formats = await article('consulting', 'markup-html-tags-and-formatting');
      expect(formats.status).toBe(200);
      const post = formats.body as Post;
      expect(post.title).toBe('Markup: HTML Tags and Formatting');
      // WordPress's GMT date (its local one, 20:22 on the 11th, is seven hours behind).
      expect(post.publishedAt).toBe('2013-01-12T03:22:19.000Z');
      expect(post.tags).toEqual(['content περιεχόμενο', 'css', 'formatting', 'html', 'markup']);
      expect(post.body).not.toMatch(/<script|onerror=|wp:paragraph/i);
      // Gutenberg content: block comments gone, embeds kept as links.
      const embeds = (await article('consulting', 'blocks-embeds')).body as Post;
      expect(embeds.body).not.toContain('<!-- wp:');
      expect(embeds.body).toMatch(/\[https?:\/\/[^\]]*(youtube|twitter|vimeo)[^\]]*\]\(https?:\/\//i);
    });

    it('redirects WordPress permalinks with 301 to the new articles', async () => {
      const answer = await testApp.request().get('/2013/01/11/markup-html-tags-and-formatting/');
      expect(answer.status).toBe(301);
      expect(answer.headers.location).toBe('/blog/consulting/markup-html-tags-and-formatting');
      expect(job.counts.redirects.imported).toBeGreaterThan(50);
    });

    it('imports the same file again with nothing new', async () => {
      const before = await siteCounts();
      const again = await imported(wordpress, 'wordpress-theme-unit-test.xml');
      expect(again.counts.posts).toEqual({ imported: 0, skipped: 57, failed: 1 });
      expect(again.counts.redirects.imported).toBe(0);
      expect(await siteCounts()).toEqual({ ...before, jobs: before.jobs + 1 });
    });
  });

  describe('the job', () => {
    const config = () => testApp.app.get<AppConfig>(APP_CONFIG);
    afterEach(() => {
      config().importRunIntervalMs = 5000;
    });

    it('is taken once, and one whose runner stopped is taken over and resumed where it was', async () => {
      // Runs off in this instance while the job is set up (the interval and kicks do nothing).
      config().importRunIntervalMs = 0;
      const repository = testApp.app.get(ImportsRepository);
      const [{ id: adminId }] = await testApp.dataSource.query<{ id: string }[]>(
        `SELECT "id" FROM "users" WHERE "email" = 'admin@northbeam.example'`,
      );
      const plan = readImportFile(twoPostGhostExport());
      const id = await repository.create({
        kind: plan.kind,
        filename: 'two.json',
        payload: plan,
        mapping: {},
        counts: emptyImportCounts(),
        problems: [],
        createdBy: { id: adminId, name: 'Admin', role: 'admin' },
      });
      const claims = await Promise.all([repository.claimNext(), repository.claimNext()]);
      expect(claims.map((claim) => claim?.id ?? null).sort()).toEqual([id, null].sort());
      // Claimed and running: nobody else takes it while its lease holds.
      expect(await repository.claimNext()).toBeNull();
      // Its runner stopped after the first post (a restart): the lease runs out with the cursor at 1.
      await testApp.dataSource.query(
        `UPDATE "import_jobs" SET "cursor" = 1, "lease_until" = now() - interval '1 second' WHERE "id" = $1`,
        [id],
      );
      config().importRunIntervalMs = 5000;
      testApp.app.get(ImportRunner).kick();
      const job = await importFinished(admin, id);
      expect(job.state).toBe('done');
      expect(job.counts.posts).toEqual({ imported: 1, skipped: 0, failed: 0 });
      expect((await article('consulting', 'resumed-second')).status).toBe(200);
      // The first post was the stopped runner's: the resumed run started after it.
      expect((await article('consulting', 'resumed-first')).status).toBe(404);
    });
  });

  describe('images and hostile HTML', () => {
    const config = () => testApp.app.get<AppConfig>(APP_CONFIG);
    afterEach(() => {
      config().importAllowPrivate = false;
    });

    it('refuses to fetch from a loopback address unless IMPORT_ALLOW_PRIVATE is set', async () => {
      const job = await imported(
        smallGhostExport({ slug: 'private-image', featureImage: `${imageBase}/photo.png` }),
        'private.json',
      );
      expect(job.counts.images).toEqual({ imported: 0, skipped: 0, failed: 1 });
      expect(job.problems).toContain(
        `The image ${imageBase}/photo.png (in “Post private-image”) could not be brought into the media library: its address is on a private network, which an import does not fetch from. The post keeps its original address.`,
      );
    });

    it('brings a reachable image into the media library (through a redirect) and points the post at it', async () => {
      config().importAllowPrivate = true;
      const job = await imported(
        smallGhostExport({
          slug: 'with-images',
          featureImage: `${imageBase}/photo.png`,
          html: `<p>Look:</p><p><img src="${imageBase}/elsewhere.png" alt="A green square"></p>`,
        }),
        'images.json',
      );
      expect(job.counts.images).toEqual({ imported: 2, skipped: 0, failed: 0 });
      const library = (await admin.get('/api/admin/media')).body as ListPage<MediaListItem>;
      const square = library.items.find((item) => item.alt === 'A green square');
      expect(square).toBeDefined();
      expect(square!.width).toBe(64);
      const post = (await article('consulting', 'with-images')).body as Post;
      expect(post.featureImage?.id).toEqual(expect.any(String));
      expect(post.body).toContain(`![A green square](/media/${square!.id}/1280.webp)`);
      expect(post.body).not.toContain(imageBase);
    });

    it('keeps nothing active from HTML with scripts and event handlers', async () => {
      const job = await imported(
        smallGhostExport({
          slug: 'hostile-html',
          html: `<p>Hello</p><script>alert("x")</script><img src="https://images.invalid/x.png" onerror="alert(1)"><a href="javascript:alert(2)">click</a><iframe src="https://video.invalid/embed/1"></iframe><p onclick="alert(3)">Bye</p>`,
        }),
        'hostile.json',
      );
      expect(job.counts.posts.imported).toBe(1);
      expect(job.problems).toContain(
        '“Post hostile-html”: its HTML held scripts or event handlers; they were removed.',
      );
      const post = (await article('consulting', 'hostile-html')).body as Post;
      expect(post.body).not.toMatch(/script|onerror|onclick|javascript:|alert/i);
      expect(post.body).toContain('(https://video.invalid/embed/1)');
      expect(post.body).toContain('Bye');
    });
  });
});

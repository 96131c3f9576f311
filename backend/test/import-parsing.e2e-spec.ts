import type { ImportPreview } from '@northbeam/common';
import { uploadParsing } from '../src/modules/imports/formats/parse-upload.js';
import { postImport } from './factories/imports.js';
import { createStaff, signedInAgent } from './factories/staff.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * POST /api/admin/imports reads the uploaded file in a worker thread (docs/import.md): while a large
 * export is being parsed, the server goes on answering visitors. Shown by order, not by timing:
 * requests sent once parsing has started are answered before parsing ends.
 */
const hookTimeoutMs = 120_000;

/** A Ghost export of `count` posts with a few kilobytes of HTML each (megabytes of JSON to parse). */
function largeGhostExport(count: number): Buffer {
  const paragraph = `<p>${'A harbour at dawn, with <em>boats</em> and <a href="https://example.com/x">links</a>. '.repeat(12)}</p>`;
  const posts = Array.from({ length: count }, (_, index) => ({
    id: `id-${index}`,
    uuid: `uuid-large-${index}`,
    title: `Large import post ${index}`,
    slug: `large-import-post-${index}`,
    html: `<h2>Part ${index}</h2>${paragraph.repeat(4)}<ul><li>one</li><li>two</li></ul>`,
    type: 'post',
    status: 'published',
    published_at: '2024-05-01T10:00:00.000Z',
    feature_image: null,
    custom_excerpt: 'An excerpt.',
  }));
  return Buffer.from(
    JSON.stringify({
      db: [
        {
          meta: { version: '5.130.6' },
          data: { posts, tags: [], users: [], posts_tags: [], posts_authors: [] },
        },
      ],
    }),
  );
}

describe('Import parsing off the request thread', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({ config: { seedContent: false } });
    await createStaff(testApp, 'admin');
  }, hookTimeoutMs);

  afterAll(async () => {
    await testApp?.close();
  }, hookTimeoutMs);

  it('answers other requests while a large export is being parsed, and the preview after', async () => {
    const admin = await signedInAgent(testApp, 'admin@northbeam.example');
    const file = largeGhostExport(1500);
    const events: string[] = [];
    let parsing = false;
    const visitors: Promise<void>[] = [];
    const visit = () => {
      if (!parsing || visitors.length >= 50) return;
      visitors.push(
        testApp
          .request()
          .get('/api/health')
          .then((response) => {
            if (response.status === 200 && parsing) events.push('visitor answered while parsing');
            visit();
          }),
      );
    };
    uploadParsing.once('start', () => {
      events.push('parsing started');
      parsing = true;
      visit();
    });
    uploadParsing.once('end', () => {
      parsing = false;
      events.push('parsing ended');
    });

    const response = await postImport(admin, file, 'large.json', { dryRun: true });
    await Promise.all(visitors);
    expect(response.status).toBe(200);
    expect((response.body as ImportPreview).counts.posts.imported).toBe(1500);
    expect(events[0]).toBe('parsing started');
    expect(events[1]).toBe('visitor answered while parsing');
    expect(events.at(-1)).toBe('parsing ended');
  });

  it('keeps the refusals of a file cut short and of XML entities, from the worker', async () => {
    const admin = await signedInAgent(testApp, 'admin@northbeam.example');
    const cut = await postImport(admin, largeGhostExport(2).subarray(0, 300), 'cut.json', { dryRun: true });
    expect(cut.status).toBe(422);
    expect(cut.body.error).toBe(
      'The file ends too early: it looks cut short. Export it again and upload the whole file',
    );
    const entities = await postImport(
      admin,
      Buffer.from(
        '<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY a "aaaa">]><rss xmlns:wp="http://wordpress.org/export/1.2/"><channel><wp:wxr_version>1.2</wp:wxr_version></channel></rss>',
      ),
      'bomb.xml',
      { dryRun: true },
    );
    expect(entities.status).toBe(422);
    expect(entities.body.error).toBe(
      'The file declares its own XML entities (a DOCTYPE), which a WordPress export never does: it was refused unread',
    );
  });
});

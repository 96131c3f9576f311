import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { crc32, inflateSync } from 'node:zlib';
import { SaxesParser } from 'saxes';
import { frontendRoot } from '../src/ssr/frontend-paths.js';
import { createStaff, signedInAgent } from './factories/staff.js';
import { hostileTexts } from './helpers/hostile-text.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/** Parses with a conforming XML 1.0 parser (saxes); throws on the first well-formedness error. */
function parseXml(xml: string): { texts: string[] } {
  const parser = new SaxesParser({ xmlns: true });
  const texts: string[] = [];
  parser.on('text', (text) => texts.push(text));
  parser.on('error', (error) => {
    throw error;
  });
  parser.write(xml).close();
  return { texts };
}

/**
 * Decodes a PNG far enough to prove it is one: the signature, every chunk's CRC, the IHDR size,
 * and IDAT data that inflates to exactly one filter byte plus one row of pixels per line.
 */
function decodePng(png: Buffer): { width: number; height: number } {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  let offset = 8;
  let width = 0;
  let height = 0;
  let bytesPerPixel = 0;
  const data: Buffer[] = [];
  let ended = false;
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.subarray(offset + 4, offset + 8).toString('ascii');
    const body = png.subarray(offset + 8, offset + 8 + length);
    expect(png.readUInt32BE(offset + 8 + length)).toBe(crc32(png.subarray(offset + 4, offset + 8 + length)));
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      expect(body[8]).toBe(8);
      bytesPerPixel = ({ 0: 1, 2: 3, 4: 2, 6: 4 } as Record<number, number>)[body[9]];
    }
    if (type === 'IDAT') data.push(body);
    if (type === 'IEND') ended = true;
    offset += 12 + length;
  }
  expect(ended).toBe(true);
  const pixels = inflateSync(Buffer.concat(data));
  expect(pixels.length).toBe(height * (1 + width * bytesPerPixel));
  return { width, height };
}

describe('Crawler documents from stored hostile text', () => {
  let testApp: TestApp;
  const slugs: string[] = [];

  beforeAll(async () => {
    testApp = await createTestApp({ config: { seedContent: false } });
    await createStaff(testApp, 'admin');
    const admin = await signedInAgent(testApp, 'admin@northbeam.example');
    // Rows stored before the request rules (or by another path): written straight to the table.
    for (const [index, [name, text]] of Object.entries(hostileTexts).entries()) {
      if (name === 'nul') continue; // PostgreSQL text cannot hold NUL at all.
      const slug = `hostile-${index}`;
      const created = await admin.post('/api/admin/posts').send({
        title: 'Placeholder',
        slug,
        excerpt: 'Placeholder excerpt.',
        body: 'Placeholder body.',
        section: index % 2 ? 'labs' : 'consulting',
        status: 'published',
        tags: ['testing'],
        authorName: 'Placeholder',
      });
      expect(created.status).toBe(201);
      const short = text.slice(0, 150);
      // jsonb refuses lone surrogates outright; a text column stores them as U+FFFD, as here.
      const tags = [short, `${name} ]]>`].map((tag) => tag.replace(/[\ud800-\udfff]/gu, '\ufffd'));
      await testApp.dataSource.query(
        `UPDATE posts SET title = $1, excerpt = $2, author_name = $3, tags = $4::jsonb WHERE id = $5`,
        [`${short} title`, `${short} excerpt`, short, JSON.stringify(tags), created.body.id],
      );
      slugs.push(slug);
    }
    // A slug that no form would accept, for the links of the sitemap and the feed.
    await testApp.dataSource.query(`UPDATE posts SET slug = $1 WHERE slug = $2`, [
      `odd-${hostileTexts.cdataEnd}&<"'\u0001`,
      slugs[0],
    ]);
    slugs.shift();
  });

  afterAll(async () => {
    await testApp?.close();
  });

  it('serves an RSS feed that a conforming XML parser reads, with every stored title', async () => {
    const response = await testApp.request().get('/rss.xml');
    expect(response.status).toBe(200);
    const { texts } = parseXml(response.text);
    const all = texts.join('\n');
    expect(all).toContain('x ]]> y ]]> z title');
    expect(all).toContain('<script>alert(1)</script> & "quoted" \'single\' excerpt');
    expect(all).toContain('ab title');
    expect(response.text).not.toContain('CDATA');
  });

  it("gives the feed's channel a PNG image no wider than RSS 2.0 allows, found in the site's public files", async () => {
    const response = await testApp.request().get('/rss.xml');
    const image = response.text.match(/<image><title>[^<]*<\/title><url>([^<]+)<\/url>/)?.[1] ?? '';
    expect(image).toMatch(/^https?:\/\/[^/]+\/logo\.png$/);
    const file = await readFile(path.join(frontendRoot, 'public', new URL(image).pathname));
    const { width, height } = decodePng(file);
    expect(width).toBeLessThanOrEqual(144);
    expect(height).toBeLessThanOrEqual(400);
    expect(response.text).toContain(`<width>${width}</width><height>${height}</height>`);
  });

  it('serves a sitemap that a conforming XML parser reads', async () => {
    const response = await testApp.request().get('/sitemap.xml');
    expect(response.status).toBe(200);
    const { texts } = parseXml(response.text);
    expect(texts.some((text) => text.includes('/odd-x ]]> y ]]> z&<"\''))).toBe(true);
  });

  it('draws a 1200×630 PNG for every stored title', async () => {
    for (const slug of slugs) {
      const response = await testApp
        .request()
        .get(`/api/og-image/${slug}`)
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        });
      expect({ slug, status: response.status }).toEqual({ slug, status: 200 });
      expect(decodePng(response.body as Buffer)).toEqual({ width: 1200, height: 630 });
    }
  });
});

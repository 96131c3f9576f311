import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { mediaUploadHeader, type MediaItem } from '@northbeam/common';
import { createStaff, signedInAgent } from './factories/staff.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * HTTP caching and response headers of the API and the documents beside it: one conditional
 * check (weak comparison, lists, `*`), an ETag of its own per content coding, a short public
 * Cache-Control for anonymous public JSON, the Permissions-Policy, and a robots.txt that first-match
 * and longest-match crawlers read alike. (Pages and build assets: e2e/http-caching.spec.ts.)
 */
const hookTimeoutMs = 120_000;
type Agent = Awaited<ReturnType<typeof signedInAgent>>;

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** robots.txt rules for `User-agent: *`, in order. */
function robotRules(text: string): { allow: boolean; path: string }[] {
  return text
    .split('\n')
    .map((line) => /^(Allow|Disallow):\s*(\S*)/i.exec(line.trim()))
    .filter((match): match is RegExpExecArray => match !== null && match[2] !== '')
    .map((match) => ({ allow: match[1].toLowerCase() === 'allow', path: match[2] }));
}

/** As Python's urllib.robotparser and older crawlers read it: the first rule whose path is a prefix decides. */
function firstMatchAllows(text: string, path: string): boolean {
  return robotRules(text).find((rule) => path.startsWith(rule.path))?.allow ?? true;
}

/** As RFC 9309 reads it: the longest matching path decides, Allow winning a tie. */
function longestMatchAllows(text: string, path: string): boolean {
  let best: { allow: boolean; path: string } | undefined;
  for (const rule of robotRules(text)) {
    if (!path.startsWith(rule.path)) continue;
    if (!best || rule.path.length > best.path.length || (rule.path.length === best.path.length && rule.allow))
      best = rule;
  }
  return best?.allow ?? true;
}

describe('HTTP caching and headers', () => {
  let testApp: TestApp;
  let admin: Agent;
  let port = 0;
  let imageId = '';

  /** The bytes as sent, with the request's own Accept-Encoding (supertest would decompress). */
  const raw = (path: string, headers: Record<string, string> = {}) =>
    new Promise<RawAnswer>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path, headers: { 'accept-encoding': 'identity', ...headers } }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
          );
        })
        .on('error', reject);
    });

  beforeAll(async () => {
    testApp = await createTestApp({ config: { seedContent: false } });
    await createStaff(testApp, 'admin');
    admin = await signedInAgent(testApp, 'admin@northbeam.example');
    const server = testApp.app.getHttpServer();
    if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#2a6' } })
      .png()
      .toBuffer();
    const upload = await admin
      .post('/api/admin/media')
      .set(mediaUploadHeader.name, mediaUploadHeader.value)
      .field('alt', 'A green field')
      .attach('file', png, 'field.png');
    imageId = (upload.body as MediaItem).id;
    // Long enough for the list to be sent compressed.
    for (let index = 1; index <= 6; index += 1) {
      const created = await admin.post('/api/admin/posts').send({
        title: `Caching note ${index}`,
        slug: `caching-note-${index}`,
        excerpt: 'A note about caches, written long enough to be worth compressing. '.repeat(4),
        body: 'Text.',
        section: 'labs',
        status: 'published',
      });
      expect(created.status).toBe(201);
    }
  }, hookTimeoutMs);

  afterAll(async () => {
    await testApp?.close();
  }, hookTimeoutMs);

  describe('conditional requests', () => {
    const conditionalForms = (etag: string) => [etag, `W/${etag}`, `"not-this-one", ${etag}`, '*'];

    it('answers 304 to the published list holding its ETag as sent, weak, in a list or as *', async () => {
      for (const encoding of ['br', 'gzip', 'identity']) {
        const first = await raw('/api/posts/labs', { 'accept-encoding': encoding });
        expect(first.status).toBe(200);
        for (const ifNoneMatch of conditionalForms(first.headers.etag!)) {
          const again = await raw('/api/posts/labs', { 'accept-encoding': encoding, 'if-none-match': ifNoneMatch });
          expect([encoding, ifNoneMatch, again.status]).toEqual([encoding, ifNoneMatch, 304]);
          expect(again.body.length).toBe(0);
        }
      }
    });

    it('gives the brotli, gzip and plain list ETags of their own, each standing only for its bytes', async () => {
      const br = await raw('/api/posts/labs', { 'accept-encoding': 'br' });
      const gzip = await raw('/api/posts/labs', { 'accept-encoding': 'gzip' });
      const plain = await raw('/api/posts/labs');
      expect([br.headers['content-encoding'], gzip.headers['content-encoding']]).toEqual(['br', 'gzip']);
      expect(new Set([br.headers.etag, gzip.headers.etag, plain.headers.etag]).size).toBe(3);
      const gzipTagForBrotli = await raw('/api/posts/labs', {
        'accept-encoding': 'br',
        'if-none-match': gzip.headers.etag!,
      });
      expect(gzipTagForBrotli.status).toBe(200);
    });

    it('answers 304 to a media variant holding its ETag as sent, weak, in a list or as *', async () => {
      const first = await raw(`/media/${imageId}/320.webp`);
      expect(first.status).toBe(200);
      for (const ifNoneMatch of conditionalForms(first.headers.etag!)) {
        expect((await raw(`/media/${imageId}/320.webp`, { 'if-none-match': ifNoneMatch })).status).toBe(304);
      }
    });

    it('sends a social image with its length and an ETag, and answers 304 to it in every form', async () => {
      const first = await raw('/api/og-image/caching-note-1');
      expect(first.status).toBe(200);
      expect(first.headers['content-type']).toBe('image/png');
      expect(first.headers['content-length']).toBe(String(first.body.length));
      expect(first.headers['cache-control']).toBe('public, max-age=86400');
      expect(first.headers.etag).toMatch(/^"[^"]+"$/);
      for (const ifNoneMatch of conditionalForms(first.headers.etag!)) {
        const again = await raw('/api/og-image/caching-note-1', { 'if-none-match': ifNoneMatch });
        expect(again.status).toBe(304);
        expect(again.body.length).toBe(0);
      }
    });

    it('answers 304 to the documents for crawlers holding their ETag weak, in a list or as *', async () => {
      for (const path of ['/robots.txt', '/sitemap.xml', '/rss.xml']) {
        const first = await raw(path);
        expect(first.status).toBe(200);
        for (const ifNoneMatch of conditionalForms(first.headers.etag!)) {
          expect([path, ifNoneMatch, (await raw(path, { 'if-none-match': ifNoneMatch })).status]).toEqual([
            path,
            ifNoneMatch,
            304,
          ]);
        }
      }
    });
  });

  describe('Cache-Control of public JSON', () => {
    it('lets browsers and shared caches keep public answers for anonymous readers for a minute', async () => {
      for (const path of ['/api/posts', '/api/posts/labs', '/api/posts/labs/caching-note-1', '/api/case-studies']) {
        const response = await testApp.request().get(path);
        expect([path, response.status, response.headers['cache-control']]).toEqual([path, 200, 'public, max-age=60']);
      }
    });

    it('keeps the same answers private and unstored for signed-in staff, and staff calls too', async () => {
      for (const path of ['/api/posts', '/api/posts/labs', '/api/posts/labs/caching-note-1', '/api/admin/posts']) {
        const response = await admin.get(path);
        expect([path, response.status, response.headers['cache-control']]).toEqual([path, 200, 'private, no-store']);
      }
    });

    it('sends no public Cache-Control with a refusal', async () => {
      const missing = await testApp.request().get('/api/posts/labs/no-such-note');
      expect(missing.status).toBe(404);
      expect(missing.headers['cache-control'] ?? '').not.toContain('public');
    });
  });

  describe('Permissions-Policy', () => {
    it('turns off camera, microphone, geolocation, payment, USB and topics on API answers, images and documents', async () => {
      for (const path of ['/api/posts', '/api/posts/labs', `/media/${imageId}/320.webp`, '/robots.txt', '/api/nope']) {
        const policy = (await raw(path)).headers['permissions-policy'] ?? '';
        for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'browsing-topics'])
          expect([path, policy]).toEqual([path, expect.stringContaining(`${feature}=()`)]);
        expect(policy).not.toContain('interest-cohort');
      }
    });
  });

  describe('robots.txt', () => {
    it('closes the admin and the API and opens the site and its social images, for first-match and longest-match crawlers alike', async () => {
      const robots = (await testApp.request().get('/robots.txt')).text;
      const expected: Record<string, boolean> = {
        '/': true,
        '/blog': true,
        '/blog/labs/caching-note-1': true,
        '/api/og-image/caching-note-1': true,
        '/admin': false,
        '/admin/posts': false,
        '/api/posts': false,
        '/api/admin/user': false,
      };
      for (const [path, allowed] of Object.entries(expected)) {
        expect([path, 'first match', firstMatchAllows(robots, path)]).toEqual([path, 'first match', allowed]);
        expect([path, 'longest match', longestMatchAllows(robots, path)]).toEqual([path, 'longest match', allowed]);
      }
    });
  });
});

import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Response } from 'express';
import {
  allowSharedCache,
  caseStudyChangeKeys,
  contentKeys,
  createCdnPurger,
  keysOfHeader,
  pageKeys,
  postChangeKeys,
  postListKeys,
  redirectChangeKeys,
  showsContent,
  teamChangeKeys,
  VarnishPurger,
} from './cdn-cache.js';

/** The few Response methods the module uses, over a plain header map. */
function fakeResponse(headers: Record<string, string> = {}) {
  const map = new Map(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  const response = {
    hasHeader: (name: string) => map.has(name.toLowerCase()),
    getHeader: (name: string) => map.get(name.toLowerCase()),
    setHeader: (name: string, value: string) => map.set(name.toLowerCase(), value),
  } as unknown as Response;
  return { response, headers: map };
}

const cdn = { cdnMaxAgeSeconds: 300, cdnStaleWhileRevalidateSeconds: 60 };
const page = 'public, max-age=0, must-revalidate';

describe('allowSharedCache', () => {
  it('adds s-maxage, stale-while-revalidate and the surrogate keys to a public answer', () => {
    const { response, headers } = fakeResponse({ 'Cache-Control': page });
    allowSharedCache(response, cdn, ['post-1', 'section-labs', 'post-1']);
    expect(headers.get('cache-control')).toBe(`${page}, s-maxage=300, stale-while-revalidate=60`);
    expect(headers.get('surrogate-key')).toBe('site post-1 section-labs');
    expect(headers.get('cache-tag')).toBe('site,post-1,section-labs');
  });

  it('composes with a browser max-age set elsewhere and leaves out a zero stale-while-revalidate', () => {
    const { response, headers } = fakeResponse({ 'Cache-Control': 'public, max-age=60' });
    showsContent(response, ['posts']);
    showsContent(response, ['post-2']);
    allowSharedCache(response, { cdnMaxAgeSeconds: 120, cdnStaleWhileRevalidateSeconds: 0 });
    expect(headers.get('cache-control')).toBe('public, max-age=60, s-maxage=120');
    expect(headers.get('surrogate-key')).toBe('site posts post-2');
  });

  it('sends nothing for a shared cache when no CDN is declared', () => {
    const { response, headers } = fakeResponse({ 'Cache-Control': page });
    allowSharedCache(response, { cdnMaxAgeSeconds: 0, cdnStaleWhileRevalidateSeconds: 60 }, ['posts']);
    expect(headers.get('cache-control')).toBe(page);
    expect(headers.has('surrogate-key')).toBe(false);
  });

  it.each([
    ['an answer that sets a cookie', { 'Cache-Control': page, 'Set-Cookie': 'a=b' }],
    ['a private answer (staff)', { 'Cache-Control': 'private, no-store' }],
    ['a no-store answer', { 'Cache-Control': 'no-store' }],
    ['an answer without Cache-Control', {}],
  ])('leaves %s alone', (_name, initial: Record<string, string>) => {
    const { response, headers } = fakeResponse(initial);
    allowSharedCache(response, cdn, ['posts']);
    expect(headers.get('cache-control')).toBe(initial['Cache-Control']);
    expect(headers.has('surrogate-key')).toBe(false);
  });
});

describe('content keys', () => {
  it('names a list by what it lists and by each post it shows', () => {
    expect(postListKeys(undefined, [{ id: 'a' }, { id: 'b' }])).toEqual(['posts', 'post-a', 'post-b']);
    expect(postListKeys('labs', [{ id: 'a' }])).toEqual(['section-labs', 'post-a']);
  });

  it('names a list too long to name each post by posts-long, which every post change purges', () => {
    const many = Array.from({ length: 101 }, (_, index) => ({ id: String(index) }));
    expect(postListKeys('labs', many)).toEqual(['section-labs', 'posts-long']);
    expect(postChangeKeys('a')).toEqual(['post-a', 'posts-long']);
  });

  it('purges the lists a post enters or leaves, once per section', () => {
    expect(postChangeKeys('a', ['labs', 'labs'])).toEqual(['post-a', 'posts-long', 'posts', 'section-labs']);
    expect(postChangeKeys('a', ['labs', 'insights'])).toEqual([
      'post-a',
      'posts-long',
      'posts',
      'section-labs',
      'section-insights',
    ]);
  });

  it('purges a case study by its slugs, and the lists when it enters or leaves them', () => {
    expect(caseStudyChangeKeys(['old', 'new'], false)).toEqual(['case-study-old', 'case-study-new']);
    expect(caseStudyChangeKeys(['a', 'a'], true)).toEqual(['case-study-a', 'case-studies']);
  });

  it('reads the content keys of an API answer, without the global key or anything malformed', () => {
    expect(keysOfHeader('site post-a  section-labs <x> Post-B')).toEqual(['post-a', 'section-labs']);
    expect(keysOfHeader(undefined)).toEqual([]);
  });
});

describe(VarnishPurger.name, () => {
  let server: Server;
  let url: string;
  const received: { method?: string; headers: IncomingHttpHeaders }[] = [];
  let status = 200;

  beforeAll(async () => {
    server = createServer((request, response) => {
      received.push({ method: request.method, headers: request.headers });
      response.writeHead(status).end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('sends PURGE with the keys in Surrogate-Key', async () => {
    status = 200;
    await new VarnishPurger(url).purge(['site', 'post:labs/a']);
    expect(received.at(-1)).toMatchObject({ method: 'PURGE', headers: { 'surrogate-key': 'site post:labs/a' } });
  });

  it('sends a change naming hundreds of posts in a few PURGEs, each header under 4000 characters', async () => {
    status = 200;
    const before = received.length;
    const keys = teamChangeKeys(
      ['a-member'],
      Array.from({ length: 400 }, (_, index) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`),
    );
    await new VarnishPurger(url).purge(keys);
    const headers = received.slice(before).map((request) => String(request.headers['surrogate-key']));
    expect(headers.length).toBeGreaterThan(1);
    expect(headers.every((header) => header.length <= 4000)).toBe(true);
    expect(headers.join(' ').split(' ')).toEqual(keys);
  });

  it('rejects when the cache refuses', async () => {
    status = 403;
    await expect(new VarnishPurger(url).purge(['site'])).rejects.toThrow('purge answered 403');
  });

  it('is made only when CDN_PURGE_URL is set', () => {
    expect(createCdnPurger({ cdnPurgeUrl: undefined })).toBeUndefined();
    expect(createCdnPurger({ cdnPurgeUrl: url })).toBeInstanceOf(VarnishPurger);
  });
});

describe('page keys', () => {
  it('name a page by its path in every spelling and query string, and no other page', () => {
    const key = contentKeys.page('/blog/tag/ai');
    expect(key).toMatch(/^page-[0-9a-f]{16}$/);
    expect(contentKeys.page('/Blog/Tag/AI/')).toBe(key);
    expect(contentKeys.page('/blog/tag/ai-tools')).not.toBe(key);
    expect(contentKeys.page('')).toBe(contentKeys.page('/'));
  });

  it('add the page’s own key to what its loaders showed, each once', () => {
    expect(pageKeys('/blog/tag/ai', ['posts', 'post-1', 'posts'])).toEqual([
      'posts',
      'post-1',
      contentKeys.page('/blog/tag/ai'),
    ]);
  });

  it('a redirect purges the page at its old path', () => {
    expect(redirectChangeKeys('/blog/tag/ai')).toEqual([contentKeys.page('/BLOG/TAG/AI')]);
  });
});

import { type APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * Conditional requests and headers of what the page server sends itself: cached pages, fingerprinted
 * build assets and the other public files. If-None-Match is compared weakly, a list or `*` counts,
 * and the brotli and gzip bodies carry ETags of their own (the API's answers: backend/test/http-caching.e2e-spec.ts).
 */
const features = ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'browsing-topics'];

test.describe('HTTP caching of pages and files', () => {
  let anonymous: APIRequestContext;

  test.beforeAll(async ({ playwright, baseURL }) => {
    anonymous = await playwright.request.newContext({ baseURL });
  });

  test.afterAll(async () => {
    await anonymous.dispose();
  });

  async function get(url: string, headers: Record<string, string> = {}) {
    const response = await anonymous.get(url, { headers: { 'accept-encoding': 'identity', ...headers } });
    return { status: response.status(), headers: response.headers(), body: await response.body() };
  }

  async function expectNotModifiedInEveryForm(url: string, encoding: string) {
    const first = await get(url, { 'accept-encoding': encoding });
    expect(first.status).toBe(200);
    const etag = first.headers.etag;
    expect(etag).toBeTruthy();
    for (const ifNoneMatch of [etag, `W/${etag}`, `"not-this-one", ${etag}`, '*']) {
      const again = await get(url, { 'accept-encoding': encoding, 'if-none-match': ifNoneMatch });
      expect([url, encoding, ifNoneMatch, again.status]).toEqual([url, encoding, ifNoneMatch, 304]);
    }
    return first;
  }

  test('a cached page answers 304 to its ETag weak, in a list or as *, with an ETag per encoding', async () => {
    await get('/about');
    const br = await expectNotModifiedInEveryForm('/about', 'br');
    const gzip = await expectNotModifiedInEveryForm('/about', 'gzip');
    const plain = await expectNotModifiedInEveryForm('/about', 'identity');
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(new Set([br.headers.etag, gzip.headers.etag, plain.headers.etag]).size).toBe(3);
  });

  test('a fingerprinted asset answers 304 in every form, with an ETag per encoding', async () => {
    const page = (await get('/about')).body.toString('utf8');
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(page)?.[1];
    expect(script).toBeTruthy();
    const br = await expectNotModifiedInEveryForm(script!, 'br');
    const gzip = await expectNotModifiedInEveryForm(script!, 'gzip');
    expect(br.headers.etag).not.toBe(gzip.headers.etag);
  });

  test('a public file answers 304 in every form', async () => {
    await expectNotModifiedInEveryForm('/favicon.svg', 'identity');
  });

  test('pages, assets and public files carry a Permissions-Policy turning off unused features', async () => {
    const page = await get('/about');
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(page.body.toString('utf8'))![1];
    for (const url of ['/', '/about', script, '/favicon.svg', '/no-such-page']) {
      const policy = (await get(url)).headers['permissions-policy'] ?? '';
      for (const feature of features) expect([url, policy]).toEqual([url, expect.stringContaining(`${feature}=()`)]);
    }
  });
});

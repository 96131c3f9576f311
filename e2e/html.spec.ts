import { expect, test } from '@playwright/test';
import { site } from '../common/src/site';

/** What a crawler or a visitor without JavaScript receives: plain HTTP, no browser. */
test.describe('Server-rendered HTML', () => {
  test('the home page arrives with the header links, the footer and its meta tags', async ({ request }) => {
    const response = await request.get('/');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/text\/html/);
    const html = await response.text();
    for (const href of ['/about', '/consulting', '/labs', '/immersive', '/case-studies', '/blog', '/contact']) {
      expect(html).toContain(`href="${href}"`);
    }
    expect(html).toContain('data-testid="site-footer"');
    expect(html).toContain(site.legalName);
    expect(html).toMatch(/<title>[^<]+<\/title>/);
    expect(html).toMatch(/<meta name="description" content="[^"]+">/);
    expect(html).toMatch(/<meta name="keywords"|<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+\/">/);
    expect(html).toMatch(/<meta property="og:title" content="[^"]+">/);
    expect(html).toMatch(/<meta name="twitter:card" content="summary_large_image">/);
    const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((match) => JSON.parse(match[1]));
    expect(jsonLd.find((block) => block['@type'] === 'Organization')).toMatchObject({ name: site.legalName });
  });

  test('no executable inline script is sent, so the CSP can forbid them', async ({ request }) => {
    const response = await request.get('/');
    const html = await response.text();
    const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((match) => match[1]);
    for (const attributes of inlineScripts) expect(attributes).toMatch(/type="application\/(ld\+)?json"/);
    expect(response.headers()['content-security-policy']).toMatch(/script-src 'self'/);
  });

  test('every page has its own title and a canonical address', async ({ request }) => {
    const about = await (await request.get('/about')).text();
    const terms = await (await request.get('/terms')).text();
    expect(about.match(/<title>([^<]*)<\/title>/)?.[1]).not.toBe(terms.match(/<title>([^<]*)<\/title>/)?.[1]);
    expect(about).toMatch(/<link rel="canonical" href="[^"]*\/about">/);
  });

  test('an unknown path answers 404 with the 404 page', async ({ request }) => {
    const response = await request.get('/No/Such/Page');
    expect(response.status()).toBe(404);
    expect(await response.text()).toContain('404 Page Not Found');
  });

  test('a route matches case-insensitively with a trailing slash', async ({ request }) => {
    const response = await request.get('/ABOUT/', { maxRedirects: 0 });
    expect(response.status()).toBe(200);
    expect(await response.text()).toMatch(/<title>About \|/);
  });

  test('fingerprinted assets are cached for a year as immutable', async ({ request }) => {
    const html = await (await request.get('/')).text();
    const asset = html.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
    expect(asset).toBeTruthy();
    const response = await request.get(asset!);
    expect(response.status()).toBe(200);
    expect(response.headers()['cache-control']).toMatch(/max-age=31536000.*immutable|immutable.*max-age=31536000/);
  });
});

import { expect, test } from './fixtures';
import { site } from '../common/src/site';
import { team } from '../common/src/team';
import { expectDocumentedProperties, jsonLdBlocks } from './helpers/structured-data';

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
    const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((match) =>
      JSON.parse(match[1]),
    );
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

  test('pages load their entry script but preload no chunks that would compete with the first paint', async ({
    request,
  }) => {
    const html = await (await request.get('/')).text();
    expect(html).toMatch(/<script src="\/assets\/entries\/[^"]+\.js" type="module" async><\/script>/);
    expect(html).not.toContain('modulepreload');
    expect(html).toMatch(/<link rel="stylesheet"[^>]*href="\/assets\/static\/[^"]+\.css">/);
  });

  test("the browser runs React Router's production build, without its development warnings", async ({ page }) => {
    const scripts: Promise<string>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.text().catch(() => ''));
    });
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'Blog', exact: true }).click();
    await expect(page).toHaveURL(/\/blog$/);
    const texts = await Promise.all(scripts);
    // The router is in the entry's graph; its development build (the only one its package exports)
    // carries this warning, which the production files drop.
    expect(texts.some((text) => text.includes('useNavigate'))).toBe(true);
    expect(texts.some((text) => text.includes('You rendered descendant <Routes>'))).toBe(false);
  });

  test('icons are references into one cached sprite: no icon path in the page, every icon drawn', async ({
    page,
    request,
  }) => {
    const html = await (await request.get('/')).text();
    const references = [...html.matchAll(/<use href="([^"#]+)#([a-z0-9-]+)"/g)];
    expect(references.length).toBeGreaterThan(5);
    const sprites = new Set(references.map((match) => match[1]));
    expect(sprites.size).toBe(1);
    // Lucide's drawings live in the sprite only: the page carries no stroke icon's markup.
    expect(html).not.toContain('stroke-linejoin="round"');
    const [sprite] = sprites;
    const answer = await request.get(sprite);
    expect(answer.headers()['content-type']).toContain('image/svg+xml');
    expect(answer.headers()['cache-control']).toContain('immutable');
    const symbols = await answer.text();
    for (const [, , name] of references) expect(symbols).toContain(`<symbol id="${name}"`);

    await page.goto('/');
    // A <use> whose sprite did not load has an empty box; every icon on screen has one of its own.
    const undrawn = () =>
      page.evaluate(() => {
        const shown = [...document.querySelectorAll('svg use')].filter(
          (use) => use.closest('svg')!.getBoundingClientRect().width > 0,
        );
        const empty = shown.filter((use) => {
          const box = (use as SVGUseElement).getBBox();
          return box.width + box.height === 0;
        });
        return { shown: shown.length, empty: empty.length };
      });
    await expect.poll(undrawn).toMatchObject({ empty: 0 });
    expect((await undrawn()).shown).toBeGreaterThan(5);
  });

  test('pages that show the team only in the strip or an author block send only what those show', async ({
    request,
  }) => {
    const member = team.find((candidate) => candidate.inStrip)!;
    const fullBioOpening = member.fullBio.split('\n')[0].slice(0, 60);
    // (an article's author block, too: the seeded article below credits the first member)
    expect(member.slug).toBe('daniel-okafor');
    for (const path of ['/', '/consulting', '/immersive', '/case-studies', '/blog/labs/prototype-in-two-weeks']) {
      const html = await (await request.get(path)).text();
      const data = html.match(/<script type="application\/json" id="router-hydration">(.*?)<\/script>/s)?.[1] ?? '';
      // The article's author block is in its header, a kept block: the bio is sent once, as its HTML.
      if (path.startsWith('/blog/')) {
        expect(html, path).toContain(member.bio);
        expect(data, path).not.toContain(member.bio);
      } else expect(data, path).toContain(member.bio);
      expect(data, path).not.toContain(fullBioOpening);
      expect(data, path).not.toContain(member.linkedin);
      expect(data, path).not.toContain('"expertise"');
    }
    // The team page itself shows the full biography.
    expect(await (await request.get(`/team/${member.slug}`)).text()).toContain(fullBioOpening);
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

test.describe('Structured data and feed discovery (plain HTTP)', () => {
  for (const path of [
    '/',
    '/blog',
    '/about',
    '/blog/labs',
    '/case-studies/relative-probability',
    `/team/${team[1].slug}`,
  ]) {
    test(`${path} links the site's RSS feed in its head`, async ({ request }) => {
      const html = await (await request.get(path)).text();
      const links = [...html.matchAll(/<link rel="alternate" type="application\/rss\+xml"[^>]*>/g)].map((m) => m[0]);
      expect(links).toHaveLength(1);
      expect(links[0]).toContain(`title="${site.name}"`);
      expect(links[0]).toMatch(/href="(https?:\/\/[^/"]+)?\/rss\.xml"/);
    });
  }

  for (const path of ['/', '/blog']) {
    test(`every JSON-LD block of ${path} has the properties Google documents, with absolute addresses`, async ({
      request,
    }) => {
      const types = jsonLdBlocks(await (await request.get(path)).text()).map(expectDocumentedProperties);
      expect(types).toContain('Organization');
    });
  }

  test('a case study has a complete Article and a BreadcrumbList', async ({ request }) => {
    const html = await (await request.get('/case-studies/relative-probability')).text();
    const blocks = jsonLdBlocks(html);
    expect(blocks.map(expectDocumentedProperties)).toEqual(
      expect.arrayContaining(['Organization', 'Article', 'BreadcrumbList']),
    );
    const article = blocks.find((block) => block['@type'] === 'Article')!;
    expect(article.author).toMatchObject({ '@type': 'Organization', name: site.legalName });
    const crumbs = blocks.find((block) => block['@type'] === 'BreadcrumbList')!.itemListElement as {
      name: string;
      item?: string;
    }[];
    expect(crumbs.map((crumb) => crumb.item && new URL(crumb.item).pathname)).toEqual([
      '/',
      '/case-studies',
      undefined,
    ]);
    expect(crumbs.at(-1)!.name).toBe(article.headline);
  });

  test('a team member has a ProfilePage around the Person and a BreadcrumbList', async ({ request }) => {
    const member = team[1];
    const blocks = jsonLdBlocks(await (await request.get(`/team/${member.slug}`)).text());
    expect(blocks.map(expectDocumentedProperties)).toEqual(
      expect.arrayContaining(['Organization', 'ProfilePage', 'BreadcrumbList']),
    );
    const profile = blocks.find((block) => block['@type'] === 'ProfilePage')!;
    expect(profile.mainEntity).toMatchObject({ name: member.name, jobTitle: member.role });
    expect(new URL((profile.mainEntity as { url: string }).url).pathname).toBe(`/team/${member.slug}`);
  });

  test('the PNG logo of the feed and the structured data is served, cached like the other public files', async ({
    request,
  }) => {
    const response = await request.get('/logo.png');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('image/png');
    expect(response.headers()['cache-control']).toBe((await request.get('/logo.svg')).headers()['cache-control']);
  });
});

test.describe('Server-rendered articles (plain HTTP)', () => {
  let slug = '';
  const title = 'Plain HTML article for crawlers';
  const typography = 'Typography survives: “quotes”, an em dash — an ellipsis… and a rocket 🚀.';

  test.beforeAll(async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    const login = await request.post('/api/admin/login', {
      data: { email: process.env.E2E_ADMIN_EMAIL, password: process.env.E2E_ADMIN_PASSWORD },
    });
    expect(login.status()).toBe(200);
    const response = await request.post('/api/admin/posts', {
      data: {
        title,
        slug: 'plain-html-article-for-crawlers',
        // The typography in the excerpt too: the body reaches the hydration data only as a stand-in (its
        // HTML is in the page), and the excerpt is what carries text beyond ASCII there.
        excerpt: `What a crawler sees without running any script. ${typography}`,
        body: [
          '## Readable without JavaScript',
          '',
          'The body arrives in the HTML.',
          '',
          typography,
          '',
          '[js](javascript:alert(1)) [data](data:text/html;base64,PHNjcmlwdD4=) [vb](vbscript:msgbox) ![img](javascript:alert(2))',
          '',
          '<script>alert("raw")</script>',
          '',
          '<img src=x onerror=alert(1)>',
        ].join('\n'),
        section: 'consulting',
        status: 'published',
        tags: ['Crawlers', 'SEO'],
        metaDescription: 'A post that proves server rendering.',
        customMetaTags: '<meta name="news_keywords" content="rendering"><script>alert(3)</script>',
        authorId: 'helena-marsh',
        authorName: 'Helena Marsh',
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    slug = ((await response.json()) as { slug: string }).slug;
    await request.dispose();
  });

  test('an article arrives with its body, head tags and BlogPosting data', async ({ request }) => {
    const response = await request.get(`/blog/consulting/${slug}`);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<h1 class="heading-1 mt-5 max-w-4xl">${title}</h1>`);
    expect(html).toContain('Readable without JavaScript');
    expect(html).toContain('The body arrives in the HTML.');
    expect(html).toContain(`<title>${title} | `);
    expect(html).toContain('<meta name="description" content="A post that proves server rendering.">');
    expect(html).toContain('<meta name="keywords" content="Crawlers, SEO">');
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="[^"]*/blog/consulting/${slug}">`));
    expect(html).toContain('<meta property="og:type" content="article">');
    expect(html).toContain('<meta property="article:section" content="Consulting">');
    expect(html).toContain('<meta property="article:tag" content="SEO">');
    expect(html).toMatch(new RegExp(`<meta property="og:image" content="[^"]*/api/og-image/${slug}">`));
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain('<meta name="news_keywords" content="rendering">');
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((match) =>
      JSON.parse(match[1]),
    );
    const posting = blocks.find((block) => block['@type'] === 'BlogPosting');
    expect(posting).toMatchObject({
      headline: title,
      author: { '@type': 'Person', name: 'Helena Marsh' },
      articleSection: 'Consulting',
    });
    expect(posting.datePublished).toBeTruthy();
    expect(posting.dateModified).toBeTruthy();
    // The post's publisher names the company: an article sends no Organization block of its own.
    expect(blocks.map(expectDocumentedProperties)).toEqual(expect.arrayContaining(['BlogPosting', 'BreadcrumbList']));
    expect(posting.publisher).toMatchObject({ '@type': 'Organization', name: site.legalName });
    expect(posting.author).toMatchObject({ url: expect.stringMatching(/\/team\/helena-marsh$/) });
    const crumbs = blocks.find((block) => block['@type'] === 'BreadcrumbList').itemListElement as {
      name: string;
      item?: string;
    }[];
    // The last step, the page itself, names it; Google takes its address from the page.
    expect(crumbs.map((crumb) => crumb.item && new URL(crumb.item).pathname)).toEqual([
      '/',
      '/blog',
      '/blog/consulting',
      undefined,
    ]);
    expect(crumbs.at(-1)!.name).toBe(title);
  });

  test('text beyond ASCII arrives intact: in the HTML, in the hydration data, and after hydration', async ({
    page,
    request,
  }) => {
    const html = await (await request.get(`/blog/consulting/${slug}`)).text();
    expect(html).toContain(typography);
    const data = html.match(/<script type="application\/json" id="router-hydration">(.*?)<\/script>/s)?.[1] ?? '';
    expect(data).toMatch(/^[\x20-\x7e]+$/);
    expect(JSON.stringify(JSON.parse(data))).toContain(typography);
    await page.goto(`/blog/consulting/${slug}`);
    await expect(page.getByTestId('article-body').getByText(typography)).toBeVisible();
  });

  test('markdown is made safe on the server: bad schemes emptied, raw HTML and scripts as text', async ({
    request,
  }) => {
    const html = await (await request.get(`/blog/consulting/${slug}`)).text();
    const body = html.slice(html.indexOf('data-testid="article-body"'), html.indexOf('data-testid="share-bar"'));
    expect(body).not.toMatch(/href="(javascript|data|vbscript):/i);
    expect(body).not.toMatch(/src="javascript:/i);
    expect(body).not.toContain('<script');
    expect(body).not.toContain('<img src="x"');
    expect(body).toContain('&lt;script&gt;alert(&quot;raw&quot;)&lt;/script&gt;');
    expect(body).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('<script>alert(3)</script>');
  });

  test('an unknown article answers 404 with the "Post Not Found" screen', async ({ request }) => {
    const response = await request.get('/blog/labs/this-post-does-not-exist');
    expect(response.status()).toBe(404);
    const html = await response.text();
    expect(html).toContain('Post Not Found');
    expect(html).toContain('The requested post could not be found.');
  });

  test('a draft is not public: its address answers 404 to a visitor', async ({ playwright, baseURL, request }) => {
    const staff = await playwright.request.newContext({ baseURL });
    await staff.post('/api/admin/login', {
      data: { email: process.env.E2E_ADMIN_EMAIL, password: process.env.E2E_ADMIN_PASSWORD },
    });
    const draft = await staff.post('/api/admin/posts', {
      data: {
        title: 'Secret draft',
        slug: 'secret-draft-html',
        excerpt: 'Not yet.',
        body: 'Draft body.',
        section: 'labs',
        status: 'draft',
        tags: [],
      },
    });
    expect(draft.status()).toBe(201);
    const preview = await staff.get('/blog/labs/secret-draft-html');
    expect(preview.status()).toBe(200);
    expect(await preview.text()).toContain('Draft preview');
    await staff.dispose();
    expect((await request.get('/blog/labs/secret-draft-html')).status()).toBe(404);
  });
});

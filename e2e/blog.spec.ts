import { expect, test, type Page } from './fixtures';
import { type APIRequestContext } from '@playwright/test';
import { sectionColours } from '../common/src/types';
import { gotoHydrated } from './helpers/hydration';
import { freePort, startServer, waitForHealth, type ServerProcess } from './helpers/server-process';

const owner = { email: 'blog-owner@northbeam.example', password: 'blog-owner-password-0123' };

interface CreatedPost {
  id: string;
  slug: string;
  section: 'labs' | 'consulting';
  title: string;
}

async function signIn(request: APIRequestContext, baseUrl: string) {
  const response = await request.post(`${baseUrl}/api/admin/login`, { data: owner });
  expect(response.status()).toBe(200);
}

async function createPost(
  request: APIRequestContext,
  baseUrl: string,
  fields: Partial<{
    title: string;
    slug: string;
    section: 'labs' | 'consulting';
    body: string;
    excerpt: string;
    tags: string[];
    status: string;
    authorName: string;
    customMetaTags: string;
  }>,
): Promise<CreatedPost> {
  const title = fields.title ?? `Post ${Math.random().toString(36).slice(2, 8)}`;
  const response = await request.post(`${baseUrl}/api/admin/posts`, {
    data: {
      title,
      slug:
        fields.slug ??
        title
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-|-$/g, ''),
      excerpt: fields.excerpt ?? `An excerpt for ${title}.`,
      // A body repeats no `#` title: the page gives the article its one h1.
      body: fields.body ?? `## ${title}\n\nSome words about ${title} for the reader.`,
      section: fields.section ?? 'labs',
      status: fields.status ?? 'published',
      tags: fields.tags ?? [],
      ...(fields.authorName ? { authorName: fields.authorName } : {}),
      ...(fields.customMetaTags ? { customMetaTags: fields.customMetaTags } : {}),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as CreatedPost;
}

async function pageNumbers(page: Page): Promise<string[]> {
  return page
    .getByTestId('pager')
    .getByRole('link', { name: /^Page \d+$/ })
    .allTextContents();
}

test.describe('Blog against a database of its own', () => {
  test.describe.configure({ mode: 'serial', timeout: 180_000 });
  let server: ServerProcess;

  test.beforeAll(async ({ playwright }) => {
    // Its own server: a start and a migration on a busy machine can take more than the default 30 s.
    test.setTimeout(120_000);
    server = startServer(
      {
        PGLITE_DIR: 'memory://',
        ADMIN_EMAIL: owner.email,
        ADMIN_PASSWORD: owner.password,
        SESSION_SECRET: 'blog-suite-session-secret-0123456789abcdef',
      },
      await freePort(),
    );
    await waitForHealth(server);
    const request = await playwright.request.newContext();
    await signIn(request, server.baseUrl);
    // Remove the seeded posts so that the counts below are exact.
    // The list comes a page at a time: delete the first page until none is left.
    for (;;) {
      const existing = (await (await request.get(`${server.baseUrl}/api/admin/posts`)).json()) as {
        items: { id: string }[];
      };
      if (existing.items.length === 0) break;
      for (const post of existing.items)
        expect((await request.delete(`${server.baseUrl}/api/admin/posts/${post.id}`)).ok()).toBe(true);
    }
    await request.dispose();
  });

  test.afterAll(async () => {
    server?.child.kill('SIGTERM');
    await server?.exited;
  });

  test('shows "No posts yet" when nothing is published', async ({ page }) => {
    await page.goto(`${server.baseUrl}/blog`);
    await expect(page.getByTestId('posts-empty')).toContainText('No posts yet');
  });

  test('keeps the page-number window at five, pinned to the start, middle and end', async ({ page, playwright }) => {
    const request = await playwright.request.newContext();
    await signIn(request, server.baseUrl);
    // 8 pages of 15 (113 posts), alternating sections, created oldest first.
    for (let index = 1; index <= 113; index += 1) {
      await createPost(request, server.baseUrl, {
        title: `Pager post ${String(index).padStart(3, '0')}`,
        section: index % 2 ? 'labs' : 'consulting',
      });
    }
    await request.dispose();

    await page.goto(`${server.baseUrl}/blog`);
    await expect(page.getByTestId('pager-counter')).toHaveText('Showing 1-15 of 113 posts');
    expect(await pageNumbers(page)).toEqual(['1', '2', '3', '4', '5']);
    await expect(page.getByTestId('post-card').first()).toContainText('Pager post 113');

    await page.getByRole('link', { name: 'Page 5' }).click();
    await expect(page).toHaveURL(/page=5/);
    await expect(page.getByTestId('pager-counter')).toHaveText('Showing 61-75 of 113 posts');
    expect(await pageNumbers(page)).toEqual(['3', '4', '5', '6', '7']);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    await page.getByRole('link', { name: 'Next' }).click();
    await expect(page.getByTestId('pager-counter')).toHaveText('Showing 76-90 of 113 posts');
    expect(await pageNumbers(page)).toEqual(['4', '5', '6', '7', '8']);

    await page.getByRole('link', { name: 'Page 8' }).click();
    await expect(page.getByTestId('pager-counter')).toHaveText('Showing 106-113 of 113 posts');
    expect(await pageNumbers(page)).toEqual(['4', '5', '6', '7', '8']);
    await expect(page.getByTestId('pager').getByText('Next')).toHaveAttribute('aria-disabled', 'true');

    await page.getByRole('link', { name: 'Previous' }).click();
    await expect(page.getByTestId('pager-counter')).toHaveText('Showing 91-105 of 113 posts');
  });

  test('section lists hold only their section, with a back link and their own pager', async ({ page }) => {
    await page.goto(`${server.baseUrl}/blog/labs`);
    await expect(page.getByTestId('pager-counter')).toHaveText('Showing 1-15 of 57 posts');
    for (const badge of await page.getByTestId('post-card').locator('[data-section]').all()) {
      await expect(badge).toHaveAttribute('data-section', 'labs');
    }
    await expect(page.getByRole('link', { name: 'Back to Blog' })).toHaveAttribute('href', '/blog');
    await page.goto(`${server.baseUrl}/blog/consulting?page=4`);
    await expect(page.getByTestId('pager-counter')).toHaveText('Showing 46-56 of 56 posts');
  });

  test('search filters on the server and resets to page one', async ({ page }) => {
    await gotoHydrated(page, `${server.baseUrl}/blog?page=3`);
    await page.getByRole('searchbox', { name: 'Search posts' }).fill('pager post 10');
    await expect(page.getByTestId('search-summary')).toHaveText('Found 10 posts matching “pager post 10”');
    await expect(page).not.toHaveURL(/page=3/);
    await expect(page.getByTestId('pager-counter')).toHaveText('Showing 1-10 of 10 posts');

    await page.getByRole('searchbox', { name: 'Search posts' }).fill('LABS');
    await expect(page.getByTestId('search-summary')).toHaveText('Found 57 posts matching “LABS”');

    await page.getByRole('searchbox', { name: 'Search posts' }).fill('no such words anywhere');
    await expect(page.getByTestId('posts-no-match')).toContainText('No posts found');
    await page.getByTestId('posts-no-match').getByRole('link', { name: 'Clear search' }).click();
    await expect(page.getByTestId('pager-counter')).toHaveText('Showing 1-15 of 113 posts');
  });
});

test.describe('Blog on the shared server', () => {
  let labs: CreatedPost;
  let consulting: CreatedPost;
  const baseUrl = '';

  test.beforeAll(async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    const response = await request.post('/api/admin/login', {
      data: { email: process.env.E2E_ADMIN_EMAIL, password: process.env.E2E_ADMIN_PASSWORD },
    });
    expect(response.status()).toBe(200);
    labs = await createPost(request, baseUrl, {
      title: 'Prototyping a digital twin in ten days',
      section: 'labs',
      tags: ['Digital Twins', 'Prototyping'],
      authorName: 'Guest Author',
      excerpt: 'How a ten-day sprint took a plant twin from whiteboard to a working model.',
      body: [
        '## Day one',
        '',
        'We started with **one question** and a [reference](https://example.com/twin).',
        '',
        '[bad link](javascript:alert(1)) and ![bad image](data:image/png;base64,AAAA) and [vb](vbscript:msgbox(1))',
        '',
        '<script>window.__pwned = true</script>',
        '',
        '<img src="x" onerror="window.__pwned = true">',
        '',
        '```ts\nconst twin = build(); // a long line of code must scroll inside its block, never widen the page on a phone\n```',
        '',
        Array.from({ length: 1200 }, (_, index) => `word${index}`).join(' '),
      ].join('\n'),
      customMetaTags: '<meta name="news_keywords" content="plant"><script>window.__pwned = true</script>',
    });
    consulting = await createPost(request, baseUrl, {
      title: 'A governance checklist for AI pilots',
      section: 'consulting',
    });
    await request.dispose();
  });

  test('an article shows every element of the article page', async ({ page }) => {
    await page.goto(`/blog/labs/${labs.slug}`);
    await expect(page.getByRole('link', { name: 'Back to Labs Content' })).toHaveAttribute('href', '/blog/labs');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(labs.title);
    await expect(page.getByTestId('author-block')).toContainText('Guest Author');
    const facts = page.getByTestId('article-facts');
    await expect(facts).toContainText(/Published\s*[A-Z][a-z]+ \d{2}, \d{4}/);
    await expect(facts).toContainText('min read');
    await expect(facts).toContainText(/1,2\d\d words/);
    await expect(page.getByTestId('article-updated')).toHaveCount(0);
    await expect(page.getByTestId('article-tag')).toHaveText(['Digital Twins', 'Prototyping']);
    await expect(page.getByTestId('section-banner')).toHaveCSS('background-color', 'rgb(131, 250, 253)');
    await expect(page.getByTestId('section-banner')).toHaveAttribute('data-colour', sectionColours.labs);
    await expect(page.getByTestId('section-banner').getByRole('heading', { name: 'Labs' })).toBeVisible();
    const share = page.getByTestId('share-bar');
    await expect(share).toContainText('Share this article');
    const url = encodeURIComponent(page.url());
    await expect(share.getByRole('link', { name: 'Share on Twitter' })).toHaveAttribute(
      'href',
      new RegExp(url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
    );
    await expect(share.getByRole('link', { name: 'Share on LinkedIn' })).toHaveAttribute(
      'href',
      /summary=How%20a%20ten-day/,
    );
    await expect(share.getByRole('link', { name: 'Share on Facebook' })).toHaveAttribute('target', '_blank');
  });

  test('a first visit hydrates an article without creating an Intl date formatter (its first costs ~50 ms)', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const counted = window as unknown as { __dateFormatters: number };
      counted.__dateFormatters = 0;
      const Original = Intl.DateTimeFormat;
      Intl.DateTimeFormat = new Proxy(Original, {
        construct(target, args) {
          counted.__dateFormatters += 1;
          return Reflect.construct(target, args);
        },
        apply(target, self, args) {
          counted.__dateFormatters += 1;
          return Reflect.apply(target, self, args);
        },
      });
    });
    await page.goto(`/blog/labs/${labs.slug}`);
    expect(await page.evaluate(() => typeof (globalThis as { Temporal?: unknown }).Temporal)).toBe('object');
    await expect(page.getByTestId('article-facts')).toContainText(/Published\s*[A-Z][a-z]+ \d{2}, \d{4}/);
    await expect(page.getByTestId('article-facts')).toContainText(/1,2\d\d words/);
    expect(await page.evaluate(() => (window as unknown as { __dateFormatters: number }).__dateFormatters)).toBe(0);
  });

  test.describe('in a visitor time zone far from London', () => {
    test.use({ timezoneId: 'America/Los_Angeles' });

    test('an article rendered in the browser dates it by the UK calendar day', async ({ page }) => {
      await page.goto('/blog/consulting');
      // 23:30 UTC on 30 June is 16:30 on 30 June in Los Angeles, and already 1 July in London.
      await page.route(`**/api/posts/consulting/${consulting.slug}`, async (route) => {
        const response = await route.fetch();
        const post = (await response.json()) as Record<string, unknown>;
        const at = '2025-06-30T23:30:00.000Z';
        await route.fulfill({
          response,
          json: { ...post, createdAt: at, publishedAt: at, updatedAt: at, revisionDate: null },
        });
      });
      await page.getByRole('link', { name: consulting.title }).first().click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(consulting.title);
      await expect(page.getByTestId('article-facts')).toContainText(/Published\s*July 01, 2025/);
    });
  });

  test('markdown is rendered safely: bad schemes emptied, raw HTML shown as text', async ({ page }) => {
    await page.goto(`/blog/labs/${labs.slug}`);
    const body = page.getByTestId('article-body');
    await expect(body.getByRole('heading', { name: 'Day one' })).toBeVisible();
    await expect(body.getByRole('link', { name: 'reference' })).toHaveAttribute('href', 'https://example.com/twin');
    await expect(body.getByText('bad link')).not.toHaveAttribute('href', /javascript/);
    await expect(body.locator('a[href^="javascript"], a[href^="vbscript"], img[src^="data:"]')).toHaveCount(0);
    await expect(body).toContainText('<script>window.__pwned = true</script>');
    await expect(body).toContainText('<img src="x" onerror="window.__pwned = true">');
    expect(await page.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned)).toBeUndefined();
  });

  test('a first visit hydrates the article without the markdown parser; a client-side move parses the next body', async ({
    page,
  }) => {
    const scripts: Promise<string>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.text().catch(() => ''));
    });
    // unified's own error text marks the chunk that holds react-markdown and its parser.
    const parserLoaded = async () => (await Promise.all(scripts)).some((text) => text.includes('without `parser`'));
    await page.goto(`/blog/labs/${labs.slug}`);
    const body = page.getByTestId('article-body');
    await expect(body.getByRole('heading', { name: 'Day one' })).toBeVisible();
    await page.getByRole('button', { name: 'Copy link' }).waitFor();
    expect(await parserLoaded()).toBe(false);

    const next = page.getByTestId('more-from').getByTestId('more-from-card').first().getByRole('link').first();
    const nextTitle = (await next.textContent())?.trim() ?? '';
    await next.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(nextTitle);
    await expect(body).not.toContainText('Day one');
    await expect(body.getByText('Loading…')).toHaveCount(0);
    await expect(body.locator('p').first()).toBeVisible();
    await expect.poll(parserLoaded).toBe(true);
  });

  test('an article sends its body once, as HTML: not in the hydration data, hydrated without a mismatch, and back after moves', async ({
    page,
  }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    const response = await gotoHydrated(page, `/blog/labs/${labs.slug}`);
    const html = (await response?.text()) ?? '';
    const data = html.match(/<script type="application\/json" id="router-hydration">(.*?)<\/script>/s)?.[1] ?? '';
    expect(html).toContain('word1199');
    expect(data).not.toContain('word1199');
    expect(data).not.toContain('Day one');
    // Nor what only the page's other kept blocks show: the header's author and tags, the "More
    // from" cards, the footer's social and studio links.
    const firstCard = page.getByTestId('more-from-card').first().getByRole('heading');
    const cardTitle = (await firstCard.textContent()) ?? '';
    expect(cardTitle.length).toBeGreaterThan(10);
    expect(html).toContain(cardTitle);
    await expect(page.getByTestId('author-block')).toContainText('Guest Author');
    for (const shown of [cardTitle, 'Guest Author', 'Digital Twins', 'linkedin.com/company', 'simulationcreation'])
      expect(data).not.toContain(shown);
    expect(html).toContain('linkedin.com/company');
    const body = page.getByTestId('article-body');
    await expect(body.getByRole('heading', { name: 'Day one' })).toBeVisible();
    await page.waitForTimeout(500);
    expect(problems.filter((text) => /hydrat|Minified React error|#41[89]|#42[3-5]/i.test(text))).toEqual([]);

    // Away by a client-side move and back: the body then comes as data and shows the same.
    const next = page.getByTestId('more-from').getByTestId('more-from-card').first().getByRole('link').first();
    await next.click();
    await expect(body).not.toContainText('Day one');
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(labs.title);
    await expect(body.getByRole('heading', { name: 'Day one' })).toBeVisible();
    await expect(body).toContainText('word1199');
    await expect(page.getByTestId('author-block')).toContainText('Guest Author');

    // The footer, whose links the data sent only as its stand-in, still leads to the studios' page,
    // which lists them by its own data.
    await page.getByTestId('site-footer').getByRole('link', { name: 'Immersive', exact: true }).click();
    await expect(page).toHaveURL(/\/immersive$/);
    await expect(page.getByTestId('studio-card')).toHaveCount(2);
    await expect(page.getByTestId('site-footer').getByRole('link', { name: /Fooh Studios/ })).toBeVisible();
    expect(problems.filter((text) => /hydrat|Minified React error|#41[89]|#42[3-5]/i.test(text))).toEqual([]);
  });

  test('the copy button confirms for two seconds', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.clock.install();
    await page.goto(`/blog/labs/${labs.slug}`);
    await page.getByRole('button', { name: 'Copy link' }).click();
    await expect(page.getByText('Link copied to clipboard!')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
    await page.clock.runFor(2100);
    await expect(page.getByText('Link copied to clipboard!')).toHaveCount(0);
  });

  test('"More from" appears only when the section has other posts, with at most three cards', async ({ page }) => {
    await page.goto(`/blog/labs/${labs.slug}`);
    const more = page.getByTestId('more-from');
    await expect(more.getByRole('heading', { name: 'More from Labs' })).toBeVisible();
    const cards = more.getByTestId('more-from-card');
    expect(await cards.count()).toBeLessThanOrEqual(3);
    await expect(cards.first()).toContainText(/\d{1,2} [A-Z][a-z]{2} \d{4}/);
    await expect(more.getByRole('link', { name: labs.title })).toHaveCount(0);
  });

  test('an unknown slug answers 404 with "Post Not Found"', async ({ page }) => {
    const response = await page.goto('/blog/consulting/no-such-post');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Post Not Found' })).toBeVisible();
    await expect(page.getByText('The requested post could not be found.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Consulting Insights' })).toBeVisible();
  });

  test('a failing API shows "Error Loading Post" after client navigation', async ({ page }) => {
    await gotoHydrated(page, '/blog/consulting');
    await page.route('**/api/posts/consulting/**', (route) =>
      route.fulfill({ status: 503, body: '{"statusCode":503,"error":"down"}' }),
    );
    await page.getByRole('link', { name: consulting.title }).first().click();
    await expect(page.getByRole('heading', { name: 'Error Loading Post' })).toBeVisible();
    await expect(page.getByText('Failed to load the blog post. Please try again later.')).toBeVisible();
  });

  test('a client-side move to an article shows its loading skeleton, then the article and its title', async ({
    page,
  }) => {
    await gotoHydrated(page, '/blog/consulting');
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/api/posts/consulting/${consulting.slug}`, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('link', { name: consulting.title }).first().click();
    await expect(page.getByTestId('article-loading')).toBeVisible();
    await expect(
      page.getByTestId('article-loading').getByRole('link', { name: 'Back to Consulting Insights' }),
    ).toBeVisible();
    release();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(consulting.title);
    await expect(page.getByTestId('article-loading')).toHaveCount(0);
    await expect(page).toHaveTitle(new RegExp(consulting.title));
  });

  test('a client-side move to an article that is gone shows "Post Not Found"', async ({ page }) => {
    await gotoHydrated(page, '/blog/consulting');
    await page.route(`**/api/posts/consulting/${consulting.slug}`, (route) =>
      route.fulfill({ status: 404, body: '{"statusCode":404,"error":"Not Found"}' }),
    );
    await page.getByRole('link', { name: consulting.title }).first().click();
    await expect(page.getByRole('heading', { name: 'Post Not Found' })).toBeVisible();
    await expect(page.getByText('The requested post could not be found.')).toBeVisible();
    await expect(page).toHaveTitle(/Post Not Found/);
  });

  test('a failing list shows "Error Loading Posts"', async ({ page }) => {
    await gotoHydrated(page, '/blog');
    await page.route('**/api/posts?**', (route) =>
      route.fulfill({ status: 500, body: '{"statusCode":500,"error":"boom"}' }),
    );
    await page.getByRole('navigation', { name: 'Blog sections' }).getByRole('link', { name: 'Labs Content' }).click();
    await expect(page.getByTestId('posts-error')).toContainText('Error Loading Posts');
    await expect(page.getByText('Failed to load blog posts. Please try again later.')).toBeVisible();
  });

  test('filter links lead to both sections', async ({ page }) => {
    await page.goto('/blog');
    const filters = page.getByRole('navigation', { name: 'Blog sections' });
    await expect(filters.getByRole('link', { name: 'All Posts' })).toHaveAttribute('aria-current', 'page');
    await filters.getByRole('link', { name: 'Consulting Insights' }).click();
    await expect(page).toHaveURL(/\/blog\/consulting$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Consulting Insights');
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the list and an article read well at 390 px', async ({ page }) => {
      await page.goto('/blog');
      await expect(page.getByTestId('post-card').first()).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.goto(`/blog/labs/${labs.slug}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
    });
  });
});

import { expect, test, type Page } from './fixtures';
import { consentVersion } from '../common/src/privacy';
import { site } from '../common/src/site';
import { named, spyOnAnalytics, type TrackedEvent } from './helpers/analytics-spy';

async function waitForPageView(events: TrackedEvent[], path: string) {
  await expect.poll(() => named(events, 'Page View').some((event) => event.properties.page_url === path)).toBe(true);
}

/** The newest published post of a section (the e2e server seeds some). */
async function firstPost(page: Page, section: 'labs' | 'consulting'): Promise<{ slug: string; title: string }> {
  const response = await page.request.get(`/api/posts?section=${section}&pageSize=1`);
  const [post] = ((await response.json()) as { items: { slug: string; title: string }[] }).items;
  return post;
}

async function openWithClock(page: Page, events: TrackedEvent[], path: string) {
  await page.clock.install();
  await page.goto(path);
  await waitForPageView(events, path);
}

test.describe('First-party analytics', () => {
  // A zone other than the machine's own, so that the visitor's zone is seen to be read.
  test.use({ timezoneId: 'Asia/Tokyo' });
  let events: TrackedEvent[];

  test.beforeEach(async ({ page }) => {
    events = await spyOnAnalytics(page);
    // A choice already made, so that the banner stays out of the way of the footer: analytics accepted,
    // since a visitor who refused it sends nothing but the consent event (docs/product.md#analytics-counting).
    await page.addInitScript(
      ({ key, version }) => {
        const record = {
          preferences: { essential: true, analytics: true, marketing: false },
          timestamp: new Date().toISOString(),
          userId: 'user_e2e00000_1763784000000',
          version,
        };
        localStorage.setItem(key, JSON.stringify(record));
      },
      { key: site.consentStorageKey, version: consentVersion },
    );
  });

  test('tracks a page view on every path change with the previous page and the shared properties', async ({ page }) => {
    await page.goto('/');
    await waitForPageView(events, '/');
    const first = named(events, 'Page View')[0];
    expect(first.properties).toMatchObject({
      page_url: '/',
      previous_page: 'direct',
      referrer: 'direct',
      source: 'client',
      platform: 'web',
      language: expect.any(String),
      timezone: 'Asia/Tokyo',
      user_agent: expect.any(String),
      screen_resolution: expect.stringMatching(/^\d+x\d+$/),
      timestamp: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      page_title: expect.any(String),
    });

    await page.getByTestId('site-footer').getByRole('link', { name: 'About' }).click();
    await waitForPageView(events, '/about');
    await page.getByTestId('site-footer').getByRole('link', { name: 'Labs' }).click();
    await waitForPageView(events, '/labs');
    const views = named(events, 'Page View').map((event) => [
      event.properties.page_url,
      event.properties.previous_page,
    ]);
    expect(views).toEqual([
      ['/', 'direct'],
      ['/about', '/'],
      ['/labs', '/about'],
    ]);
    const timings = named(events, 'page_timing').map((event) => event.properties.page_url);
    expect(timings).toEqual(['/', '/about']);
  });

  test("a page view reached by client-side navigation carries that page's own title, not the previous page's", async ({
    page,
  }) => {
    await page.goto('/case-studies');
    await waitForPageView(events, '/case-studies');
    await page.getByRole('banner').getByRole('link', { name: 'Contact', exact: true }).first().click();
    await waitForPageView(events, '/contact');
    const contact = named(events, 'Page View').find((event) => event.properties.page_url === '/contact')!;
    expect(contact.properties.page_title).toMatch(/^Contact/);
    expect(contact.properties.previous_page).toBe('/case-studies');

    // An article's data arrives after its route: the view waits for the article's own title.
    const article = await firstPost(page, 'labs');
    await page.getByRole('banner').getByRole('link', { name: 'Blog', exact: true }).first().click();
    await waitForPageView(events, '/blog');
    await page.locator(`main a[href="/blog/labs/${article.slug}"]`).first().click();
    await waitForPageView(events, `/blog/labs/${article.slug}`);
    const articleViews = named(events, 'Page View').filter(
      (event) => event.properties.page_url === `/blog/labs/${article.slug}`,
    );
    expect(articleViews).toHaveLength(1);
    expect(articleViews[0].properties.page_title).toBe(`${article.title} | ${site.name}`);
    expect(named(events, 'Page View').map((event) => event.properties.page_url)).toEqual([
      '/case-studies',
      '/contact',
      '/blog',
      `/blog/labs/${article.slug}`,
    ]);
  });

  test('a case study reached by client-side navigation carries its own title', async ({ page }) => {
    await page.goto('/case-studies');
    await waitForPageView(events, '/case-studies');
    await page.locator('main a[href="/case-studies/relative-probability"]').first().click();
    await waitForPageView(events, '/case-studies/relative-probability');
    const view = named(events, 'Page View').find(
      (event) => event.properties.page_url === '/case-studies/relative-probability',
    )!;
    expect(view.properties.page_title).not.toMatch(/^Case study \|/);
    expect(view.properties.page_title).toBe(await page.title());
  });

  test('records service-page engagement once after 15 seconds and the time spent on leaving', async ({ page }) => {
    await openWithClock(page, events, '/labs');
    await page.clock.runFor(13_000);
    expect(named(events, 'service_page_engagement')).toHaveLength(0);
    await page.clock.runFor(2_500);
    await expect.poll(() => named(events, 'service_page_engagement').length).toBe(1);
    expect(named(events, 'service_page_engagement')[0].properties).toMatchObject({
      page_name: 'labs',
      page_type: 'service',
      engagement_type: 'engaged',
      seconds: 15,
    });
    await page.clock.runFor(30_000);
    expect(named(events, 'service_page_engagement')).toHaveLength(1);

    await page.getByTestId('site-footer').getByRole('link', { name: 'About' }).click();
    await waitForPageView(events, '/about');
    await expect.poll(() => named(events, 'service_page_engagement').length).toBe(2);
    const left = named(events, 'service_page_engagement')[1].properties;
    expect(left).toMatchObject({ page_name: 'labs', engagement_type: 'time_spent' });
    expect(left.seconds).toBeGreaterThanOrEqual(45);
  });

  for (const [path, name] of [
    ['/consulting', 'consulting'],
    ['/immersive', 'immersive'],
  ] as const) {
    test(`names the ${name} page in its engagement event`, async ({ page }) => {
      await openWithClock(page, events, path);
      await page.clock.runFor(15_500);
      await expect
        .poll(() => named(events, 'service_page_engagement').map((event) => event.properties.page_name))
        .toEqual([name]);
    });
  }

  test('article: a view on arrival, engaged once after 30 seconds, and each scroll milestone once with its level', async ({
    page,
  }) => {
    const article = await firstPost(page, 'labs');
    await openWithClock(page, events, `/blog/labs/${article.slug}`);
    await expect.poll(() => named(events, 'Blog Post View').length).toBe(1);
    expect(named(events, 'Blog Post View')[0].properties).toMatchObject({
      title: article.title,
      section: 'labs',
      path: `/blog/labs/${article.slug}`,
    });
    // A long body so that the page scrolls.
    await page.evaluate(() => {
      const filler = document.createElement('div');
      filler.style.height = '6000px';
      document.getElementById('main')!.appendChild(filler);
    });
    const scrollTo = async (fraction: number) => {
      await page.evaluate((share) => {
        window.scrollTo(0, (document.documentElement.scrollHeight - window.innerHeight) * share);
        window.dispatchEvent(new Event('scroll'));
      }, fraction);
    };
    await scrollTo(0.3);
    await scrollTo(0.2);
    await scrollTo(0.55);
    await scrollTo(1);
    await scrollTo(0.1);
    await scrollTo(1);
    await expect
      .poll(() =>
        named(events, 'blog_post_scroll').map((event) => [
          event.properties.scroll_depth,
          event.properties.engagement_level,
        ]),
      )
      .toEqual([
        [25, 'low'],
        [50, 'medium'],
        [75, 'high'],
        [100, 'high'],
      ]);

    await page.clock.runFor(25_000);
    expect(named(events, 'blog_post_read')).toHaveLength(0);
    await page.clock.runFor(6_000);
    await expect.poll(() => named(events, 'blog_post_read').length).toBe(1);
    expect(named(events, 'blog_post_read')[0].properties).toMatchObject({
      engagement_type: 'engaged',
      seconds: 30,
      section: 'labs',
    });

    // Leaving after engagement sends nothing more.
    await page.getByTestId('site-footer').getByRole('link', { name: 'About' }).click();
    await waitForPageView(events, '/about');
    expect(named(events, 'blog_post_read')).toHaveLength(1);
  });

  test('article: leaving before 30 seconds reports the time only when over 10 seconds', async ({ page }) => {
    const article = await firstPost(page, 'consulting');
    const articlePath = `/blog/consulting/${article.slug}`;
    await openWithClock(page, events, articlePath);
    await page.clock.runFor(8_000);
    await page.getByTestId('site-footer').getByRole('link', { name: 'About' }).click();
    await waitForPageView(events, '/about');
    expect(named(events, 'blog_post_read')).toHaveLength(0);

    await page.goBack();
    // The second arrival (the first visit's page view is already recorded).
    await expect
      .poll(() => named(events, 'Page View').filter((event) => event.properties.page_url === articlePath).length)
      .toBe(2);
    await expect(page.getByRole('heading', { level: 1, name: article.title })).toBeVisible();
    await page.clock.runFor(12_000);
    await page.getByTestId('site-footer').getByRole('link', { name: 'About' }).click();
    await expect.poll(() => named(events, 'blog_post_read').length).toBe(1);
    const read = named(events, 'blog_post_read')[0].properties;
    expect(read).toMatchObject({
      engagement_type: 'time_spent',
      section: 'consulting',
      path: articlePath,
    });
    expect(read.seconds).toBeGreaterThan(10);
  });

  test('records social media and studio clicks from the footer', async ({ page }) => {
    await page.goto('/');
    await waitForPageView(events, '/');
    // Keep the external sites closed: the click handlers still run, the new tab is not opened.
    await page.evaluate(() =>
      document.addEventListener(
        'click',
        (event) => {
          if ((event.target as Element).closest('a[target="_blank"]')) event.preventDefault();
        },
        true,
      ),
    );
    const footer = page.getByTestId('site-footer');
    await footer.getByRole('link', { name: /on LinkedIn/ }).click();
    await footer.getByRole('link', { name: /on YouTube/ }).click();
    await footer.getByRole('link', { name: /Simulation Creation/ }).click();
    await expect
      .poll(() => named(events, 'social_media_click').map((event) => event.properties.platform))
      .toEqual(['linkedin', 'youtube']);
    await expect
      .poll(() => named(events, 'studio_visit').map((event) => event.properties.studio))
      .toEqual(['simulation_creation']);
  });

  test('a failing analytics call only logs a warning', async ({ page }) => {
    await page.unroute('**/api/analytics/track');
    await page.route('**/api/analytics/track', (route) => route.fulfill({ status: 500, body: 'nope' }));
    const warnings: string[] = [];
    const errors: Error[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error));
    await page.goto('/');
    await expect.poll(() => warnings.some((text) => text.includes('Analytics tracking failed'))).toBe(true);
    await page.getByTestId('site-footer').getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL(/\/about$/);
    expect(errors).toEqual([]);
  });
});

import { expect, test, type Page } from './fixtures';
import { site } from '../common/src/site';
import { clients } from '../common/src/clients';
import { team } from '../common/src/team';
import { gotoHydrated } from './helpers/hydration';

/** Pages that render fully on the server can be checked right after the response. */
async function open(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  return response;
}

test.describe('Home', () => {
  test('shows every section in order with its calls to action and links', async ({ page }) => {
    await open(page, '/');
    const main = page.locator('main');
    const hero = page.getByTestId('hero-actions');
    await expect(hero.getByRole('link', { name: /Consulting/ })).toHaveAttribute('href', '/consulting');
    await expect(hero.getByRole('link', { name: /Labs/ })).toHaveAttribute('href', '/labs');
    await expect(hero.getByRole('link', { name: /Immersive/ })).toHaveAttribute('href', '/immersive');
    await expect(page.getByTestId('capabilities').locator('li:not([aria-hidden])')).toHaveCount(10);
    await expect(page.getByTestId('team-strip')).toContainText('Talk to the Team');
    await expect(page.getByTestId('logo-marquee')).toBeVisible();
    for (const step of ['Consulting Meets Creation', 'Portfolio-as-a-Service', 'Custom Builds and Prototypes']) {
      await expect(main.getByRole('heading', { name: step })).toBeVisible();
    }
    const cards = page.getByTestId('case-study-card');
    await expect(cards).toHaveCount(3);
    await expect(cards.first().getByRole('link', { name: /Read case study/ })).toHaveAttribute(
      'href',
      /^\/case-studies\/[a-z0-9-]+$/,
    );
    await expect(main.getByRole('link', { name: 'View all case studies' })).toHaveAttribute('href', '/case-studies');
    await expect(main.getByRole('link', { name: 'Meet the team' })).toHaveAttribute('href', '/about');
    await expect(page.getByTestId('pillar-card')).toHaveCount(3);
    await expect(page.getByTestId('stats')).toContainText('10+');
    await expect(main.getByRole('heading', { name: 'Latest Insights' })).toBeVisible();
    await expect(main.getByRole('link', { name: 'Read the blog' })).toHaveAttribute('href', '/blog');
    await expect(page.getByTestId('home-cta').getByRole('link', { name: /Start a project/ })).toHaveAttribute(
      'href',
      '/contact',
    );
    await expect(page.locator('section#contact').getByLabel('Name', { exact: true })).toHaveCount(1);

    const order = await main.locator('h2').allTextContents();
    const indexOf = (text: string) => order.findIndex((heading) => heading.includes(text));
    expect(indexOf('You have heard enough')).toBeLessThan(indexOf('Three ways in'));
    expect(indexOf('Three ways in')).toBeLessThan(indexOf('Recent work'));
    expect(indexOf('Recent work')).toBeLessThan(indexOf('Senior people'));
    expect(indexOf('Three service lines')).toBeLessThan(indexOf('Latest Insights'));
  });

  test('renders Latest Insights with an empty state when the post lists are unavailable', async ({ page }) => {
    await page.route('**/api/posts?**', (route) =>
      route.fulfill({ status: 503, json: { statusCode: 503, error: 'down' } }),
    );
    // Start elsewhere so that the home loader runs in the browser, where the routes apply.
    await open(page, '/about');
    await page.getByTestId('brand').click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('insights-consulting')).toContainText('No posts yet');
    await expect(page.getByTestId('insights-labs')).toContainText('No posts yet');
  });

  test("hydrates the server's case study and insight cards as they are: no mismatch, images tracked, links in place", async ({
    page,
  }) => {
    // The cards' server HTML is made once per content and reused; React must take it over unchanged.
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await open(page, '/');
    const cards = page.getByTestId('case-study-card');
    await expect(cards).toHaveCount(3);
    await expect(cards.first().locator('[data-image-state]')).toHaveAttribute('data-image-state', 'loading');
    await cards.first().scrollIntoViewIfNeeded();
    // Only the hydrated card's effect can tell that its image has arrived.
    await expect(cards.first().locator('[data-image-state]')).toHaveAttribute('data-image-state', 'loaded');
    const insight = page.getByTestId('insights-labs').getByTestId('insight-card').first();
    await insight.scrollIntoViewIfNeeded();
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    const href = await insight.getByRole('link').getAttribute('href');
    await insight.getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(errors).toEqual([]);
  });

  test('draws every avatar and client wordmark from one sprite per folder', async ({ page }) => {
    const illustrations = new Set<string>();
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (/^\/images\/(team|clients)\//.test(pathname)) illustrations.add(pathname);
    });
    await open(page, '/');
    const images = page.getByTestId('team-strip').locator('img').or(page.getByTestId('logo-marquee').locator('img'));
    await page.getByTestId('logo-marquee').scrollIntoViewIfNeeded();
    await expect(images).toHaveCount(team.length + 2 * clients.length);
    for (const image of await images.all()) {
      await expect(image).toHaveAttribute('src', /^\/images\/(team|clients)\/sprite\.svg#[a-z-]+$/);
    }
    // Lazy images load once on screen: the avatars, and the marquee's first wordmark.
    const drawn = page
      .getByTestId('team-strip')
      .locator('img')
      .or(page.getByTestId('logo-marquee').locator('img').first());
    for (const image of await drawn.all()) {
      await expect
        .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0))
        .toBe(true);
    }
    expect([...illustrations].sort()).toEqual(['/images/clients/sprite.svg', '/images/team/sprite.svg']);
  });

  test('draws client names as outlines sized like their marquee slots, never as text in a fallback font', async ({
    page,
    request,
  }) => {
    const sprite = await (await request.get('/images/clients/sprite.svg')).text();
    // An SVG shown as an image cannot load web fonts: a <text> would be set in whatever the phone has.
    expect(sprite).not.toContain('<text');
    for (const client of clients) {
      const slug = /([a-z0-9-]+)\.svg$/.exec(client.logo)![1];
      const view = new RegExp(`<view id="${slug}" viewBox="0 \\d+ (\\d+) 48"/>`).exec(sprite);
      // The <img> reserves width x 48 before the sprite arrives: a mismatch would stretch or shift the row.
      expect(Number(view?.[1]), slug).toBe(client.width);
      const single = await (await request.get(client.logo)).text();
      expect(single, slug).toContain(`width="${client.width}" height="48"`);
    }
    await open(page, '/');
    const first = page.getByTestId('logo-marquee').locator('img').first();
    await first.scrollIntoViewIfNeeded();
    await expect
      .poll(() => first.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0))
      .toBe(true);
    const box = await first.boundingBox();
    expect(box!.width / box!.height).toBeCloseTo(clients[0].width / 48, 1);
  });

  test('links the two newest posts of each section, asking the server for two of each', async ({ page }) => {
    const post = (section: string, slug: string, createdAt: string) => ({
      id: slug,
      section,
      slug,
      title: `Post ${slug}`,
      excerpt: 'Excerpt',
      status: 'published',
      authorId: null,
      authorName: 'Helena Marsh',
      authorCredentials: null,
      authorBio: null,
      tags: [],
      metaDescription: null,
      customMetaTags: null,
      wordCount: 400,
      readingTime: 2,
      createdAt,
      updatedAt: createdAt,
      publishedAt: createdAt,
      revisionDate: null,
    });
    const asked: string[] = [];
    await page.route('**/api/posts?**', (route) => {
      const url = new URL(route.request().url());
      asked.push(`${url.searchParams.get('section')}:${url.searchParams.get('pageSize')}`);
      const items =
        url.searchParams.get('section') === 'consulting'
          ? [post('consulting', 'c-new', '2025-03-01T00:00:00Z'), post('consulting', 'c-mid', '2025-02-01T00:00:00Z')]
          : [post('labs', 'l-one', '2025-06-30T23:30:00Z')];
      return route.fulfill({ json: { items, total: items.length, page: 1, pageSize: 2, totalPages: 1 } });
    });
    await open(page, '/about');
    await page.getByTestId('brand').click();
    await expect(page).toHaveURL(/\/$/);
    const consulting = page.getByTestId('insights-consulting').getByTestId('insight-card');
    await expect(consulting).toHaveCount(2);
    await expect(consulting.first().getByRole('link')).toHaveAttribute('href', '/blog/consulting/c-new');
    await expect(consulting.nth(1).getByRole('link')).toHaveAttribute('href', '/blog/consulting/c-mid');
    await expect(page.getByTestId('insights-labs').getByRole('link', { name: 'Post l-one' })).toHaveAttribute(
      'href',
      '/blog/labs/l-one',
    );
    // Dates in UK time: half past eleven on 30 June (UTC) is already 1 July in London.
    await expect(consulting.first().locator('time')).toHaveText('Mar 01, 2025');
    await expect(page.getByTestId('insights-labs').locator('time')).toHaveText('Jul 01, 2025');
    expect(asked.sort()).toEqual(['consulting:2', 'labs:2']);
  });
});

test.describe('Kept islands (copy, footer)', () => {
  test('arrive as server HTML, stay untouched by hydration, and their links navigate without a reload', async ({
    page,
  }) => {
    await open(page, '/');
    const builders = page.locator('[data-island="home-builders"]');
    await expect(builders.getByRole('heading', { name: /Senior people who still write the code/ })).toBeVisible();
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await builders.getByRole('link', { name: 'Meet the team' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await expect(
      page.locator('[data-island="home-how-we-work"]').getByRole('heading', { name: 'Consulting Meets Creation' }),
    ).toBeVisible();
    await expect(page.getByTestId('hero-actions').getByRole('link', { name: /Enter the Labs/ })).toHaveAttribute(
      'href',
      '/labs',
    );
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  });

  test('the footer is one: server HTML whose code a first visit never downloads, and whose links navigate in place', async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.url());
    });
    await gotoHydrated(page, '/privacy');
    await page.waitForLoadState('networkidle');
    // A kept island, marked by the fingerprint of its inputs (the year is in its id, the settings' links its inputs).
    const footer = page.locator('[data-island]').filter({ has: page.getByTestId('site-footer') });
    await expect(footer.getByTestId('copyright')).toContainText('Registered office:');
    const bodies = await Promise.all(scripts.map(async (url) => (await page.request.get(url)).text()));
    expect(bodies.some((code) => code.includes('Registered office:'))).toBe(false);

    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await footer.getByRole('link', { name: 'Terms & Conditions' }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Terms');
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  });

  test('a modified click is left to the browser (a new tab), the page stays where it is', async ({ page, context }) => {
    await open(page, '/');
    const opened = context.waitForEvent('page');
    await page
      .locator('[data-island="home-pillars"]')
      .getByTestId('pillar-card')
      .first()
      .click({ modifiers: ['ControlOrMeta'] });
    const tab = await opened;
    await tab.waitForLoadState();
    expect(new URL(tab.url()).pathname).toBe('/consulting');
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('Home: code loaded when needed', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a first visit loads the contact form code only when the form comes near, and then it works', async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.url());
    });
    const bodies = async () => Promise.all(scripts.map(async (url) => (await page.request.get(url)).text()));
    await gotoHydrated(page, '/');
    await page.waitForLoadState('networkidle');
    // Server HTML: the form is on the page (and readable) before its code arrives.
    expect(await page.locator('[data-testid="contact-form"]').count()).toBe(1);
    expect((await bodies()).some((code) => code.includes('Sending...'))).toBe(false);

    const events: string[] = [];
    await page.route('**/api/analytics/track', async (route) => {
      events.push((route.request().postDataJSON() as { event: string }).event);
      await route.fulfill({ status: 204 });
    });
    await page.getByTestId('contact-form').scrollIntoViewIfNeeded();
    await expect.poll(async () => (await bodies()).some((code) => code.includes('Sending...'))).toBe(true);
    // Hydrated: the first focus of the name field reports that the form was started.
    const name = page.getByTestId('contact-form').getByLabel('Name', { exact: true });
    await expect(async () => {
      await name.blur();
      await name.focus();
      expect(events).toContain('Contact Form Started');
    }).toPass();
  });

  test('the moving bands move only while on screen, also after a client-side visit', async ({ page }) => {
    await gotoHydrated(page, '/');
    await page.waitForLoadState('load');
    const logos = page.getByTestId('logo-marquee').locator('ul');
    await expect(logos).toHaveCSS('animation-play-state', 'paused');
    await logos.scrollIntoViewIfNeeded();
    await expect(logos).toHaveCSS('animation-play-state', 'running');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(logos).toHaveCSS('animation-play-state', 'paused');

    await page.getByTestId('site-footer').getByRole('link', { name: 'Consulting' }).click();
    await expect(page).toHaveURL(/\/consulting$/);
    await expect(page.getByRole('heading', { level: 1 })).not.toContainText('Less talk. More build.');
    const consultingLogos = page.getByTestId('logo-marquee').locator('ul');
    // The band pauses under the pointer: keep the pointer (left on the footer link) away from it.
    await page.mouse.move(0, 0);
    await expect(async () => {
      await consultingLogos.scrollIntoViewIfNeeded();
      await expect(consultingLogos).toHaveCSS('animation-play-state', 'running', { timeout: 1000 });
    }).toPass();
  });

  test('a client-side visit shows every block at once: copy, cards, insights, team row and contact form', async ({
    page,
  }) => {
    await gotoHydrated(page, '/about');
    await page.getByTestId('brand').click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Less talk. More build.');
    await expect(
      page.locator('[data-island="home-builders"]').getByRole('link', { name: 'Meet the team' }),
    ).toHaveAttribute('href', '/about');
    await expect(page.getByTestId('case-study-card')).toHaveCount(3);
    await expect(page.getByTestId('team-strip')).toContainText('Talk to the Team');
    await expect(page.getByTestId('stats')).toContainText('Industries served');
    await expect(page.getByTestId('contact-form')).toHaveCount(1);
    await expect(page.getByTestId('home-cta').getByRole('link')).toHaveAttribute('href', '/contact');
  });
});

test.describe('Consulting', () => {
  test('has both hero calls to action, the four offerings, nine sectors, marquee and contact section', async ({
    page,
  }) => {
    await open(page, '/consulting');
    const main = page.locator('main');
    await expect(main.getByRole('link', { name: /Start Your Journey/ })).toHaveAttribute('href', '/contact');
    await expect(main.getByRole('link', { name: 'Book a Consultation' }).first()).toHaveAttribute('href', '/contact');
    await expect(page.getByTestId('tagline')).toHaveText(site.tagline);
    await expect(page.getByTestId('team-strip')).toBeVisible();
    await expect(page.getByTestId('consulting-bullets').locator('li')).toHaveCount(4);
    const offerings = page.getByTestId('offering-card');
    await expect(offerings).toHaveCount(4);
    for (const title of [
      'Strategy & Roadmapping',
      'Prototyping & Proof of Concept',
      'Governance & Compliance',
      'Change Enablement',
    ]) {
      await expect(offerings.getByRole('heading', { name: title })).toBeVisible();
    }
    await expect(page.getByTestId('sector-tags').locator('li')).toHaveText([
      'Pharma',
      'Oil & Gas',
      'Manufacturing',
      'Education',
      'Fire Safety',
      'Military',
      'Hospitality',
      'Healthcare',
      'Space',
    ]);
    await expect(page.getByTestId('logo-marquee')).toBeVisible();
    await expect(page.locator('section#contact').getByLabel('Name', { exact: true })).toHaveCount(1);
  });
});

test.describe('Labs', () => {
  test('has the pipeline anchor, offerings, six steps, sample projects, funding models and the 48-hour promise', async ({
    page,
  }) => {
    await open(page, '/labs');
    const main = page.locator('main');
    await expect(main.getByRole('link', { name: /Book a Discovery Call/ })).toHaveAttribute('href', '/contact');
    await main.getByRole('link', { name: 'See the Pipeline' }).click();
    await expect(page).toHaveURL(/#pipeline$/);
    await expect(page.locator('#pipeline')).toBeInViewport();
    await expect(page.getByTestId('offering-card').getByRole('heading')).toHaveText([
      'Innovation-as-a-Service',
      'IP Builds & Licensing',
      'Future Simulations',
    ]);
    await expect(page.getByTestId('pipeline-steps').getByRole('heading')).toHaveText([
      'Consult',
      'Discover',
      'Prototype',
      'Validate',
      'Package',
      'Monetise',
    ]);
    await expect(page.getByTestId('sample-project')).toHaveCount(3);
    await expect(page.getByTestId('sample-project').first()).toContainText('XR prisoner release training');
    const models = page.getByTestId('funding-model');
    await expect(models.getByRole('heading')).toHaveText(['You Fund You Own', 'Shared Investment', 'Leaseback']);
    for (const link of await models.getByRole('link', { name: 'Discuss This Model' }).all())
      await expect(link).toHaveAttribute('href', '/contact');
    await expect(page.getByTestId('sprint-promise')).toContainText('sprint plan within 48 hours');
    await expect(page.locator('section#contact').getByLabel('Name', { exact: true })).toHaveCount(1);
  });
});

test.describe('Immersive', () => {
  const items = Array.from({ length: 6 }, (_, index) => ({
    title: `Studio post ${index + 1}`,
    link: `https://sim.example/blog/${index + 1}`,
    category: 'XR',
    pubDate: `2025-09-0${index + 1}T10:00:00.000Z`,
    description: `<p>${'A long <strong>description</strong> of the post. '.repeat(8)}</p>`,
  }));

  test('shows the tagline, team strip, two studio cards opening in a new tab and the call to action', async ({
    page,
  }) => {
    await page.route('**/api/rss/simulation-creation', (route) => route.fulfill({ json: items }));
    await open(page, '/immersive');
    await expect(page.getByTestId('tagline')).toHaveText(site.tagline);
    await expect(page.getByTestId('team-strip')).toBeVisible();
    const studios = page.getByTestId('studio-card');
    await expect(studios).toHaveCount(2);
    for (const [index, studio] of site.studios.entries()) {
      await expect(studios.nth(index)).toHaveAttribute('href', studio.href);
      await expect(studios.nth(index)).toHaveAttribute('target', '_blank');
      // The studio's page gets neither this page's address nor a handle on it (noreferrer implies noopener).
      await expect(studios.nth(index)).toHaveAttribute('rel', /\bnoreferrer\b/);
    }
    await expect(page.getByRole('link', { name: /Talk to the studio/ })).toHaveAttribute('href', '/contact');
  });

  test('lists four feed items with plain descriptions cut to 150 characters and a View all posts link', async ({
    page,
  }) => {
    await page.route('**/api/rss/simulation-creation', (route) => route.fulfill({ json: items }));
    await open(page, '/immersive');
    const feed = page.getByTestId('simulation-creation-feed');
    await expect(feed.getByTestId('feed-item')).toHaveCount(4);
    const description = await feed.getByTestId('feed-description').first().innerText();
    expect(description).not.toContain('<');
    expect(description.replace(/…$/, '').length).toBeLessThanOrEqual(150);
    expect(description.endsWith('…')).toBe(true);
    await expect(feed.getByRole('link', { name: 'Studio post 1' })).toHaveAttribute('target', '_blank');
    await expect(feed.getByRole('link', { name: /View all posts/ })).toHaveAttribute(
      'href',
      site.simulationCreationBlogUrl,
    );
  });

  test.describe('in a visitor time zone far from London', () => {
    test.use({ timezoneId: 'America/New_York' });

    test('dates feed items by the UK calendar day', async ({ page }) => {
      // 23:30 UTC on 30 June: still 30 June in New York, already 1 July in London.
      const lateNight = [{ ...items[0], pubDate: '2025-06-30T23:30:00.000Z' }];
      await page.route('**/api/rss/simulation-creation', (route) => route.fulfill({ json: lateNight }));
      await open(page, '/immersive');
      await expect(page.getByTestId('feed-item').locator('time')).toHaveText('Jul 01, 2025');
    });
  });

  test('shows the loading skeleton while the feed is on its way', async ({ page }) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/rss/simulation-creation', async (route) => {
      await held;
      await route.fulfill({ json: items });
    });
    await page.goto('/immersive');
    await expect(page.getByTestId('feed-loading')).toBeVisible();
    release();
    await expect(page.getByTestId('feed-item')).toHaveCount(4);
  });

  test('shows the error message when the feed fails', async ({ page }) => {
    await page.route('**/api/rss/simulation-creation', (route) =>
      route.fulfill({ status: 502, json: { statusCode: 502, error: 'x' } }),
    );
    await page.goto('/immersive');
    await expect(page.getByText('Unable to load latest posts from Simulation Creation.')).toBeVisible();
  });

  test('shows the empty message when the feed has no items', async ({ page }) => {
    await page.route('**/api/rss/simulation-creation', (route) => route.fulfill({ json: [] }));
    await page.goto('/immersive');
    await expect(page.getByText('No posts available at the moment.')).toBeVisible();
  });

  test('answers 502 from the real feed call when the upstream cannot be reached', async ({ request }) => {
    // The test server uses the default studio address on the reserved .example domain, which never resolves.
    const response = await request.get('/api/rss/simulation-creation');
    expect(response.status()).toBe(502);
    expect(await response.json()).toEqual({
      statusCode: 502,
      error: 'Unable to load latest posts from Simulation Creation.',
    });
  });
});

test.describe('About', () => {
  test('has the story and a grid of seven members with View Bio and profile links', async ({ page }) => {
    await open(page, '/about');
    await expect(page.getByRole('heading', { name: 'Our Story & Vision' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Consultants & Leadership' })).toBeVisible();
    const cards = page.getByTestId('team-card-grid');
    await expect(cards).toHaveCount(7);
    for (const [index, member] of team.entries()) {
      const card = cards.nth(index);
      await expect(card.getByRole('heading', { name: member.name })).toBeVisible();
      await expect(card).toContainText(member.role);
      await expect(card).toContainText(member.bio);
      await expect(card.getByRole('link', { name: /View Bio/ })).toHaveAttribute('href', `/team/${member.slug}`);
      await expect(card.getByRole('link', { name: `${member.name} on LinkedIn` })).toHaveAttribute(
        'href',
        member.linkedin,
      );
    }
  });
});

test.describe('Team avatar strip', () => {
  const [first, second, third] = team;

  test('toggles a profile card on click and closes it on a second click', async ({ page }) => {
    await open(page, '/consulting');
    const strip = page.getByTestId('team-strip');
    await strip.getByTestId(`team-avatar-${first.slug}`).click();
    const card = strip.getByTestId('team-card');
    await expect(card).toBeVisible();
    await expect(card).toContainText(first.name);
    await expect(card).toContainText(first.stripRole);
    await expect(card).toContainText(first.bio);
    await expect(card.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
    await strip.getByTestId(`team-avatar-${first.slug}`).click();
    await expect(card).toHaveCount(0);
  });

  test('keeps only one card open at a time', async ({ page }) => {
    await open(page, '/consulting');
    const strip = page.getByTestId('team-strip');
    await strip.getByTestId(`team-avatar-${first.slug}`).click();
    await strip.getByTestId(`team-avatar-${second.slug}`).click();
    await page.mouse.move(0, 0);
    await expect(strip.getByTestId('team-card')).toHaveCount(1);
    await expect(strip.getByTestId('team-card')).toContainText(second.name);
  });

  test('shows the card on hover and hides it when the pointer leaves', async ({ page }) => {
    await open(page, '/consulting');
    const strip = page.getByTestId('team-strip');
    await strip.getByTestId(`team-avatar-${third.slug}`).hover();
    await expect(strip.getByTestId('team-card')).toContainText(third.name);
    await page.mouse.move(0, 0);
    await expect(strip.getByTestId('team-card')).toHaveCount(0);
  });

  test('works from the keyboard and closes with Escape', async ({ page }) => {
    await open(page, '/consulting');
    const avatar = page.getByTestId('team-strip').getByTestId(`team-avatar-${first.slug}`);
    await avatar.focus();
    await page.keyboard.press('Enter');
    await expect(avatar).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByTestId('team-card')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('team-card')).toHaveCount(0);
    await expect(avatar).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe('Contact', () => {
  test('shows the e-mail and phone links, the tagline, NDAs on day one and the contact section', async ({ page }) => {
    await open(page, '/contact');
    await expect(page.getByTestId('contact-email')).toHaveAttribute('href', `mailto:${site.email}`);
    await expect(page.getByTestId('contact-email')).toContainText(site.email);
    await expect(page.getByTestId('contact-phone')).toHaveAttribute('href', /^tel:\+44/);
    await expect(page.getByTestId('contact-phone')).not.toContainText(site.phone);
    await expect(page.getByTestId('tagline')).toHaveText(site.tagline);
    await expect(page.locator('main').getByText('NDAs on day one').first()).toBeVisible();
    await expect(page.locator('section#contact').getByLabel('Name', { exact: true })).toHaveCount(1);
  });
});

test.describe('Legal pages', () => {
  const todayText = () =>
    new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'Europe/London',
    }).format(new Date());

  test('cookie policy shows today as last updated, the mailbox, title and canonical', async ({ page }) => {
    await open(page, '/cookies');
    await expect(page).toHaveTitle(/Cookie Policy/);
    await expect(page.getByTestId('last-updated')).toHaveText(`Last updated: ${todayText()}`);
    await expect(page.getByTestId('legal-contact').getByRole('link', { name: site.email })).toHaveAttribute(
      'href',
      `mailto:${site.email}`,
    );
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/cookies$/);
    await expect(page.locator('meta[property="og:title"]')).toHaveCount(1);
  });

  test('privacy policy covers retention periods, rights and complaints', async ({ page }) => {
    await open(page, '/privacy');
    await expect(page.getByTestId('last-updated')).toHaveText(`Last updated: ${todayText()}`);
    const retention = page.getByTestId('retention');
    await expect(retention).toContainText('up to 3 years');
    await expect(retention).toContainText('Analytics data: up to 2 years');
    await expect(retention).toContainText('until you unsubscribe');
    await expect(retention).toContainText('about 2 years');
    await expect(page.getByTestId('rights').locator('li')).toHaveCount(6);
    await expect(page.getByRole('heading', { name: /Complaints/ })).toBeVisible();
    await expect(page.getByText(/UK General Data Protection Regulation/)).toBeVisible();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/privacy$/);
  });

  test('terms show the fixed date, the 17 sections in order and the specific terms', async ({ page }) => {
    await open(page, '/terms');
    await expect(page.getByTestId('last-updated')).toHaveText('Last updated: 15 September 2025');
    const headings = page.getByTestId('terms-sections').getByRole('heading', { level: 2 });
    await expect(headings).toHaveText([
      '1. Company information',
      '2. Scope of services',
      '3. Definitions',
      '4. Use of services',
      '5. Intellectual property',
      '6. Client responsibilities',
      '7. Fees and payment',
      '8. Confidentiality',
      '9. Data protection and privacy',
      '10. Warranties and disclaimers',
      '11. Limitation of liability',
      '12. Termination',
      '13. Third-party services',
      '14. Force majeure',
      '15. Changes to terms',
      '16. Governing law and dispute resolution',
      '17. Contact',
    ]);
    const main = page.locator('main');
    await expect(main).toContainText('18 or over');
    await expect(main).toContainText('exclude VAT unless stated');
    await expect(main).toContainText('4% above the Bank of England base rate');
    await expect(main).toContainText('law of England and Wales');
    await expect(main.getByRole('link', { name: 'Privacy Policy' }).first()).toHaveAttribute('href', '/privacy');
    await expect(page.locator('meta[name="keywords"]')).toHaveCount(1);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/terms$/);
  });
});

test.describe('404 page', () => {
  test('answers 404 with the heading and a developer hint', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expect(page.getByText(/Developer hint/)).toBeVisible();
  });
});

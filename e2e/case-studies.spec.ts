import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from './fixtures';
import { gotoHydrated } from './helpers/hydration';

test.describe('Case study index', () => {
  test('shows hero, quote, team row, a three-column grid of cards and the closing call to action', async ({ page }) => {
    const response = await gotoHydrated(page, '/case-studies');
    expect(response?.status()).toBe(200);
    await expect(page.locator('main blockquote')).toBeVisible();
    await expect(page.locator('main figcaption').first()).toContainText('Relative Probability');
    await expect(page.getByTestId('team-strip')).toBeVisible();
    await expect(page.locator('main').getByRole('link', { name: /Get in touch/ })).toHaveAttribute('href', '/contact');
    const cards = page.getByTestId('case-study-card');
    expect(await cards.count()).toBeGreaterThanOrEqual(6);
    const columns = await page
      .getByTestId('case-study-grid')
      .evaluate((grid) => getComputedStyle(grid).gridTemplateColumns.split(' ').length);
    expect(columns).toBe(3);
    const cta = page.getByTestId('case-studies-cta');
    await expect(cta.getByRole('heading', { name: 'Ready to start your project?' })).toBeVisible();
    await expect(cta.getByRole('link')).toHaveAttribute('href', '/contact');
  });

  test('shows at most three tags per card with a +N more chip', async ({ page }) => {
    await gotoHydrated(page, '/case-studies');
    const card = page.getByTestId('case-study-card').filter({ hasText: 'Relative Probability: an explainable' });
    // Four services plus the sector: the first two services, the sector, and '+2 more'.
    await expect(card.getByRole('list', { name: 'Tags' }).locator('li')).toHaveText([
      'AI Strategy',
      'Prototyping & Proof of Concept',
      'Insurance',
      '+2 more',
    ]);
    await expect(card.getByRole('link', { name: /Read case study/ })).toHaveAttribute(
      'href',
      '/case-studies/relative-probability',
    );
  });

  test('shows six skeleton cards while loading, then the list', async ({ page }) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await gotoHydrated(page, '/');
    await page.route('**/api/case-studies', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Case Studies' }).click();
    await expect(page.getByTestId('case-study-skeleton')).toHaveCount(6);
    release();
    await expect(page.getByTestId('case-study-card').first()).toBeVisible();
  });

  test('shows the empty state when there are no case studies', async ({ page }) => {
    await gotoHydrated(page, '/');
    await page.route('**/api/case-studies', (route) => route.fulfill({ json: [] }));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Case Studies' }).click();
    await expect(page.getByTestId('case-studies-empty')).toContainText('No case studies available');
    await expect(page.getByTestId('case-studies-empty')).toContainText('Check back soon');
  });

  test('shows the error state when the list cannot be loaded', async ({ page }) => {
    await gotoHydrated(page, '/');
    await page.route('**/api/case-studies', (route) =>
      route.fulfill({ status: 500, json: { statusCode: 500, error: 'x' } }),
    );
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Case Studies' }).click();
    await expect(page.getByTestId('case-studies-error')).toContainText('Unable to load case studies');
    await expect(page.getByTestId('case-studies-error')).toContainText('Please try again later.');
  });
});

test.describe('Case study detail', () => {
  const sectionOrder = async (page: Page) =>
    page
      .getByTestId('case-study')
      .locator('[data-testid^="section-"], [data-testid^="gallery-"], [data-testid="risk-dashboard"]')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-testid')));

  test('shows the meta box, the four sections, metrics, tags and calls to action', async ({ page }) => {
    const response = await gotoHydrated(page, '/case-studies/meridian-pharma-governance');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Meridian Pharma');
    const meta = page.getByTestId('case-study-meta');
    await expect(meta).toContainText('Meridian Pharma');
    await expect(meta).toContainText('Pharma');
    await expect(meta).toContainText('July 2024');
    await expect(meta).toContainText('Governance & Compliance');
    for (const title of ['The Challenge', 'Our Approach', 'The Solution', 'Outcomes']) {
      await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
    }
    await expect(page.getByTestId('metrics').locator('li')).toHaveCount(3);
    await expect(page.getByRole('heading', { name: 'Technologies Used' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Services Provided' })).toBeVisible();
    const cta = page.getByTestId('case-study-cta');
    await expect(cta.getByRole('link', { name: /Book a governance review/ })).toHaveAttribute('href', '/contact');
    await expect(cta.getByRole('link', { name: 'View more case studies' })).toHaveAttribute('href', '/case-studies');
    expect(await sectionOrder(page)).toEqual([
      'section-challenge',
      'gallery-after-challenge',
      'section-approach',
      'gallery-after-approach',
      'section-solution',
      'section-outcomes',
    ]);
  });

  test('replaces the first gallery image of relative-probability with the risk dashboard', async ({ page }) => {
    await gotoHydrated(page, '/case-studies/relative-probability');
    expect(await sectionOrder(page)).toEqual([
      'section-challenge',
      'risk-dashboard',
      'section-approach',
      'gallery-after-approach',
      'section-solution',
      'section-outcomes',
    ]);
  });

  test('switches the risk dashboard scenarios with their colours, confidence and version', async ({ page }) => {
    await gotoHydrated(page, '/case-studies/relative-probability');
    const dashboard = page.getByTestId('risk-dashboard');
    const figure = dashboard.getByTestId('risk-probability');
    const colour = () => figure.evaluate((node) => getComputedStyle(node).color);
    await expect(dashboard.getByRole('button', { name: 'Baseline' })).toHaveAttribute('aria-pressed', 'true');
    await expect(figure).toHaveText('65%');
    await expect(figure).toHaveAttribute('data-level', 'elevated');
    const yellow = await colour();

    await dashboard.getByRole('button', { name: 'Optimistic' }).click();
    await expect(figure).toHaveText('45%');
    await expect(figure).toHaveAttribute('data-level', 'low');
    const green = await colour();

    await dashboard.getByRole('button', { name: 'Conservative' }).click();
    await expect(figure).toHaveText('85%');
    await expect(figure).toHaveAttribute('data-level', 'high');
    const red = await colour();

    expect(yellow).toBe('rgb(250, 204, 21)');
    expect(green).toBe('rgb(74, 222, 128)');
    expect(red).toBe('rgb(239, 68, 68)');
    await expect(dashboard.getByTestId('model-confidence')).toHaveText('94.2%');
    await expect(dashboard).toContainText('Based on 10,000+ validated cases');
    await expect(dashboard.getByTestId('model-version')).toContainText('v2.1.3');
    await expect(dashboard.getByTestId('risk-factors').locator('li')).not.toHaveCount(0);
  });

  test('places the panaquest images after the Solution and inside Outcomes with the report caption', async ({
    page,
  }) => {
    await gotoHydrated(page, '/case-studies/panaquest');
    expect(await sectionOrder(page)).toEqual([
      'section-challenge',
      'section-approach',
      'section-solution',
      'gallery-after-solution',
      'section-outcomes',
      'gallery-in-outcomes',
    ]);
    const inOutcomes = page.getByTestId('section-outcomes').getByTestId('gallery-in-outcomes');
    await expect(inOutcomes.locator('figcaption')).toContainText('personalised readiness archetype');
    await expect(inOutcomes.locator('figcaption')).toContainText('strategic priorities');
    // Outcome text continues after the image (the split marker).
    await expect(page.getByTestId('section-outcomes').locator('p').last()).toContainText(
      'Partners now start first meetings',
    );
    await expect(page.getByTestId('case-study-meta').getByRole('link', { name: /Visit the project/ })).toHaveAttribute(
      'target',
      '_blank',
    );
  });

  test("shows 'Image unavailable' when an image fails to load", async ({ page }) => {
    await page.route('**/images/case-studies/meridian-pharma-governance/gallery-1.svg', (route) =>
      route.fulfill({ status: 404, body: '' }),
    );
    await gotoHydrated(page, '/case-studies/meridian-pharma-governance');
    await expect(page.getByTestId('gallery-after-challenge').getByText('Image unavailable')).toBeVisible();
  });

  test('shows a spinner while an image loads', async ({ page }) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/images/case-studies/meridian-pharma-governance/hero.svg', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/case-studies/meridian-pharma-governance', { waitUntil: 'domcontentloaded' });
    const hero = page.locator('[data-image-state]').first();
    await expect(hero.getByRole('status', { name: 'Loading image' })).toBeVisible();
    release();
    await expect(hero).toHaveAttribute('data-image-state', 'loaded');
  });

  test('answers 404 with Case Study Not Found for an unknown slug', async ({ page }) => {
    const response = await gotoHydrated(page, '/case-studies/no-such-study');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Case Study Not Found' })).toBeVisible();
    await expect(page.getByRole('link', { name: /View more case studies/ })).toHaveAttribute('href', '/case-studies');
  });

  test('shows the skeleton, then Error Loading Case Study when the request fails in the browser', async ({ page }) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await gotoHydrated(page, '/case-studies');
    await page.route('**/api/case-studies/harbourline-xr-release-training', async (route) => {
      await held;
      await route.fulfill({ status: 500, json: { statusCode: 500, error: 'x' } });
    });
    await page
      .getByRole('link', { name: 'Read case study: Harbourline: XR training for prisoner release procedures' })
      .click();
    await expect(page.getByTestId('case-study-loading')).toBeVisible();
    release();
    await expect(page.getByRole('heading', { name: 'Error Loading Case Study' })).toBeVisible();
  });
});

test.describe('Screenshots', () => {
  const pages = [
    ['home', '/'],
    ['consulting', '/consulting'],
    ['labs', '/labs'],
    ['immersive', '/immersive'],
    ['about', '/about'],
    ['contact', '/contact'],
    ['team-member', '/team/helena-marsh'],
    ['case-studies', '/case-studies'],
    ['case-study-relative-probability', '/case-studies/relative-probability'],
    ['case-study-panaquest', '/case-studies/panaquest'],
    ['cookies', '/cookies'],
    ['privacy', '/privacy'],
    ['terms', '/terms'],
    ['not-found', '/no-such-page'],
  ] as const;

  for (const width of [390, 1280]) {
    test(`every page at ${width} px shows its heading and draws every image`, async ({ page }) => {
      test.setTimeout(180_000);
      mkdirSync('e2e/artifacts/screenshots', { recursive: true });
      await page.setViewportSize({ width, height: 900 });
      await page.route('**/api/rss/simulation-creation', (route) =>
        route.fulfill({
          json: Array.from({ length: 4 }, (_, index) => ({
            title: `Building a procedural training twin, part ${index + 1}`,
            link: `https://sim.example/blog/${index + 1}`,
            category: 'Digital Twins',
            pubDate: `2025-09-0${index + 1}T10:00:00.000Z`,
            description:
              'How we model smoke, crowds and command decisions so that crews can rehearse the rare incidents that matter most.',
          })),
        }),
      );
      for (const [name, path] of pages) {
        await gotoHydrated(page, path);
        await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible();
        // Each image brought on screen (lazy ones load then) must arrive and decode. Scrolled to by
        // the page itself (the marquees' images never stand still for Playwright's own scrolling), all
        // in one call: a round trip per image made this the slowest test of the file.
        const undrawn = await page.evaluate(async () => {
          const visible = [...document.querySelectorAll('img')].filter((image) => image.checkVisibility());
          const missing: string[] = [];
          for (const image of visible) {
            image.scrollIntoView({ block: 'center' });
            const drawn = () => image.complete && image.naturalWidth > 0;
            const deadline = Date.now() + 7_000;
            while (!drawn() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
            if (!drawn()) missing.push(image.getAttribute('src') ?? '(no src)');
          }
          return { missing };
        });
        expect(undrawn.missing, `${path}: images not drawn`).toEqual([]);
        await page.evaluate(() => window.scrollTo(0, 0));
        // For a person to look at (git-ignored): the tests above are what passes or fails.
        await page.screenshot({
          path: `e2e/artifacts/screenshots/${name}-${width}.png`,
          fullPage: true,
          animations: 'disabled',
        });
      }
    });
  }
});

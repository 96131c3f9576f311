import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { axeFindings, wcag22aa } from './helpers/axe';
import { giveConsent } from './helpers/consent';
import { publicScreenPaths, resolvedAdminScreenPaths, sitemapPaths } from './helpers/screens';

/**
 * axe-core with the WCAG 2.0, 2.1 and 2.2 A and AA rules and its best practices, on every route:
 * every public screen and sitemap address, and every admin screen as the super admin (who may open
 * them all) sees it; at a phone's and a desktop's width; with the cookie banner up (every first
 * visit) and with consent given. Zero violations of any impact.
 *
 * To keep the run short each route is loaded twice, not four times: the banner page loads at 390 px
 * and is then widened to 1280 px, the consented page loads at 1280 px and is then narrowed to 390 px,
 * so that each width is checked both as loaded and as resized. The two pages of a route load at once.
 */
const admin = { email: process.env.E2E_ADMIN_EMAIL!, password: process.env.E2E_ADMIN_PASSWORD! };
const height = { 390: 844, 1280: 800 } as const;
type Width = keyof typeof height;
type State = 'banner up' | 'consent given';

let pageStates = 0;
let violations = 0;

/** Waits until the page stops moving: two frames, then every running animation that ends has ended. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await new Promise(requestAnimationFrame);
    await new Promise(requestAnimationFrame);
    const ending = document
      .getAnimations()
      .filter(
        (animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity,
      );
    await Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/**
 * Runs axe on the page as it is now. Each state's violating nodes are a soft failure of their own, so
 * that a run lists every one (rule, target, route, width, state) even if it ends early.
 */
async function check(page: Page, route: string, width: Width, state: State): Promise<void> {
  if (page.viewportSize()?.width !== width) await page.setViewportSize({ width, height: height[width] });
  await settle(page);
  const found = (await axeFindings(page, wcag22aa)).map(
    (finding) => `${finding.rule} (${finding.impact}) ${finding.target}: ${finding.help}`,
  );
  pageStates += 1;
  violations += found.length;
  expect.soft(found, `axe on ${route} at ${width}px, ${state}`).toEqual([]);
}

async function withBannerUp(page: Page, route: string): Promise<void> {
  await page.setViewportSize({ width: 390, height: height[390] });
  await page.goto(route);
  await expect(page.getByTestId('cookie-banner'), `${route}: the banner shows on a first visit`).toBeVisible({
    timeout: 10_000,
  });
  await check(page, route, 390, 'banner up');
  await check(page, route, 1280, 'banner up');
}

async function withConsentGiven(page: Page, route: string): Promise<void> {
  await page.setViewportSize({ width: 1280, height: height[1280] });
  await page.goto(route);
  await check(page, route, 1280, 'consent given');
  await check(page, route, 390, 'consent given');
}

/** The banner context (no consent stored) and the consented one, each with one page, opened at once. */
async function openPages(browser: Browser, baseURL: string | undefined, session?: BrowserContext) {
  const storageState = session ? await session.storageState() : undefined;
  // Reduced motion: the pages are checked as they rest once their entrance animations are over, which
  // is what settle() waited for (0.6 s after each load); the rules see the same mark-up and colours.
  const options = { baseURL, storageState, reducedMotion: 'reduce' as const };
  const bannerContext = await browser.newContext({ ...options, viewport: { width: 390, height: 844 } });
  const consentContext = await browser.newContext({ ...options, viewport: { width: 1280, height: 800 } });
  await giveConsent(consentContext);
  return {
    bannerPage: await bannerContext.newPage(),
    consentPage: await consentContext.newPage(),
    close: () => Promise.all([bannerContext.close(), consentContext.close()]),
  };
}

async function checkRoutes(browser: Browser, baseURL: string | undefined, routes: string[], session?: BrowserContext) {
  const { bannerPage, consentPage, close } = await openPages(browser, baseURL, session);
  for (const route of routes) {
    await Promise.all([withBannerUp(bannerPage, route), withConsentGiven(consentPage, route)]);
  }
  await close();
}

/** Time for one route's two loads and four checks, with room for a busy shared machine. */
const perRoute = 45_000;

test.describe('Accessibility (axe-core, WCAG 2.2 AA and best practice)', () => {
  // One sign-in for the whole file: the staff pages start from this session's cookies.
  let session: BrowserContext;

  test.beforeAll(async ({ browser, baseURL }) => {
    session = await browser.newContext({ baseURL });
    expect((await session.request.post('/api/admin/login', { data: admin })).ok()).toBe(true);
  });

  test.afterAll(async () => {
    await session.close();
    console.log(`axe: ${pageStates} page states, ${violations} violations`);
  });

  test('every public route and sitemap address has no violation at 390 and 1280 px, banner up or consent given', async ({
    browser,
    baseURL,
    request,
  }) => {
    // Tag pages (/blog/tag/…, one per tag: a third of the sitemap) are one template listing the blog's
    // own cards, checked on /blog and each section: two of them stand for the rest, which keeps this
    // serial test inside CI's time. The Nu Html Checker still reads every one (html-validity.spec.ts).
    const sitemap = await sitemapPaths(request);
    const tagPages = sitemap.filter((route) => route.startsWith('/blog/tag/'));
    expect(tagPages.length).toBeGreaterThan(2);
    const routes = [
      ...new Set([...publicScreenPaths, ...sitemap.filter((route) => !tagPages.slice(2).includes(route))]),
    ];
    expect(routes.length).toBeGreaterThan(40);
    test.setTimeout(routes.length * perRoute);
    await checkRoutes(browser, baseURL, routes);
  });

  test("the post editor's preview of a body with a wide code block has no violation at 390 and 1280 px", async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(perRoute);
    const context = await browser.newContext({ baseURL, storageState: await session.storageState() });
    await giveConsent(context);
    const page = await context.newPage();
    await page.setViewportSize({ width: 390, height: height[390] });
    await page.goto('/admin/posts/new');
    await page
      .getByLabel('Body (markdown)')
      .fill(
        'Run it once:\n\n```sh\nnpx northbeam-cli migrate --database postgres://reporting@warehouse.internal:5432/analytics --dry-run\n```\n',
      );
    await page.getByRole('button', { name: 'Preview' }).click();
    // The code block scrolls sideways at 390 px: keyboard users reach it, and it says what it is.
    await expect(page.getByTestId('body-preview').getByRole('group', { name: 'Code' })).toHaveAttribute(
      'tabindex',
      '0',
    );
    // Clicking scrolled the toggle just clear of the sticky bar, leaving "Insert image" half under it;
    // axe counts a target under another as too small. The page is checked from its top, as every other.
    await page.evaluate(() => window.scrollTo(0, 0));
    await check(page, '/admin/posts/new (preview)', 390, 'consent given');
    await check(page, '/admin/posts/new (preview)', 1280, 'consent given');
    await context.close();
  });

  test('the floating widgets opened (playbook download, newsletter sign-up) have no violation at 1280 px, banner up or consent given', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(2 * perRoute);
    // Large screens only: both widgets are hidden below 1024 px.
    const widgets = [
      { route: '/consulting', open: 'Open playbook download', widget: 'playbook-widget' },
      { route: '/blog', open: 'Open newsletter sign-up', widget: 'newsletter-floating-widget' },
    ];
    for (const consent of [false, true]) {
      // Reduced motion, as every other check here: the banner's and the widget's entrance animations
      // fade their text in, and axe reads a colour mid-fade as too faint.
      const context = await browser.newContext({
        baseURL,
        viewport: { width: 1280, height: height[1280] },
        reducedMotion: 'reduce',
      });
      if (consent) await giveConsent(context);
      const page = await context.newPage();
      for (const { route, open, widget } of widgets) {
        await page.goto(route);
        await page.getByTestId(widget).getByRole('button', { name: open }).click();
        await expect(page.getByTestId(widget).getByRole('textbox')).toBeVisible();
        await check(page, `${route} (${widget} open)`, 1280, consent ? 'consent given' : 'banner up');
      }
      await context.close();
    }
  });

  test('every admin screen has no violation at 390 and 1280 px, banner up or consent given', async ({
    browser,
    baseURL,
  }) => {
    const routes = await resolvedAdminScreenPaths(session.request);
    expect(routes.length).toBeGreaterThan(20);
    test.setTimeout(routes.length * perRoute);
    await checkRoutes(browser, baseURL, routes, session);
  });
});

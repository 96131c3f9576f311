import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * WCAG 2.2 SC 2.4.11 (Focus Not Obscured): a keyboard walk through the home page and the post editor at
 * a phone's and a desktop's width, with the cookie banner up (every first visit), asserting at every
 * stop that the focused element is on screen and not under the banner or anything else.
 */
const admin = { email: process.env.E2E_ADMIN_EMAIL!, password: process.env.E2E_ADMIN_PASSWORD! };
const widths = [390, 1280] as const;
let stops = 0;
const obscured: string[] = [];

interface Stop {
  element: string;
  inBanner: boolean;
  covered: string | null;
}

/**
 * Where focus is now and what, if anything, hides it: off screen, or another element at its centre.
 * Read once the page has stopped moving (the site scrolls smoothly to a focused element).
 */
const focusNow = (page: Page): Promise<Stop | null> =>
  page.evaluate(async () => {
    const active = document.activeElement as HTMLElement | null;
    if (!active || active === document.body) return null;
    let last = '';
    for (let frame = 0, still = 0; frame < 90 && still < 4; frame += 1) {
      await new Promise(requestAnimationFrame);
      const rect = active.getBoundingClientRect();
      const now = `${rect.top},${rect.left}`;
      still = now === last ? still + 1 : 0;
      last = now;
    }
    const banner = document.querySelector('[data-testid="cookie-banner"]');
    const box = active.getBoundingClientRect();
    const name = `${active.tagName.toLowerCase()} "${(active.innerText || active.getAttribute('aria-label') || '').trim().slice(0, 40)}"`;
    const inBanner = Boolean(banner?.contains(active));
    if (box.width === 0 && box.height === 0) return { element: name, inBanner, covered: 'no box' };
    const onScreen = box.bottom > 0 && box.top < window.innerHeight && box.right > 0 && box.left < window.innerWidth;
    if (!onScreen) return { element: name, inBanner, covered: 'off screen' };
    // Not entirely hidden (the criterion): its centre, or a line near its top or bottom edge, shows.
    const x = Math.min(Math.max(box.left + box.width / 2, 0), window.innerWidth - 1);
    const ys = [
      box.top + box.height / 2,
      box.top + Math.min(6, box.height / 2),
      box.bottom - Math.min(6, box.height / 2),
    ];
    let hiddenBy: Element | null = null;
    for (const rawY of ys) {
      const y = Math.min(Math.max(rawY, 0), window.innerHeight - 1);
      const top = document.elementFromPoint(x, y);
      if (top !== null && (active.contains(top) || top.contains(active)))
        return { element: name, inBanner, covered: null };
      hiddenBy = top;
    }
    return {
      element: name,
      inBanner,
      covered: `under ${hiddenBy?.closest('[data-testid]')?.getAttribute('data-testid') ?? (hiddenBy?.closest('header') ? 'the header' : hiddenBy?.tagName)}`,
    };
  });

async function walk(page: Page, label: string, limit: number) {
  const seen = new Set<string>();
  for (let step = 0; step < limit; step += 1) {
    await page.keyboard.press('Tab');
    const stop = await focusNow(page);
    if (!stop) continue;
    stops += 1;
    if (stop.covered) obscured.push(`${label}: ${stop.element} ${stop.covered}`);
    // Back at the first stop: the walk has gone round the page.
    if (step > 2 && seen.has(stop.element) && stop.element.startsWith('a "Skip to content')) break;
    seen.add(stop.element);
  }
}

test.describe('Focus not obscured (keyboard walk, cookie banner up)', () => {
  test.describe.configure({ mode: 'serial' });
  test.setTimeout(180_000);

  for (const width of widths) {
    test(`home page at ${width} px: every stop visible, the banner reachable first and closed by Escape`, async ({
      browser,
      baseURL,
    }) => {
      const context = await browser.newContext({ baseURL, viewport: { width, height: width === 390 ? 844 : 800 } });
      const page = await context.newPage();
      await page.goto('/');
      const banner = page.getByTestId('cookie-banner');
      await expect(banner).toBeVisible({ timeout: 10_000 });

      // The second stop of the page is the way to the banner; it lands on the banner's heading.
      await page.keyboard.press('Tab');
      await expect(page.locator(':focus')).toHaveText('Skip to content');
      await page.keyboard.press('Tab');
      await expect(page.locator(':focus')).toHaveText('Skip to cookie choices');
      await page.keyboard.press('Enter');
      await expect(page.locator(':focus')).toHaveText('We value your privacy');
      await page.keyboard.press('Tab');
      await expect(page.locator(':focus')).toHaveText('Cookie Policy');

      await page.locator('body').click({ position: { x: 5, y: 300 } });
      await page.evaluate(() => window.scrollTo(0, 0));
      await walk(page, `/ at ${width}px`, 160);

      // Escape from anywhere on the page (focus outside the banner) dismisses it.
      await page.locator('body').click({ position: { x: 5, y: 300 } });
      await page.keyboard.press('Escape');
      await expect(banner).toHaveCount(0);
      await context.close();
    });

    test(`post editor at ${width} px: every stop visible with the banner up`, async ({ browser, baseURL }) => {
      const context = await browser.newContext({ baseURL, viewport: { width, height: width === 390 ? 844 : 800 } });
      expect((await context.request.post('/api/admin/login', { data: admin })).ok()).toBe(true);
      const page = await context.newPage();
      await page.goto('/admin/posts/new');
      await expect(page.getByTestId('cookie-banner')).toBeVisible({ timeout: 10_000 });
      await walk(page, `/admin/posts/new at ${width}px`, 120);
      await context.close();
    });
  }

  test.afterAll(() => {
    console.log(`focus: ${stops} stops, ${obscured.length} obscured`);
    expect(obscured).toEqual([]);
    expect(stops).toBeGreaterThan(100);
  });
});

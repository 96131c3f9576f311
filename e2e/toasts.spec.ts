import { expect, test, type Page } from './fixtures';
import { leadMessages } from '../common/src/index';
import { giveConsent } from './helpers/consent';
import { gotoHydrated } from './helpers/hydration';

const toasts = (page: Page) => page.getByTestId('toast');

/** The empty newsletter form on /blog raises the 'Email Required' toast: a real toast to drive. */
async function raiseEmailRequired(page: Page) {
  const widget = page.getByTestId('newsletter-floating-widget');
  const open = widget.getByRole('button', { name: 'Open newsletter sign-up' });
  if (await open.isVisible()) await open.click();
  await widget.getByRole('button', { name: 'Subscribe' }).click();
}

test.describe('Toasts', () => {
  test.beforeEach(async ({ page }) => giveConsent(page));

  test('shows one toast at a time: a new one replaces the one on screen', async ({ page }) => {
    await page.route('**/api/subscribe', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"statusCode":500,"error":"Mail is down"}',
      }),
    );
    await gotoHydrated(page, '/blog');
    await raiseEmailRequired(page);
    await expect(toasts(page)).toHaveCount(1);
    await expect(toasts(page)).toContainText(leadMessages.emailRequiredTitle);
    const widget = page.getByTestId('newsletter-floating-widget');
    await widget.getByLabel('Email address for the newsletter').fill('reader@example.com');
    await widget.getByRole('button', { name: 'Subscribe' }).click();
    await expect(toasts(page).filter({ hasText: 'Subscription Failed' })).toBeVisible();
    await expect(toasts(page).filter({ visible: true })).toHaveCount(1);
  });

  test('closes by itself after 5000 ms', async ({ page }) => {
    await page.clock.install();
    await gotoHydrated(page, '/blog');
    // The toast's timer starts between these two readings of the page's clock (however slow the
    // machine is between them): it must still be there 4,900 ms after the first and gone 5,000 ms
    // after the second.
    const before = await page.evaluate(() => Date.now());
    await raiseEmailRequired(page);
    await expect(toasts(page)).toBeVisible();
    const shownAt = await page.evaluate(() => Date.now());
    await page.clock.pauseAt(before + 4_900);
    await expect(toasts(page)).toBeVisible();
    await page.clock.runFor(shownAt + 5_000 - (before + 4_900));
    await expect(toasts(page)).toHaveCount(0);
  });

  test('is dismissed by a swipe right past 50 px, and stays after a shorter one', async ({ page }) => {
    await gotoHydrated(page, '/blog');
    const swipe = async (distance: number) => {
      const box = (await toasts(page).boundingBox())!;
      const y = box.y + box.height / 2;
      await page.mouse.move(box.x + 40, y);
      await page.mouse.down();
      for (let step = 1; step <= 10; step += 1) await page.mouse.move(box.x + 40 + (distance * step) / 10, y);
      await page.mouse.up();
    };
    await raiseEmailRequired(page);
    await expect(toasts(page)).toBeVisible();
    await swipe(30);
    await expect(toasts(page)).toBeVisible();
    await swipe(120);
    await expect(toasts(page)).toHaveCount(0);
  });

  test('F8 moves the focus to the notifications, which are at most 420 px wide', async ({ page }) => {
    await gotoHydrated(page, '/blog');
    await raiseEmailRequired(page);
    await expect(toasts(page)).toBeVisible();
    await page.keyboard.press('F8');
    const viewport = page.getByRole('region', { name: /Notifications \(F8\)/ });
    await expect(viewport).toBeAttached();
    expect(
      await page.evaluate(
        () =>
          document.activeElement?.closest('[role="region"]')?.getAttribute('aria-label') ??
          document.activeElement?.getAttribute('aria-label'),
      ),
    ).toMatch(/Notifications/);
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('ol[tabindex]')!).maxWidth)).toBe('420px');
  });
});

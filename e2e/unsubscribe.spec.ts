import { createHmac } from 'node:crypto';
import { expect, test, type Page } from './fixtures';
import { leadMessages, messages } from '../common/src/index';

/** Loads a page and waits until the browser has hydrated it (its lazy code and first calls are done). */
async function open(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
}

/**
 * The page link our mails carry: the address and its signature under the test server's session
 * secret (e2e/playwright.config.ts), as the newsletter module signs it (the API suite follows the
 * link out of a real mail).
 */
function mailedLink(email: string): string {
  const token = createHmac('sha256', 'e2e-session-secret-that-is-long-enough-0123456789')
    .update(`newsletter-unsubscribe:${email}`)
    .digest('base64url');
  return `/unsubscribe?email=${encodeURIComponent(email)}&token=${token}`;
}

test.describe('/unsubscribe', () => {
  test('a link from our mail prefills the address, sends its token, shows Processing... and then the success view', async ({
    page,
  }) => {
    await open(page, mailedLink('reader@example.com'));
    const field = page.getByLabel('Email address');
    await expect(field).toHaveValue('reader@example.com');
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/unsubscribe?*', async (route) => {
      await held;
      await route.fallback();
    });
    const request = page.waitForRequest('**/api/unsubscribe?*');
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByRole('button', { name: 'Processing...' })).toBeDisabled();
    expect(new URL((await request).url()).searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    release();
    const success = page.getByTestId('unsubscribe-success');
    await expect(success.getByRole('heading', { name: 'Unsubscribed Successfully' })).toBeVisible();
    await expect(success).toContainText(leadMessages.unsubscribed);
    await success.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('an address typed in without a link is not unsubscribed: the page says a link was mailed to it', async ({
    page,
  }) => {
    await open(page, '/unsubscribe');
    await page.getByLabel('Email address').fill('typed@example.com');
    const request = page.waitForRequest('**/api/unsubscribe?*');
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    expect(new URL((await request).url()).searchParams.has('token')).toBe(false);
    const success = page.getByTestId('unsubscribe-success');
    await expect(success.getByRole('heading', { name: leadMessages.unsubscribeLinkSentTitle })).toBeVisible();
    await expect(success).toContainText(leadMessages.unsubscribeLinkSent);
    await expect(page.getByRole('heading', { name: 'Unsubscribed Successfully' })).toHaveCount(0);
  });

  test("a link's token is not sent for another address typed over it", async ({ page }) => {
    await open(page, mailedLink('reader@example.com'));
    await page.getByLabel('Email address').fill('someone.else@example.com');
    const request = page.waitForRequest('**/api/unsubscribe?*');
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    expect(new URL((await request).url()).searchParams.has('token')).toBe(false);
    await expect(page.getByRole('heading', { name: leadMessages.unsubscribeLinkSentTitle })).toBeVisible();
  });

  test('asks for an address when the field is empty', async ({ page }) => {
    await open(page, '/unsubscribe');
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByText(messages.emailRequired)).toBeVisible();
  });

  test("shows the server's error text", async ({ page }) => {
    await open(page, '/unsubscribe?email=not-an-address');
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByTestId('unsubscribe-error')).toHaveText(messages.emailInvalid);
  });

  test("shows the server's error text for a link whose token was not signed for the address", async ({ page }) => {
    await open(page, '/unsubscribe?email=reader%40example.com&token=forged-token');
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByTestId('unsubscribe-error')).toHaveText(leadMessages.unsubscribeLinkInvalid);
  });

  test('falls back to Failed to unsubscribe, and to a network sentence when the call never arrives', async ({
    page,
  }) => {
    await open(page, mailedLink('reader@example.com'));
    await page.route('**/api/unsubscribe?*', (route) => route.fulfill({ status: 500, body: '' }));
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByTestId('unsubscribe-error')).toHaveText(leadMessages.unsubscribeFailed);
    await page.unroute('**/api/unsubscribe?*');
    await page.route('**/api/unsubscribe?*', (route) => route.abort());
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByTestId('unsubscribe-error')).toHaveText(leadMessages.unsubscribeNetworkError);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('works the same', async ({ page }) => {
      await open(page, mailedLink('phone@example.com'));
      await page.getByRole('button', { name: 'Unsubscribe' }).click();
      await expect(page.getByRole('heading', { name: 'Unsubscribed Successfully' })).toBeVisible();
    });
  });
});

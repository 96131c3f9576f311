import { expect, test, type Page } from './fixtures';
import { leadMessages, messages } from '../common/src/index';

/** Loads a page and waits until the browser has hydrated it (its lazy code and first calls are done). */
async function open(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
}

test.describe('/unsubscribe', () => {
  test('prefills the address from the link, shows Processing... and then the success view', async ({ page }) => {
    await open(page, '/unsubscribe?email=reader%40example.com');
    const field = page.getByLabel('Email address');
    await expect(field).toHaveValue('reader@example.com');
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/unsubscribe?*', async (route) => {
      await held;
      await route.fallback();
    });
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByRole('button', { name: 'Processing...' })).toBeDisabled();
    release();
    const success = page.getByTestId('unsubscribe-success');
    await expect(success.getByRole('heading', { name: 'Unsubscribed Successfully' })).toBeVisible();
    await expect(success).toContainText(leadMessages.unsubscribed);
    await success.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
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

  test('falls back to Failed to unsubscribe, and to a network sentence when the call never arrives', async ({
    page,
  }) => {
    await open(page, '/unsubscribe?email=reader%40example.com');
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
      await open(page, '/unsubscribe?email=phone%40example.com');
      await page.getByRole('button', { name: 'Unsubscribe' }).click();
      await expect(page.getByRole('heading', { name: 'Unsubscribed Successfully' })).toBeVisible();
    });
  });
});

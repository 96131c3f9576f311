import { expect, test, type Page } from './fixtures';
import { leadMessages } from '../common/src/index';

/**
 * The server's HTML is a working form from the first paint: what a visitor types (or a password
 * manager fills in) before the page's script has run must be what the form holds and sends once it
 * has (the one form mechanism's `formRef`), not wiped by the first render after hydration.
 */

/** Holds back every script of the page until `release` is called; the HTML, CSS and fonts arrive as usual. */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => url.pathname.endsWith('.js'),
    async (route) => {
      await released;
      await route.continue();
    },
  );
  return release;
}

async function openWithoutScripts(page: Page, path: string): Promise<() => void> {
  const release = await holdScripts(page);
  // Module scripts hold back DOMContentLoaded: wait for the server's HTML only.
  await page.goto(path, { waitUntil: 'commit' });
  return release;
}

const hydrated = (page: Page) => page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });

test.describe('Forms filled in before the page script runs', () => {
  test('the contact form keeps and sends what was typed before hydration', async ({ page }) => {
    const release = await openWithoutScripts(page, '/contact');
    const form = page.getByTestId('contact-form');
    await form.getByLabel('Name').fill('Grace Hopper');
    await form.getByLabel('Email').fill('grace@example.com');
    await form.getByLabel('Company (optional)').fill('Compiler Works Ltd');
    await form.getByLabel('Message').fill('We need a second opinion on our platform migration plan this quarter.');
    await form.getByLabel(leadMessages.consentLabel).check();
    await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(0);

    release();
    await hydrated(page);
    // The bot check's fallback notice is a render after hydration: the fields must still hold the text.
    await expect(form.getByTestId('turnstile-fallback')).toBeVisible();
    await expect(form.getByLabel('Name')).toHaveValue('Grace Hopper');
    await expect(form.getByLabel('Message')).toHaveValue(
      'We need a second opinion on our platform migration plan this quarter.',
    );
    await expect(form.getByLabel(leadMessages.consentLabel)).toBeChecked();
    // The character count beside the label counts the adopted text.
    await expect(form.getByText(/^69\/\d+$/)).toBeVisible();

    await page.route('**/api/contact', (route) =>
      route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': '203.0.113.201' } }),
    );
    const sent = page.waitForRequest((request) => request.url().endsWith('/api/contact'));
    await form.getByRole('button', { name: 'Send message' }).click();
    expect((await sent).postDataJSON()).toMatchObject({
      name: 'Grace Hopper',
      email: 'grace@example.com',
      company: 'Compiler Works Ltd',
      consent: true,
    });
    await expect(page.getByTestId('toast').filter({ hasText: leadMessages.contactSentTitle })).toBeVisible();
  });

  test('sign-in takes the address and password filled in before hydration', async ({ page }) => {
    const release = await openWithoutScripts(page, '/admin/login');
    await page.getByLabel('Email').fill(process.env.E2E_ADMIN_EMAIL!);
    await page.getByLabel('Password').fill(process.env.E2E_ADMIN_PASSWORD!);
    release();
    await hydrated(page);
    await expect(page.getByLabel('Email')).toHaveValue(process.env.E2E_ADMIN_EMAIL!);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/admin(\/)?$/);
  });
});

import { expect, test, type Page } from './fixtures';
import { contactServiceOptions, leadMessages, messages } from '../common/src/index';

/** Loads a page and waits until the browser has hydrated it (its lazy code and first calls are done). */
async function open(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
}

let clientNumber = 0;
/**
 * Every contact call of a test speaks from its own client address (the server trusts
 * X-Forwarded-For from loopback), so the per-address rate limit stays out of the way.
 */
async function ownClientAddress(page: Page) {
  clientNumber += 1;
  const address = `203.0.113.${clientNumber}`;
  await page.route('**/api/contact', (route) =>
    route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': address } }),
  );
}

async function fillValidForm(page: Page) {
  const form = page.getByTestId('contact-form');
  await form.getByLabel('Name').fill('Ada Lovelace');
  await form.getByLabel('Email').fill('ada@example.com');
  await form.getByLabel('Company (optional)').fill('Analytical Engines Ltd');
  await form.getByLabel('Service interest (optional)').selectOption('labs');
  await form.getByLabel('Message').fill('We would like a prototype of an AI assistant for our engineers.');
  await form.getByLabel(leadMessages.consentLabel).check();
}

const toast = (page: Page) => page.getByTestId('toast');

test.describe('Contact form (bot check in development fallback mode)', () => {
  test('shows every field, the service options, the consent label and the fallback notice', async ({ page }) => {
    await open(page, '/contact');
    const form = page.getByTestId('contact-form');
    for (const label of ['Name', 'Email', 'Company (optional)', 'Service interest (optional)', 'Message']) {
      await expect(form.getByLabel(label, { exact: true })).toBeVisible();
    }
    const options = form.getByLabel('Service interest (optional)').locator('option');
    await expect(options).toHaveText(['Choose a service', ...contactServiceOptions.map((option) => option.label)]);
    await expect(form.getByLabel(leadMessages.consentLabel)).not.toBeChecked();
    await expect(form.getByTestId('turnstile-fallback')).toHaveText(
      'Security verification is enabled in development mode.',
    );
    await expect(form.getByRole('button', { name: 'Send message' })).toBeEnabled();
    // The honeypot is in the page but not for people.
    await expect(form.locator('input[name="website"]')).toHaveAttribute('tabindex', '-1');
    await expect(form.locator('input[name="website"]')).not.toBeInViewport();
  });

  test('is on home, consulting and labs too', async ({ page }) => {
    for (const path of ['/', '/consulting', '/labs']) {
      await open(page, path);
      await expect(page.getByTestId('contact-form')).toBeVisible();
    }
  });

  test('shows the sentence of its rule under every invalid field', async ({ page }) => {
    await open(page, '/contact');
    const form = page.getByTestId('contact-form');
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(form.getByText(messages.nameRequired)).toBeVisible();
    await expect(form.getByText(messages.emailInvalid)).toBeVisible();
    await expect(form.getByText(messages.messageTooShort)).toBeVisible();
    await expect(form.getByText(messages.consentRequired)).toBeVisible();
    await expect(form.getByLabel('Name')).toBeFocused();

    await form.getByLabel('Email').fill('not-an-address');
    await form.getByLabel('Message').fill('too short');
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(form.getByText(messages.emailInvalid)).toBeVisible();
    await expect(form.getByText(messages.messageTooShort)).toBeVisible();
    await expect(form.getByLabel('Message')).toHaveAttribute('maxlength', '2000');
  });

  test('marks the form started once on the first focus of the name field', async ({ page }) => {
    await open(page, '/contact');
    const form = page.getByTestId('contact-form');
    await expect(form).toHaveAttribute('data-started', 'false');
    await form.getByLabel('Email').focus();
    await expect(form).toHaveAttribute('data-started', 'false');
    await form.getByLabel('Name').focus();
    await expect(form).toHaveAttribute('data-started', 'true');
  });

  test('sends, shows Sending..., toasts success and resets the form', async ({ page }) => {
    await ownClientAddress(page);
    // A person needs more than three seconds, and the server quietly drops faster forms: the page's
    // clock runs five seconds behind the server's, so the form was started "five seconds ago".
    await page.clock.install({ time: Date.now() - 5_000 });
    await open(page, '/contact');
    const form = page.getByTestId('contact-form');
    await form.getByLabel('Name').focus();
    await fillValidForm(page);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/contact', async (route) => {
      await held;
      await route.fallback();
    });
    await form.getByRole('button', { name: 'Send message' }).click();
    const sending = form.getByRole('button', { name: 'Sending...' });
    await expect(sending).toBeDisabled();
    const answer = page.waitForResponse('**/api/contact');
    release();
    expect((await answer).status()).toBe(201);
    await expect(toast(page)).toContainText(leadMessages.contactSentTitle);
    await expect(toast(page)).toContainText(leadMessages.contactSent);
    await expect(form.getByLabel('Name')).toHaveValue('');
    await expect(form.getByLabel('Message')).toHaveValue('');
    await expect(form.getByLabel(leadMessages.consentLabel)).not.toBeChecked();
    await expect(form).toHaveAttribute('data-started', 'false');
    await expect(form.getByRole('button', { name: 'Send message' })).toBeEnabled();
  });

  test('keeps what was typed and toasts the failure when sending fails', async ({ page }) => {
    await open(page, '/contact');
    await page.route('**/api/contact', (route) => route.fulfill({ status: 500, body: '' }));
    const form = page.getByTestId('contact-form');
    await fillValidForm(page);
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(toast(page)).toContainText(leadMessages.contactFailedTitle);
    await expect(toast(page)).toContainText(leadMessages.contactFailed);
    await expect(form.getByLabel('Name')).toHaveValue('Ada Lovelace');
    await expect(form.getByLabel(leadMessages.consentLabel)).toBeChecked();
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('fits the screen and has no playbook widget', async ({ page }) => {
      await open(page, '/contact');
      await expect(page.getByTestId('contact-form')).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await open(page, '/');
      await expect(page.getByTestId('playbook-widget')).toBeHidden();
    });
  });
});

test.describe('Contact form with a site key configured', () => {
  test.beforeEach(async ({ page }) => {
    await page.route('**/api/config/public', (route) =>
      route.fulfill({ json: { turnstileSiteKey: '1x00000000000000000000AA' } }),
    );
  });

  test('retries the script once after a second, then falls back', async ({ page }) => {
    const attempts: number[] = [];
    await page.route('https://challenges.cloudflare.com/**', (route) => {
      attempts.push(Date.now());
      return route.abort();
    });
    await open(page, '/contact');
    const form = page.getByTestId('contact-form');
    await expect(form.getByTestId('turnstile-fallback')).toBeVisible();
    expect(attempts).toHaveLength(2);
    expect(attempts[1] - attempts[0]).toBeGreaterThanOrEqual(900);
    await expect(form.getByRole('button', { name: 'Send message' })).toBeEnabled();
  });

  test('renders the widget, enables submit on its token and clears the token on a bot-check error', async ({
    page,
  }) => {
    // A stand-in for the provider's script: renders nothing, hands out a token, lets the test raise an error.
    await page.route('https://challenges.cloudflare.com/**', (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: `window.turnstile = {
          render(container, options) { window.__turnstile = options; setTimeout(() => options.callback('widget-token'), 50); return 'w1'; },
          reset() { window.__turnstileResets = (window.__turnstileResets || 0) + 1; },
          remove() {},
        };`,
      }),
    );
    await open(page, '/contact');
    const form = page.getByTestId('contact-form');
    const submit = form.getByRole('button', { name: 'Send message' });
    await expect(submit).toBeEnabled();
    await expect(form.getByTestId('turnstile-fallback')).toHaveCount(0);

    await page.evaluate(() =>
      (window as unknown as { __turnstile: Record<string, () => void> }).__turnstile['error-callback'](),
    );
    await expect(toast(page)).toContainText(leadMessages.securityFailedTitle);
    await expect(toast(page)).toContainText(leadMessages.securityFailed);
    await expect(submit).toBeDisabled();

    // Even a programmatic submit without a token is stopped with the 'Security verification required' toast.
    await fillValidForm(page);
    await page.evaluate(() => document.querySelector<HTMLFormElement>('[data-testid="contact-form"]')!.requestSubmit());
    await expect(toast(page)).toContainText(leadMessages.securityRequiredTitle);
    await expect(toast(page)).toContainText(leadMessages.securityRequired);
  });
});

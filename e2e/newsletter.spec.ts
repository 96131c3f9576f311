import { expect, test, type Page } from './fixtures';
import { leadMessages, messages } from '../common/src/index';
import { giveConsent } from './helpers/consent';

/** Loads a page and waits until the browser has hydrated it (its lazy code and first calls are done). */
async function open(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
}

const toast = (page: Page) => page.getByTestId('toast');

/** The floating widget starts as an icon; this opens it. */
async function openWidget(page: Page) {
  const widget = page.getByTestId('newsletter-floating-widget');
  await widget.getByRole('button', { name: 'Open newsletter sign-up' }).click();
  return widget;
}

test.describe('Newsletter on the blog, large screens', () => {
  test.beforeEach(async ({ page }) => giveConsent(page));

  test('shows the floating widget minimised to an icon, opens it, minimises it and opens it again', async ({
    page,
  }) => {
    await open(page, '/blog');
    const widget = page.getByTestId('newsletter-floating-widget');
    await expect(widget.getByRole('button', { name: 'Subscribe' })).toHaveCount(0);
    await openWidget(page);
    await expect(widget.getByRole('button', { name: 'Subscribe' })).toBeVisible();
    await widget.getByRole('button', { name: 'Minimise newsletter sign-up' }).click();
    await expect(widget.getByRole('button', { name: 'Subscribe' })).toHaveCount(0);
    await widget.getByRole('button', { name: 'Open newsletter sign-up' }).click();
    await expect(widget.getByRole('button', { name: 'Subscribe' })).toBeVisible();
    await expect(page.getByTestId('newsletter-box-blog_mobile_hero')).toBeHidden();
    await expect(page.getByTestId('newsletter-box-blog')).toBeVisible();
  });

  test('asks for an address when the field is empty', async ({ page }) => {
    await open(page, '/blog');
    const widget = await openWidget(page);
    await widget.getByRole('button', { name: 'Subscribe' }).click();
    await expect(toast(page)).toContainText(leadMessages.emailRequiredTitle);
    await expect(toast(page)).toContainText(messages.emailRequired);
  });

  test('subscribes from the floating widget with its source and shows the server message', async ({ page }) => {
    await open(page, '/blog');
    const widget = await openWidget(page);
    await widget.getByLabel('Email address for the newsletter').fill('  floating@example.com ');
    const request = page.waitForRequest('**/api/subscribe');
    await widget.getByRole('button', { name: 'Subscribe' }).click();
    expect((await request).postDataJSON()).toEqual({
      email: 'floating@example.com',
      source: 'blog_floating_widget',
      page: '/blog',
    });
    await expect(toast(page)).toContainText(leadMessages.subscribeSuccessTitle);
    await expect(toast(page)).toContainText(leadMessages.subscribeThanks);
    await expect(widget.getByLabel('Email address for the newsletter')).toHaveValue('');
  });

  test('shows the server error when the address is refused, and a plain sentence otherwise', async ({ page }) => {
    await open(page, '/blog');
    const box = page.getByTestId('newsletter-box-blog');
    await box.getByLabel('Email address for the newsletter').fill('nope@');
    await box.getByRole('button', { name: 'Subscribe' }).click();
    await expect(toast(page)).toContainText(leadMessages.subscribeFailedTitle);
    await expect(toast(page)).toContainText(messages.emailInvalid);

    await page.route('**/api/subscribe', (route) => route.fulfill({ status: 502, body: '' }));
    await box.getByLabel('Email address for the newsletter').fill('reader@example.com');
    await box.getByRole('button', { name: 'Subscribe' }).click();
    await expect(toast(page)).toContainText(leadMessages.subscribeFailed);
  });
});

test.describe('Newsletter on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('hides the floating widget and subscribes from the hero box', async ({ page }) => {
    await open(page, '/blog');
    await expect(page.getByTestId('newsletter-floating-widget')).toBeHidden();
    const hero = page.getByTestId('newsletter-box-blog_mobile_hero');
    await hero.getByLabel('Email address for the newsletter').fill('phone@example.com');
    const request = page.waitForRequest('**/api/subscribe');
    await hero.getByRole('button', { name: 'Subscribe' }).click();
    expect((await request).postDataJSON()).toMatchObject({ source: 'blog_mobile_hero' });
    await expect(toast(page)).toContainText(leadMessages.subscribeSuccessTitle);
  });
});

test.describe('Newsletter confirmation page', () => {
  test('says so when the subscription is confirmed', async ({ page }) => {
    await open(page, '/newsletter/confirm?status=ok');
    await expect(page.getByRole('heading', { name: 'Subscription confirmed' })).toBeVisible();
  });

  test('asks for the button before confirming, and lands on the invalid state for a bad confirmation link', async ({
    page,
  }) => {
    // An old link of the API leads to the confirm page, which confirms nothing until its button is pressed.
    await open(page, '/api/newsletter/confirm?token=not-a-real-token');
    await expect(page).toHaveURL(/\/newsletter\/confirm\?token=not-a-real-token$/);
    await expect(page.getByRole('heading', { name: 'Please confirm your subscription' })).toBeVisible();
    await page.getByRole('button', { name: 'Confirm subscription' }).click();
    await expect(page).toHaveURL(/\/newsletter\/confirm\?status=invalid$/);
    await expect(page.getByRole('heading', { name: 'This link is not valid' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to the blog' })).toHaveAttribute('href', '/blog');
  });
});

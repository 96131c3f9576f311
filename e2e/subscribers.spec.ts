import { leadListMessages } from '../common/src/subscribers';
import { leadMessages } from '../common/src/lead-capture';
import { expect, test, type Page } from './fixtures';
import { giveConsent } from './helpers/consent';

/**
 * Subscribers and playbook requests in the admin: an address signed up through the public form is
 * found in the list and removed after a confirmation, and stays off the list when it signs up again;
 * a playbook request shows in the playbook list, reached from the dashboard.
 */
const admin = { email: process.env.E2E_ADMIN_EMAIL!, password: process.env.E2E_ADMIN_PASSWORD! };
const run = Date.now().toString(36);
const reader = `reader-${run}@example.com`;
const requester = `playbook-${run}@example.com`;
// This suite's visitors speak from addresses of their own, so the per-client sign-up limits of other suites stay apart.
const visitorHeaders = { 'x-forwarded-for': '10.89.0.1' };

async function signIn(page: Page) {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/admin/login'));
}

async function subscribeFromBlog(page: Page, email: string) {
  await page.goto('/blog');
  // The box's lazy code and the page's first calls are done before it is used (as in the newsletter suite).
  await page.waitForLoadState('networkidle');
  const box = page.getByTestId('newsletter-box-blog');
  await box.scrollIntoViewIfNeeded();
  await box.getByLabel('Email address for the newsletter').fill(email);
  await box.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByTestId('toast')).toContainText(leadMessages.subscribeThanks);
}

test.describe.configure({ mode: 'serial' });
// Each test signs in and walks through several pages: more than the default 30 s on a loaded 2-core machine.
test.describe.configure({ timeout: 120_000 });

test.describe('Subscribers and playbook requests', () => {
  test('an address signed up on the blog is found in the subscribers list and removed after a confirmation', async ({
    page,
  }) => {
    await page.setExtraHTTPHeaders(visitorHeaders);
    await giveConsent(page);
    await subscribeFromBlog(page, reader);

    await signIn(page);
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Subscribers' }).click();
    await expect(page).toHaveURL('/admin/subscribers');
    const pending = Number(await page.getByTestId('subscriber-count-pending').locator('.tabular-nums').textContent());
    expect(pending).toBeGreaterThanOrEqual(1);

    await page.getByLabel('Search subscribers').fill(reader);
    await expect(page).toHaveURL(/[?&]q=reader-/);
    const rows = page.getByTestId('subscriber-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.first().getByTestId('subscriber-email')).toHaveText(reader);
    await expect(rows.first().getByTestId('subscriber-status')).toHaveText('Pending');
    await expect(rows.first()).toContainText('Blog · /blog');
    await page.getByLabel('State', { exact: true }).selectOption('pending');
    await expect(page).toHaveURL(/status=pending/);
    await expect(rows).toHaveCount(1);
    await expect(page.getByTestId('subscribers-csv')).toHaveAttribute(
      'href',
      /\/api\/admin\/subscribers\.csv\?.*status=pending/,
    );
    await page.screenshot({ path: test.info().outputPath('subscribers-1280.png'), fullPage: true });

    // Cancel leaves the subscriber where it is.
    await rows
      .first()
      .getByRole('button', { name: `Remove ${reader}` })
      .click();
    const dialog = page.getByRole('alertdialog', { name: 'Remove this subscriber?' });
    await expect(dialog).toContainText(reader);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(rows).toHaveCount(1);

    await rows
      .first()
      .getByRole('button', { name: `Remove ${reader}` })
      .click();
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByTestId('toast')).toContainText(leadListMessages.subscriberRemoved(reader));
    await expect(rows).toHaveCount(0);
    await expect(page.getByTestId('subscribers-empty')).toHaveText('No subscribers match these filters.');
    await expect(page.getByTestId('subscriber-count-pending').locator('.tabular-nums')).toHaveText(String(pending - 1));
  });

  test('a removed address that signs up again is thanked as usual but stays off the list', async ({ page }) => {
    await page.setExtraHTTPHeaders(visitorHeaders);
    await giveConsent(page);
    await subscribeFromBlog(page, reader);
    await signIn(page);
    await page.goto(`/admin/subscribers?q=${encodeURIComponent(reader)}`);
    await expect(page.getByTestId('subscribers-empty')).toBeVisible();
  });

  test('a playbook request shows in the playbook list, reached from the dashboard', async ({ page }) => {
    const response = await page.request.post('/api/playbook-download', {
      headers: visitorHeaders,
      data: { email: requester, page: '/labs' },
    });
    expect(response.status()).toBe(201);

    await signIn(page);
    await page.getByTestId('card-recent-downloads').getByRole('link', { name: 'All requests' }).click();
    await expect(page).toHaveURL('/admin/playbook');
    await expect(page.getByRole('heading', { level: 1, name: 'Playbook requests' })).toBeVisible();
    await page.getByLabel('Search playbook requests').fill(requester);
    await expect(page).toHaveURL(/[?&]q=playbook-/);
    const rows = page.getByTestId('playbook-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(requester);
    await expect(rows.first()).toContainText('/labs');
    await expect(page.getByTestId('playbook-csv')).toHaveAttribute(
      'href',
      /\/api\/admin\/playbook-requests\.csv\?q=playbook-/,
    );
    const csv = await page.request.get((await page.getByTestId('playbook-csv').getAttribute('href'))!);
    expect(await csv.text()).toContain(`"${requester}","/labs"`);
  });
});

import { apiTokenMessages, apiTokenPattern } from '../common/src/api-tokens';
import { expect, test, type Page } from './fixtures';

/**
 * API tokens end to end (docs/product.md#api-tokens): a super admin creates a token, sees it once,
 * finds it listed, uses it, and revokes it; the API reference at /api/docs is served by the API,
 * not by the page renderer.
 */
const admin = { email: process.env.E2E_ADMIN_EMAIL!, password: process.env.E2E_ADMIN_PASSWORD! };
const name = `E2E sync ${Date.now().toString(36)}`;

async function signIn(page: Page) {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/admin/login'));
}

test.describe.configure({ mode: 'serial' });

test('a super admin creates a token, sees it once, finds it listed and revokes it', async ({ page, request }) => {
  test.setTimeout(90_000);
  await signIn(page);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'API tokens' }).click();
  await expect(page).toHaveURL('/admin/api-tokens');
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout: 20_000 });

  // A name is required, said under the field.
  await page.getByTestId('api-token-create').click();
  await expect(page.getByTestId('api-token-form').getByText(apiTokenMessages.nameRequired)).toBeVisible();

  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('combobox', { name: 'Role' }).selectOption('consultant');
  await page.getByRole('combobox', { name: 'Expires' }).selectOption('30');
  await page.getByTestId('api-token-create').click();
  const created = page.getByTestId('api-token-created');
  await expect(created).toContainText(apiTokenMessages.created);
  const token = (await page.getByTestId('api-token-secret').innerText()).trim();
  expect(token).toMatch(apiTokenPattern);

  const row = page.getByTestId('api-token-row').filter({ hasText: name });
  await expect(row).toContainText('Consultant');
  await expect(row.getByTestId('api-token-status')).toHaveText('Active');
  await expect(row).toContainText('never used');

  // The token works on the admin API (a request without the browser's cookie).
  const used = await request.get('/api/admin/posts', { headers: { Authorization: `Bearer ${token}` } });
  expect(used.status()).toBe(200);

  // Shown once: gone when dismissed and after a reload.
  await page.getByTestId('api-token-done').click();
  await expect(created).toHaveCount(0);
  await page.reload();
  await expect(row).toContainText('last used');
  expect(await page.content()).not.toContain(token);

  await row.getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByTestId('toast')).toContainText(apiTokenMessages.revoked);
  await expect(row.getByTestId('api-token-status')).toHaveText('Revoked');
  await expect(row.getByRole('button', { name: 'Revoke' })).toHaveCount(0);

  const refused = await request.get('/api/admin/posts', { headers: { Authorization: `Bearer ${token}` } });
  expect(refused.status()).toBe(401);
  expect((await refused.json()).error).toBe(apiTokenMessages.invalid);
});

test('the API reference at /api/docs shows the described API from the site itself', async ({ page }) => {
  test.setTimeout(60_000);
  const outside: string[] = [];
  page.on('request', (sent) => {
    if (
      !sent.url().startsWith('http://localhost') &&
      !sent.url().startsWith('http://127.0.0.1') &&
      !sent.url().startsWith('data:')
    )
      outside.push(sent.url());
  });
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  // Not a page of the front end (nothing hydrates): the load event is enough.
  // Swagger UI draws the groups near the view only: the link to the API tokens group brings it there.
  const response = await page.goto('/api/docs#/admin-api-tokens', { waitUntil: 'domcontentloaded' });
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle('API reference');
  await expect(page.locator('.swagger-ui .title')).toContainText('API', { timeout: 20_000 });
  await expect(page.locator('.opblock-summary-path[data-path="/api/admin/api-tokens"]').first()).toBeVisible();
  expect(outside).toEqual([]);
  expect(errors).toEqual([]);
});

import { leadMessages } from '../common/src/index';
import { expect, test, type Locator, type Page } from './fixtures';
import { named, spyOnAnalytics } from './helpers/analytics-spy';
import { consentVersion } from '../common/src/privacy';
import { site } from '../common/src/site';

/**
 * The playbook on a phone (docs/product.md#lead-capture): below the floating widget's breakpoint an
 * inline offer on the pages that carry the widget, and in the mobile menu, asks for the e-mail
 * address (the widget's request, messages and events) and then offers the download; the requests
 * show in the admin's playbook list.
 */
const admin = { email: process.env.E2E_ADMIN_EMAIL!, password: process.env.E2E_ADMIN_PASSWORD! };
const run = Date.now().toString(36);
// This suite's visitor speaks from an address of its own: six requests stay within the per-client limit.
const visitorHeaders = { 'x-forwarded-for': '10.89.54.1' };

test.describe.configure({ mode: 'serial' });
test.describe.configure({ timeout: 120_000 });
test.use({ viewport: { width: 390, height: 844 } });

const requester = (place: string) => `playbook-phone-${place}-${run}@example.com`;

/** Asks for the playbook through one inline offer and checks the download that follows. */
async function requestThrough(page: Page, offer: Locator, email: string, path: string) {
  const events = await spyOnAnalytics(page);
  await offer.getByRole('button', { name: 'Get the free playbook' }).click();
  await offer.getByLabel('Email address for the playbook').fill(email);
  const request = page.waitForRequest('**/api/playbook-download');
  await offer.getByRole('button', { name: 'Get the Playbook' }).click();
  expect((await request).postDataJSON()).toEqual({ email, page: path });
  await expect(page.getByTestId('toast')).toContainText(leadMessages.playbookSuccessTitle);
  // The widget's analytics events, sent once each.
  await expect.poll(() => named(events, 'Playbook Downloaded').length).toBe(1);
  expect(named(events, 'playbook_download')).toHaveLength(1);
  const download = offer.getByRole('link', { name: 'Download Playbook' });
  await expect(download).toBeVisible();
  await expect(download).toHaveAttribute('target', '_blank');
  expect(await download.getAttribute('href')).toMatch(/\/downloads\/sme-ai-adoption-playbook\.pdf$/);
}

test.describe('Playbook on a phone (390 px)', () => {
  test.beforeEach(async ({ page }) => {
    await page.setExtraHTTPHeaders(visitorHeaders);
    // Analytics accepted (the banner stays away), so that the widget's events are sent.
    await page.addInitScript(
      ({ key, version }) =>
        localStorage.setItem(
          key,
          JSON.stringify({
            preferences: { essential: true, analytics: true, marketing: false },
            timestamp: new Date().toISOString(),
            userId: 'e2e-visitor',
            version,
          }),
        ),
      { key: site.consentStorageKey, version: consentVersion },
    );
  });

  for (const path of ['/', '/about', '/consulting', '/labs', '/immersive']) {
    test(`is obtained from the inline offer on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByTestId('playbook-widget')).toBeHidden();
      const offer = page.getByTestId('playbook-offer');
      await offer.scrollIntoViewIfNeeded();
      await expect(offer).toBeVisible();
      const box = (await offer.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      await requestThrough(page, offer, requester(path === '/' ? 'home' : path.slice(1)), path);
    });
  }

  test('is obtained from the mobile menu on a page without the widget', async ({ page }) => {
    await page.goto('/blog');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const offer = page.getByTestId('playbook-offer-menu');
    await offer.scrollIntoViewIfNeeded();
    await expect(offer).toBeVisible();
    await requestThrough(page, offer, requester('menu'), '/blog');
    // The menu stays open on the download button.
    await expect(page.locator('#mobile-menu')).toBeVisible();
  });

  test('the admin playbook list shows every request and the page it came from', async ({ page }) => {
    await page.goto('/admin/login');
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/admin/login'));
    await page.goto(`/admin/playbook?q=${encodeURIComponent(`-${run}@`)}`);
    const rows = page.getByTestId('playbook-row');
    await expect(rows).toHaveCount(6);
    for (const [place, path] of [
      ['home', '/'],
      ['about', '/about'],
      ['consulting', '/consulting'],
      ['labs', '/labs'],
      ['immersive', '/immersive'],
      ['menu', '/blog'],
    ]) {
      await expect(rows.filter({ hasText: requester(place) })).toContainText(path);
    }
  });
});

test.describe('Playbook on a large screen', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('shows the floating widget and no inline offer', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByTestId('playbook-widget')).toBeVisible();
    await expect(page.getByTestId('playbook-offer')).toBeHidden();
  });
});

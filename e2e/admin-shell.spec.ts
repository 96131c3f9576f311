import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext } from '@playwright/test';
import { expect, test, type Page } from './fixtures';
import { giveConsent } from './helpers/consent';
import { createConsultantWithCli } from './helpers/staff-accounts';
import { consentVersion } from '../common/src/privacy';
import { site } from '../common/src/site';

/**
 * The admin shell: a labelled sidebar from 1024 px (foldable, remembered), a bar and menu below;
 * the person, the bell and Sign Out in it; focus on the new screen's heading after each navigation,
 * the skip link on the screen's first control; no analytics from staff screens.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const shots = path.join(root, 'test-results', 'admin-shell');
const admin = { email: process.env.E2E_ADMIN_EMAIL!, password: process.env.E2E_ADMIN_PASSWORD! };

async function signIn(context: BrowserContext) {
  const response = await context.request.post('/api/admin/login', { data: admin });
  expect(response.ok()).toBe(true);
}

const sidebar = (page: Page) => page.getByTestId('admin-sidebar');
const adminNavigation = (page: Page) => page.getByRole('navigation', { name: 'Admin' });
/** The drawn width of an area's words in the sidebar (a folded sidebar keeps them for screen readers only). */
const labelWidth = async (page: Page, label: string) =>
  (await adminNavigation(page).getByText(label, { exact: true }).boundingBox())?.width ?? 0;
const focusedElement = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    return {
      tag: active?.tagName ?? '',
      text: active?.textContent?.trim() ?? '',
      inScreen: Boolean(active?.closest('[data-screen]')),
    };
  });

test.describe('Admin shell', () => {
  test.beforeEach(async ({ context }) => {
    await giveConsent(context);
    await signIn(context);
  });

  for (const width of [1280, 1024]) {
    test(`at ${width} px a labelled sidebar holds the areas, the person, the bell and Sign Out; folded, it stays folded`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/admin/posts');
      await expect(sidebar(page)).toBeVisible();
      await expect(page.getByTestId('admin-bar')).toBeHidden();
      const navigation = adminNavigation(page);
      // Every area in words, not icons known by tooltips.
      for (const label of [
        'Dashboard',
        'Posts',
        'Case studies',
        'Media',
        'Enquiries',
        'Settings',
        'Staff',
        'Activity',
      ]) {
        await expect(navigation.getByRole('link', { name: label, exact: true })).toBeVisible();
        expect(await labelWidth(page, label)).toBeGreaterThan(20);
      }
      await expect(navigation.getByRole('link', { name: 'Posts', exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await expect(sidebar(page).getByTestId('admin-identity')).toBeVisible();
      await expect(sidebar(page).getByTestId('notification-bell')).toBeVisible();
      await expect(sidebar(page).getByRole('button', { name: 'Sign Out' })).toBeVisible();
      await expect(page.getByTestId('notification-bell')).toHaveCount(1);
      // Inside the spec's frame: the shared header (admin title) above, the footer below.
      await expect(page.getByTestId('brand')).toBeVisible();
      await expect(page.locator('footer').last()).toBeAttached();
      mkdirSync(shots, { recursive: true });
      await page.screenshot({ path: path.join(shots, `posts-${width}.png`) });

      await sidebar(page).getByRole('button', { name: 'Collapse navigation' }).click();
      await expect(sidebar(page)).toHaveAttribute('data-collapsed', 'true');
      await expect.poll(() => labelWidth(page, 'Posts')).toBeLessThanOrEqual(1);
      expect((await sidebar(page).boundingBox())!.width).toBeLessThan(80);
      // Still named for screen readers.
      await expect(navigation.getByRole('link', { name: 'Posts', exact: true })).toBeVisible();
      await page.reload();
      await expect(sidebar(page)).toHaveAttribute('data-collapsed', 'true');
      await page.screenshot({ path: path.join(shots, `posts-${width}-collapsed.png`) });
      await sidebar(page).getByRole('button', { name: 'Expand navigation' }).click();
      await expect.poll(() => labelWidth(page, 'Posts')).toBeGreaterThan(20);
    });
  }

  test('at 390 px a bar with the bell and a menu holding the areas, the person and Sign Out', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/admin/posts');
    await expect(sidebar(page)).toBeHidden();
    const bar = page.getByTestId('admin-bar');
    await expect(bar).toBeVisible();
    await expect(bar.getByTestId('notification-bell')).toBeVisible();
    await expect(page.getByTestId('notification-bell')).toHaveCount(1);
    await expect(adminNavigation(page)).toBeHidden();
    mkdirSync(shots, { recursive: true });
    await page.screenshot({ path: path.join(shots, 'posts-390.png') });
    await bar.getByRole('button', { name: 'Menu', exact: true }).click();
    const menu = page.getByTestId('admin-menu');
    await expect(menu.getByRole('link', { name: 'Posts', exact: true })).toHaveAttribute('aria-current', 'page');
    // The menu scrolls inside itself: Sign Out at its foot can be reached.
    await menu.getByRole('button', { name: 'Sign Out' }).scrollIntoViewIfNeeded();
    await expect(menu.getByRole('button', { name: 'Sign Out' })).toBeInViewport();
    await page.screenshot({ path: path.join(shots, 'menu-390.png') });
    await menu.getByRole('link', { name: 'Media', exact: true }).click();
    await expect(page).toHaveURL('/admin/media');
    await expect(page.locator('h1')).toBeFocused();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test('after each navigation focus is on the new screen’s heading; Back too', async ({ page }) => {
    await page.goto('/admin');
    await adminNavigation(page).getByRole('link', { name: 'Enquiries', exact: true }).click();
    await expect(page).toHaveURL('/admin/enquiries');
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    expect(await focusedElement(page)).toMatchObject({ tag: 'H1', inScreen: true });
    // A keyboard user goes on from the heading into the screen, not back through the navigation.
    await page.keyboard.press('Tab');
    expect((await focusedElement(page)).inScreen).toBe(true);

    await adminNavigation(page).getByRole('link', { name: 'Posts', exact: true }).click();
    await expect(page).toHaveURL('/admin/posts');
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    await page.goBack();
    await expect(page).toHaveURL('/admin/enquiries');
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    // The heading is reached by script only, never by Tab.
    await expect(page.getByRole('heading', { level: 1 })).toHaveAttribute('tabindex', '-1');
  });

  test('the skip link lands on the screen’s first control, past the header and the navigation', async ({ page }) => {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await page.goto('/admin/posts');
      await page.keyboard.press('Tab');
      await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
      await page.keyboard.press('Enter');
      const focused = await focusedElement(page);
      expect(focused.inScreen, `at ${width} px focus is on ${focused.tag} "${focused.text}"`).toBe(true);
      expect(['A', 'BUTTON', 'INPUT', 'SELECT', 'TEXTAREA']).toContain(focused.tag);
      const first = await page.evaluate(() => {
        const region = document.querySelector('[data-screen]')!;
        const control = [...region.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea')].find(
          (element) => element.getClientRects().length > 0,
        );
        return control === document.activeElement;
      });
      expect(first, 'focus is on the first control of the screen').toBe(true);
    }
  });

  test('staff screens send no analytics events, even with analytics and marketing accepted', async ({ page }) => {
    await page.addInitScript(
      ({ key, version }) => {
        const record = {
          preferences: { essential: true, analytics: true, marketing: true },
          timestamp: new Date().toISOString(),
          userId: 'e2e-staff',
          version,
        };
        localStorage.setItem(key, JSON.stringify(record));
      },
      { key: site.consentStorageKey, version: consentVersion },
    );
    const tracked: string[] = [];
    page.on('request', (request) => {
      const url = request.url();
      if (url.includes('/api/analytics/track') || /googletagmanager|hs-scripts|hubspot/.test(url)) tracked.push(url);
    });
    // The same browser on a public page does send its view: the listener would see one.
    await page.goto('/about');
    await expect.poll(() => tracked.length).toBeGreaterThan(0);
    tracked.length = 0;

    await page.goto('/admin');
    for (const label of ['Posts', 'Media', 'Enquiries', 'Analytics', 'Settings']) {
      await adminNavigation(page).getByRole('link', { name: label, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    }
    await page.goto('/admin/posts/new');
    await page.getByLabel('Title').first().fill('A title typed on a staff screen');
    // Time for anything a screen would send late (time on page, engagement timers).
    await page.waitForTimeout(1_500);
    expect(tracked).toEqual([]);
  });
});

test.describe('Document editors', () => {
  test.beforeEach(async ({ context }) => {
    await giveConsent(context);
    await signIn(context);
  });

  for (const { screen, card, save } of [
    { screen: '/admin/posts/new', card: 'Publish', save: 'Save draft' },
    { screen: '/admin/case-studies/new', card: 'Publish', save: 'Save draft' },
  ]) {
    test(`${screen}: on a phone the publishing card comes before the content; on a wide screen beside it`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(screen);
      const actions = page.getByTestId('document-actions');
      const title = page.getByLabel(/^(Title|Subject)/).first();
      await expect(actions.getByRole('heading', { name: card })).toBeVisible();
      await expect(actions.getByRole('button', { name: save })).toBeVisible();
      const phoneActions = (await actions.boundingBox())!;
      const phoneTitle = (await title.boundingBox())!;
      // Above the first field, on the first screen: no scrolling past the whole form to save or publish.
      expect(phoneActions.y + phoneActions.height).toBeLessThanOrEqual(phoneTitle.y);
      expect(phoneActions.y).toBeLessThan(844);
      // In the tab order too: the card's buttons come before the fields.
      expect(
        await page.evaluate(() => {
          const actionsCard = document.querySelector('[data-testid="document-actions"]')!;
          const firstField = document.querySelector('form input, form textarea')!;
          return Boolean(actionsCard.compareDocumentPosition(firstField) & Node.DOCUMENT_POSITION_FOLLOWING);
        }),
      ).toBe(true);

      await page.setViewportSize({ width: 1280, height: 800 });
      const wideActions = (await actions.boundingBox())!;
      const wideTitle = (await title.boundingBox())!;
      expect(wideActions.x).toBeGreaterThanOrEqual(wideTitle.x + wideTitle.width);
      expect(wideActions.y).toBeLessThan(wideTitle.y + wideTitle.height);
    });
  }
});

test.describe('Staff sign-in by keyboard', () => {
  for (const width of [390, 1024, 1280]) {
    test(`at ${width} px the e-mail field is at most four Tab presses from page load, and the form signs in`, async ({
      page,
    }) => {
      await giveConsent(page);
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await page.goto('/admin/login');
      const email = page.getByLabel('Email');
      let presses = 0;
      while (presses < 4 && !(await email.evaluate((field) => field === document.activeElement))) {
        await page.keyboard.press('Tab');
        presses += 1;
      }
      await expect(email, `the e-mail field after ${presses} Tab presses`).toBeFocused();
      await page.keyboard.type(admin.email);
      await page.keyboard.press('Tab');
      await expect(page.getByLabel('Password')).toBeFocused();
      await page.keyboard.type(admin.password);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL('/admin');
      await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    });
  }
});

test.describe('First sign-in', () => {
  test('the first sign-in of an account says "Welcome", the next "Welcome back"', async ({ page }) => {
    // The staff CLI takes a while to start on a busy machine.
    test.setTimeout(120_000);
    // A new account each run: its first sign-in is this test's.
    const newcomer = {
      email: `first-sign-in-${Date.now()}@northbeam.example`,
      password: 'first-sign-in-password-42',
      name: 'Freya Newcombe',
    };
    createConsultantWithCli(newcomer);
    await giveConsent(page);
    for (const heading of ['Welcome, Freya', 'Welcome back, Freya']) {
      await page.goto('/admin/login');
      await page.getByLabel('Email').fill(newcomer.email);
      await page.getByLabel('Password').fill(newcomer.password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expect(page).toHaveURL('/admin');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await sidebar(page).getByRole('button', { name: 'Sign Out' }).click();
      await expect(page).toHaveURL('/admin/login');
    }
  });
});

/** The screens a staff member lands on most, each with its own kind of control (lists, editors, forms, a QR code). */
const bannerScreens = [
  '/admin',
  '/admin/posts',
  '/admin/posts/new',
  '/admin/case-studies/new',
  '/admin/media',
  '/admin/enquiries',
  '/admin/subscribers',
  '/admin/newsletter/new',
  '/admin/analytics',
  '/admin/privacy',
  '/admin/team',
  '/admin/settings',
  '/admin/staff',
  '/admin/activity',
  '/admin/account',
  '/admin/account/two-factor',
];

test.describe('With the cookie banner up', () => {
  for (const width of [390, 1280]) {
    test(`at ${width} px every admin control still takes a click at its centre`, async ({ browser, baseURL }) => {
      test.setTimeout(240_000);
      // No consent stored: the banner comes up on every screen.
      const context = await browser.newContext({ baseURL, viewport: { width, height: width === 390 ? 844 : 800 } });
      await context.route('**/api/analytics/track', (route) => route.fulfill({ status: 204 }));
      await signIn(context);
      const page = await context.newPage();
      const failures: string[] = [];
      let checked = 0;
      for (const screen of bannerScreens) {
        await page.goto(screen);
        await expect(page.getByRole('dialog', { name: 'We value your privacy' })).toBeVisible({ timeout: 10_000 });
        await expect(page.locator('html[data-cookie-banner="open"]')).toBeAttached();
        // Each control is brought into view as the browser would for a click or a Tab, then hit-tested at its centre.
        const result = await page.evaluate(() => {
          const banner = document.querySelector('[data-testid="cookie-banner"]');
          const describe = (element: Element | null) =>
            element
              ? `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`
              : 'nothing';
          const controls = document.querySelectorAll<HTMLElement>(
            'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="tab"], [tabindex]:not([tabindex="-1"])',
          );
          const found: string[] = [];
          let tested = 0;
          for (const control of controls) {
            if (banner?.contains(control) || control.closest('[inert], [aria-hidden="true"]')) continue;
            // A disabled control takes no click by design (the button styles let clicks pass through it).
            if (control.matches(':disabled, [aria-disabled="true"]')) continue;
            if (control.getClientRects().length === 0 || getComputedStyle(control).visibility === 'hidden') continue;
            control.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: 'instant' });
            const box = control.getBoundingClientRect();
            // Visually hidden controls (skip links until focused, inputs drawn by their label) have no centre to click.
            if (box.width < 4 || box.height < 4) continue;
            tested += 1;
            const x = box.left + box.width / 2;
            const y = box.top + box.height / 2;
            if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) {
              found.push(`${describe(control)} cannot be scrolled into view`);
              continue;
            }
            const hit = document.elementFromPoint(x, y);
            const label = hit?.closest('label');
            const ok =
              hit !== null &&
              (hit === control ||
                control.contains(hit) ||
                (label !== null && label !== undefined && (label.control === control || label.contains(control))));
            if (!ok) found.push(`${describe(control)} is covered by ${describe(hit)}`);
          }
          return { tested, found };
        });
        checked += result.tested;
        failures.push(...result.found.map((failure) => `${screen} @ ${width}px: ${failure}`));
      }
      expect(checked, 'controls checked').toBeGreaterThan(bannerScreens.length * 5);
      expect(failures, failures.join('\n')).toEqual([]);
      await context.close();
    });
  }
});

import { expect, test } from './fixtures';
import { site } from '../common/src/site';
import { gotoHydrated } from './helpers/hydration';

const mainItems = ['About', 'Consulting', 'Labs', 'Immersive', 'Case Studies', 'Blog'];

test.describe('Shared frame: header', () => {
  test('shows every navigation item, the Products menu and the Contact button', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const item of mainItems) await expect(nav.getByRole('link', { name: item, exact: true })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Contact', exact: true })).toBeVisible();

    await nav.getByRole('button', { name: 'Products' }).click();
    const menu = page.getByTestId('products-menu');
    for (const product of site.products) {
      const link = menu.getByRole('link', { name: new RegExp(product.name) });
      await expect(link).toHaveAttribute('href', product.href);
      await expect(link).toHaveAttribute('target', '_blank');
    }
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  });

  test('highlights the item whose path the current path starts with', async ({ page }) => {
    await page.goto('/blog/labs');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Blog', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Labs', exact: true })).not.toHaveAttribute('aria-current', 'page');
  });

  test('adds Content on /labs and Insights on /consulting, and changes the title by section', async ({ page }) => {
    await page.goto('/labs');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Content', exact: true })).toHaveAttribute('href', '/blog/labs');
    await expect(page.getByTestId('brand')).toContainText(`${site.name} Labs`);
    await page.goto('/consulting');
    await expect(nav.getByRole('link', { name: 'Insights', exact: true })).toHaveAttribute('href', '/blog/consulting');
    await expect(nav.getByRole('link', { name: 'Content', exact: true })).toHaveCount(0);
    await expect(page.getByTestId('brand')).toContainText(`${site.name} Consulting`);
    await page.goto('/about');
    await expect(nav.getByRole('link', { name: 'Insights', exact: true })).toHaveCount(0);
  });

  test('shows plain text without a logo on paths outside the named sections', async ({ page }) => {
    await page.goto('/unsubscribe');
    const brand = page.getByTestId('brand');
    await expect(brand).toHaveText(site.name);
    await expect(brand.locator('svg')).toHaveCount(0);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('opens the toggle menu with mobile labels and closes it on a link click', async ({ page }) => {
      await page.goto('/labs');
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
      await expect(page.getByRole('banner').getByRole('link', { name: 'Contact', exact: true })).toBeVisible();
      await page.getByRole('button', { name: 'Open menu' }).click();
      const menu = page.getByRole('navigation', { name: 'Mobile' });
      await expect(menu.getByRole('link', { name: 'Labs Content' })).toBeVisible();
      for (const item of mainItems) await expect(menu.getByRole('link', { name: item, exact: true })).toBeVisible();
      await menu.getByRole('link', { name: 'About', exact: true }).click();
      await expect(page).toHaveURL(/\/about$/);
      await expect(menu).toBeHidden();
    });

    test('closes the toggle menu with Escape (focus back on its button) and with a tap outside it', async ({
      page,
    }) => {
      await page.goto('/labs');
      const toggle = page.getByRole('button', { name: 'Open menu' });
      const menu = page.getByRole('navigation', { name: 'Mobile' });
      await toggle.click();
      await expect(menu).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
      await toggle.click();
      await expect(menu).toBeVisible();
      // A tap on the page below the menu (a taller phone, so that the page shows under the open menu).
      await page.setViewportSize({ width: 390, height: 1100 });
      const box = (await menu.boundingBox())!;
      await page.mouse.click(195, box.y + box.height + 40);
      await expect(menu).toBeHidden();
      await expect(page).toHaveURL(/\/labs$/);
    });

    test('on a short phone the open menu scrolls inside itself down to its last link', async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 667 });
      await page.goto('/labs');
      await page.getByRole('button', { name: 'Open menu' }).click();
      const menu = page.getByRole('navigation', { name: 'Mobile' });
      const box = (await menu.boundingBox())!;
      // The menu ends at the bottom of the screen, and its Contact link is reached by scrolling the menu.
      expect(box.y + box.height).toBeLessThanOrEqual(667);
      const contact = menu.getByRole('link', { name: 'Contact', exact: true });
      await contact.scrollIntoViewIfNeeded();
      await expect(contact).toBeInViewport();
      await contact.click();
      await expect(page).toHaveURL(/\/contact$/);
    });
  });
});

test.describe('Shared frame: footer', () => {
  test('has the three columns, six social links and the copyright line', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByTestId('site-footer');
    const services = footer.getByRole('navigation', { name: 'Services' });
    for (const label of ['Consulting', 'Labs', 'Immersive'])
      await expect(services.getByRole('link', { name: label })).toBeVisible();
    const studios = footer.getByRole('navigation', { name: 'Studios' });
    for (const studio of site.studios) {
      await expect(studios.getByRole('link', { name: new RegExp(studio.name) })).toHaveAttribute('target', '_blank');
    }
    const company = footer.getByRole('navigation', { name: 'Company' });
    for (const label of ['About', 'Contact', 'Cookies', 'Privacy', 'Data Deletion', 'Terms & Conditions']) {
      await expect(company.getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    const social = footer.getByRole('list', { name: 'Social media' }).getByRole('link');
    await expect(social).toHaveCount(6);
    for (const name of ['LinkedIn', 'X', 'Facebook', 'Pinterest', 'YouTube', 'Instagram']) {
      await expect(footer.getByRole('link', { name: `${site.name} on ${name}` })).toBeVisible();
    }
    await expect(footer.getByTestId('copyright')).toContainText(`© ${new Date().getFullYear()} ${site.legalName}`);
    await expect(footer.getByTestId('copyright')).toContainText('England and Wales');
  });
});

test.describe('Routing and status codes', () => {
  test('renders the 404 page with status 404 for an unknown path', async ({ page }) => {
    const response = await page.goto('/No/Such/Page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  });

  test('matches routes case-insensitively with an optional trailing slash', async ({ page }) => {
    const response = await page.goto('/ABOUT/');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(/^About \|/);
  });

  test('navigates on the client after hydration without a full reload', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'still here'));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About', exact: true }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page).toHaveTitle(/^About \|/);
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('still here');
  });

  test('starts a new page at the top and restores the scroll position on back', async ({ page }) => {
    await gotoHydrated(page, '/');
    await page.evaluate(() => window.scrollTo(0, 1500));
    const before = await page.evaluate(() => window.scrollY);
    expect(before).toBeGreaterThan(1000);
    // A click through the DOM, so that the browser does not scroll to the link first.
    await page.evaluate(() => document.querySelector<HTMLAnchorElement>('header a[href="/about"]')!.click());
    await expect(page).toHaveTitle(/^About \|/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(before);
  });

  test('shows the last of two quick navigations, whichever data arrives first', async ({ page }) => {
    await gotoHydrated(page, '/');
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/case-studies', async (route) => {
      await held;
      await route.continue();
    });
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Case Studies', exact: true }).click();
    await nav.getByRole('link', { name: 'About', exact: true }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page).toHaveTitle(/^About \|/);
    const late = page.waitForResponse('**/api/case-studies');
    release();
    await (await late).finished();
    // The late data is in the page; a frame and a task later the router has had its say on it.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
    await expect(page).toHaveURL(/\/about$/);
    await expect(page).toHaveTitle(/^About \|/);
  });

  test('loads a page from the server when its code cannot be fetched (a release replaced it)', async ({ page }) => {
    await gotoHydrated(page, '/');
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'old document'));
    await page.route('**/assets/**/*.js', (route) => route.abort());
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About', exact: true }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page).toHaveTitle(/^About \|/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('Something went wrong')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBeUndefined();
  });

  test('answers unknown API paths with JSON 404', async ({ request }) => {
    const response = await request.get('/api/does-not-exist');
    expect(response.status()).toBe(404);
    expect(await response.json()).toEqual({ statusCode: 404, error: 'Not found' });
  });
});

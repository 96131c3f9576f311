import { siteSettingsMessages } from '../common/src/site-settings';
import { expect, test, type Page } from './fixtures';
import { jsonLdBlocks } from './helpers/structured-data';

/**
 * Site settings and redirects end to end (docs/product.md#site-settings, docs/product.md#redirects):
 * an admin changes the LinkedIn address and the footer shows it at once; a hand-made redirect
 * answers 301 and its hit count shows in the list.
 */
const admin = { email: process.env.E2E_ADMIN_EMAIL!, password: process.env.E2E_ADMIN_PASSWORD! };
const run = Date.now().toString(36);

async function signIn(page: Page) {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/admin/login'));
}

test.describe.configure({ mode: 'serial' });

test.describe('Site settings and redirects', () => {
  test('the admin changes the LinkedIn address in settings and the footer shows it at once', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const linkedIn = `https://www.linkedin.com/company/northbeam-${run}`;
    // A visitor's page first, so that the HTML cache holds the footer with the old address.
    const visitor = await browser.newPage();
    await visitor.goto('/about');
    await expect(visitor.getByTestId('site-footer').getByRole('link', { name: /on LinkedIn/ })).not.toHaveAttribute(
      'href',
      linkedIn,
    );

    await signIn(page);
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Settings' }).click();
    await expect(page).toHaveURL('/admin/settings');
    await page.getByRole('textbox', { name: 'LinkedIn' }).fill('linkedin.com/northbeam');
    await page.getByTestId('settings-save').click();
    await expect(page.getByTestId('settings-social').getByText(siteSettingsMessages.urlInvalid)).toBeVisible();
    await page.getByRole('textbox', { name: 'LinkedIn' }).fill(linkedIn);
    await page.getByTestId('settings-save').click();
    await expect(page.getByTestId('toast')).toContainText(siteSettingsMessages.saved);
    await expect(page.getByTestId('settings-updated')).toContainText('Last saved');

    await visitor.goto('/about');
    await expect(visitor.getByTestId('site-footer').getByRole('link', { name: /on LinkedIn/ })).toHaveAttribute(
      'href',
      linkedIn,
    );
    await visitor.close();
  });

  test('the Terms page and the structured data show the e-mail, phone and social links of the settings at once', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const email = `hello-${run}@northbeam.example`;
    const phone = '+44 161 496 0123';
    const x = `https://x.com/northbeam-${run}`;
    const organization = (html: string) => jsonLdBlocks(html).find((block) => block['@type'] === 'Organization');
    // The raw HTML first (what a crawler sees), so that the HTML cache holds the page with the old values.
    const visitor = await browser.newPage();
    const before = await visitor.request.get('/terms');
    expect(await before.text()).not.toContain(email);

    await signIn(page);
    await page.goto('/admin/settings');
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout: 20_000 });
    const fields = {
      email: page.getByRole('textbox', { name: 'Public e-mail' }),
      phone: page.getByRole('textbox', { name: 'Phone' }),
      x: page.getByRole('textbox', { name: 'X', exact: true }),
    };
    const original = {
      email: await fields.email.inputValue(),
      phone: await fields.phone.inputValue(),
      x: await fields.x.inputValue(),
    };
    await fields.email.fill(email);
    await fields.phone.fill(phone);
    await fields.x.fill(x);
    await page.getByTestId('settings-save').click();
    await expect(page.getByTestId('toast')).toContainText(siteSettingsMessages.saved);

    const after = await (await visitor.request.get('/terms')).text();
    expect(after).toContain(`href="mailto:${email}"`);
    expect(organization(after)).toMatchObject({
      email,
      telephone: phone,
      contactPoint: { '@type': 'ContactPoint', email, telephone: phone },
      sameAs: expect.arrayContaining([x]),
    });
    await visitor.goto('/terms');
    await expect(visitor.getByTestId('terms-sections').getByRole('link', { name: email })).toHaveCount(2);

    // The values of before, for the suites that follow on this server.
    await page.reload();
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout: 20_000 });
    await fields.email.fill(original.email);
    await fields.phone.fill(original.phone);
    await fields.x.fill(original.x);
    await page.getByTestId('settings-save').click();
    await expect(page.getByTestId('toast')).toContainText(siteSettingsMessages.saved);
    expect(organization(await (await visitor.request.get('/terms')).text())).toMatchObject({ email: original.email });
    await visitor.close();
  });

  test('the admin uploads the playbook PDF, the gated download hands it out, and goes back to the shipped one', async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(120_000);
    const marker = `edition ${run}`;
    await signIn(page);
    await page.goto('/admin/settings');
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout: 20_000 });
    const field = page.getByTestId('settings-playbook');
    await expect(field.getByTestId('settings-playbook-current')).toContainText('The playbook shipped with the site');

    await field.getByTestId('settings-playbook-file').setInputFiles({
      name: 'notes.txt',
      mimeType: 'application/pdf',
      buffer: Buffer.from('not a pdf at all'),
    });
    await expect(field.getByRole('alert')).toHaveText(siteSettingsMessages.playbookNotPdf);

    await field.getByTestId('settings-playbook-file').setInputFiles({
      name: 'Northbeam playbook.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(`%PDF-1.4\n% ${marker}\n%%EOF\n`, 'latin1'),
    });
    await expect(page.getByTestId('toast')).toContainText(siteSettingsMessages.playbookUploaded);
    await expect(field.getByTestId('settings-playbook-current')).toContainText('Northbeam-playbook.pdf');
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await field.scrollIntoViewIfNeeded();
      await page.screenshot({ path: testInfo.outputPath(`settings-playbook-${width}.png`) });
    }

    // A visitor asks for the playbook: the link is the uploaded PDF.
    const visitor = await browser.newPage();
    const asked = await visitor.request.post('/api/playbook-download', {
      data: { email: `reader-${run}@example.com` },
    });
    expect(asked.status()).toBe(201);
    const { downloadUrl } = (await asked.json()) as { downloadUrl: string };
    expect(new URL(downloadUrl).pathname).toBe('/api/playbook/document');
    const pdf = await visitor.request.get(new URL(downloadUrl).pathname);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).toString('latin1')).toContain(marker);

    await field.getByRole('button', { name: 'Use the shipped playbook' }).click();
    await expect(page.getByTestId('toast')).toContainText(siteSettingsMessages.playbookReset);
    await expect(field.getByTestId('settings-playbook-current')).toContainText('The playbook shipped with the site');
    const shipped = await visitor.request.post('/api/playbook-download', {
      data: { email: `reader-${run}@example.com` },
    });
    expect(((await shipped.json()) as { downloadUrl: string }).downloadUrl).toMatch(/\/downloads\/[^/]+\.pdf$/);
    await visitor.close();
  });

  test('a hand-made redirect answers 301 and its hit count shows in the list', async ({ page }) => {
    test.setTimeout(90_000);
    const oldPath = `/old-services-${run}`;
    await signIn(page);
    await page.goto('/admin/redirects');
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout: 20_000 });
    await page.getByLabel('Old path').fill('/about');
    await page.getByLabel('New path or address').fill('/contact');
    await page.getByTestId('redirect-add').click();
    await expect(
      page.getByTestId('redirect-form').getByText('That path is a live page of the site: a redirect would hide it'),
    ).toBeVisible();

    await page.getByLabel('Old path').fill(oldPath);
    await page.getByLabel('New path or address').fill('/consulting');
    await page.getByTestId('redirect-add').click();
    await expect(page.getByTestId('toast')).toContainText('Redirect added');
    const row = page.getByTestId('redirect-row').filter({ hasText: oldPath });
    await expect(row.getByTestId('redirect-hits')).toHaveText('0 hits');

    const answer = await page.request.get(`${oldPath}?ref=newsletter`, { maxRedirects: 0 });
    expect(answer.status()).toBe(301);
    expect(answer.headers()['location']).toBe('/consulting?ref=newsletter');
    await page.goto(oldPath);
    await expect(page).toHaveURL('/consulting');

    await expect(async () => {
      await page.goto('/admin/redirects');
      await expect(
        page.getByTestId('redirect-row').filter({ hasText: oldPath }).getByTestId('redirect-hits'),
      ).toHaveText('2 hits', { timeout: 1000 });
    }).toPass({ timeout: 10_000 });
  });
});

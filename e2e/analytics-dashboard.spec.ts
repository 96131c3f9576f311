import { expect, test, type Page } from './fixtures';

const admin = { email: process.env.E2E_ADMIN_EMAIL!, password: process.env.E2E_ADMIN_PASSWORD! };

/** A browser of its own (headless Chromium's agent is dropped as a bot), so its visit hash is this test's alone. */
const visitorAgent = `Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 AnalyticsSuite/${Date.now()}`;

async function signIn(page: Page) {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/admin/login'));
}

/** Waits until the server has answered the analytics call of `event`. */
function tracked(page: Page, event: string) {
  return page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/analytics/track') &&
      (response.request().postDataJSON() as { event: string }).event === event &&
      response.status() === 204,
  );
}

test.describe('Analytics dashboard', () => {
  test('a visit that reads an article and a case study and sends an enquiry shows in pages, funnel, content to enquiry and on the enquiry', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const visitor = await browser.newContext({ userAgent: visitorAgent });
    const page = await visitor.newPage();
    // The page's clock runs five seconds behind the server's, so the contact form was started "five
    // seconds ago": the server quietly drops forms sent within three seconds.
    await page.clock.install({ time: Date.now() - 5_000 });
    await page.goto('/blog/labs');
    await page.getByRole('button', { name: 'Accept All' }).click();
    const articleLink = page.locator('main a[href^="/blog/labs/"]').first();
    const articlePath = (await articleLink.getAttribute('href'))!;
    const articleView = tracked(page, 'Page View');
    await articleLink.click();
    await page.waitForURL(articlePath);
    await articleView;
    // Each page's view is counted before the visitor moves on (leaving at once can cancel the call).
    const caseStudyView = tracked(page, 'Page View');
    await page.goto('/case-studies/relative-probability');
    await caseStudyView;
    await page.goto('/contact');
    const name = `Reader ${Date.now()}`;
    const form = page
      .locator('form')
      .filter({ has: page.getByLabel('Name') })
      .first();
    await form.getByLabel('Name').click();
    await form.getByLabel('Name').fill(name);
    await form.getByLabel(/Email/).first().fill('reader@example.com');
    await form.getByLabel(/Message/).fill('We read your article and the case study, and would like to talk.');
    await form.getByRole('checkbox').check();
    const submitted = tracked(page, 'Contact Form Submitted');
    await form.getByRole('button', { name: /send/i }).click();
    await submitted;
    await visitor.close();

    const staff = await browser.newContext();
    const adminPage = await staff.newPage();
    await staff.route('**/api/analytics/track', (route) => route.fulfill({ status: 204 }));
    await signIn(adminPage);
    await adminPage.locator('a[href="/admin/analytics"]').first().click();
    await expect(adminPage).toHaveURL('/admin/analytics');
    await expect(adminPage.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();

    const topPages = adminPage.getByTestId('analytics-top-pages');
    await expect(topPages.getByRole('cell', { name: articlePath, exact: true })).toBeVisible();
    await expect(topPages.getByRole('cell', { name: '/case-studies/relative-probability', exact: true })).toBeVisible();

    const funnel = adminPage.getByTestId('analytics-funnel');
    await expect(funnel.getByRole('listitem').filter({ hasText: 'Started the contact form' })).not.toContainText(
      /form\s*0$/,
    );
    await expect(funnel.getByRole('listitem').filter({ hasText: 'Sent an enquiry' })).toContainText(/enquiry\s*[1-9]/);

    const content = adminPage.getByTestId('analytics-content-to-enquiry');
    const articleRow = content.getByRole('row').filter({ hasText: articlePath });
    const caseStudyRow = content.getByRole('row').filter({ hasText: '/case-studies/relative-probability' });
    await expect(articleRow.getByRole('cell').last()).not.toHaveText('0');
    await expect(caseStudyRow.getByRole('cell').last()).not.toHaveText('0');
    await expect(caseStudyRow).toContainText('Case study');
    await expect(adminPage.getByTestId('analytics-chart').locator('canvas')).toHaveCount(1);
    // Without a point under the pointer the legend shows the period's figures, never uPlot's "--".
    const legend = adminPage.getByTestId('analytics-chart').locator('.u-legend');
    await expect(legend).toContainText('Visitors');
    await expect(legend).not.toContainText('--');

    // The enquiry shows the pages read before it: the visitor accepted analytics.
    await adminPage.goto(`/admin/enquiries?q=${encodeURIComponent(name)}`);
    const enquiryHref = (await adminPage.getByTestId('enquiry-row').filter({ hasText: name }).getAttribute('href'))!;
    await adminPage.goto(enquiryHref);
    const readingPath = adminPage.getByTestId('enquiry-reading-path');
    await expect(readingPath).toContainText(articlePath);
    await expect(readingPath).toContainText('/case-studies/relative-probability');
    await staff.close();
  });

  test('the charting library is downloaded in the admin only, never by a public page', async ({ browser }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext();
    await context.route('**/api/analytics/track', (route) => route.fulfill({ status: 204 }));
    const page = await context.newPage();
    let scripts: Promise<string>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.text().catch(() => ''));
    });
    // uPlot's own class names: no other code on the site spells them.
    const chartCode = (bodies: string[]) =>
      bodies.filter((body) => body.includes('u-legend') && body.includes('u-cursor'));

    for (const path of ['/', '/blog', '/case-studies', '/contact', '/privacy']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
    expect(chartCode(await Promise.all(scripts))).toEqual([]);

    scripts = [];
    await signIn(page);
    await page.goto('/admin/analytics');
    await expect(page.getByTestId('analytics-chart').locator('canvas')).toHaveCount(1);
    expect(chartCode(await Promise.all(scripts))).toHaveLength(1);
    await context.close();
  });

  test('a visitor who chose Reject All is not counted, not even for the page viewed before the choice', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const staff = await browser.newContext();
    await staff.route('**/api/analytics/track', (route) => route.fulfill({ status: 204 }));
    const adminPage = await staff.newPage();
    await signIn(adminPage);
    const visitorsNow = async () =>
      ((await (await adminPage.request.get('/api/admin/analytics/report')).json()) as { totals: { visitors: number } })
        .totals.visitors;
    const before = await visitorsNow();

    const landing = `/reject-all-${Date.now().toString(36)}`;
    const visitor = await browser.newContext({ userAgent: `${visitorAgent} RejectAll` });
    const page = await visitor.newPage();
    const landed = tracked(page, 'Page View');
    await page.goto(landing);
    await landed;
    const refused = tracked(page, 'Cookie Consent');
    await page.getByRole('button', { name: 'Reject All' }).click();
    await refused;
    await page.getByRole('link', { name: 'Contact us' }).click();
    await expect(page).toHaveURL('/contact');
    await page.waitForLoadState('networkidle');
    await visitor.close();

    expect(await visitorsNow()).toBe(before);
    await adminPage.goto('/admin/analytics');
    await expect(adminPage.getByTestId('analytics-top-pages')).toBeVisible();
    await expect(adminPage.getByTestId('analytics-top-pages')).not.toContainText(landing);
    await expect(adminPage.getByTestId('analytics-entry-pages')).not.toContainText(landing);
    await staff.close();
  });

  test('admin screens send no analytics event at all: no page view, no timing, no banner choice', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext();
    const page = await context.newPage();
    const sent: { event: string; path: string }[] = [];
    await context.route('**/api/analytics/track', async (route) => {
      const body = route.request().postDataJSON() as { event: string; properties: { page_url: string } };
      sent.push({ event: body.event, path: body.properties.page_url });
      await route.fulfill({ status: 204 });
    });
    await signIn(page);
    await page.getByRole('button', { name: 'Accept All' }).click();
    await page.locator('a[href="/admin/analytics"]').first().click();
    await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();
    await page.locator('a[href="/admin/enquiries"]').first().click();
    await expect(page).toHaveURL('/admin/enquiries');
    await page.goto('/admin/posts');
    await page.waitForLoadState('networkidle');
    expect(sent).toEqual([]);
    await context.close();
  });
});

import { expect, test, type Page } from './fixtures';
import { turnstileFallbackToken } from '../common/src/index';

/**
 * Stored XSS: script payloads saved through every text field a visitor or staff member can submit
 * never run when the public and admin screens show them, and read as plain text.
 */
const admin = { email: process.env.E2E_ADMIN_EMAIL!, password: process.env.E2E_ADMIN_PASSWORD! };

const payloads = [
  '<script>window.__xss=1</script>',
  '<img src=x onerror="window.__xss=2">',
  '"><svg onload="window.__xss=3">',
  'javascript:window.__xss=4//',
  '</title><script>window.__xss=5</script>',
];
const marker = `xss-probe-${Date.now().toString(36)}`;
const title = `${marker} ${payloads[0]}`;
const slug = marker;

/** Any assignment to window.__xss, any alert, records a hit; the test reads the hits. */
async function installTrap(page: Page) {
  await page.addInitScript(() => {
    const hits: string[] = [];
    Object.defineProperty(window, '__xssHits', { value: hits });
    Object.defineProperty(window, '__xss', {
      configurable: false,
      get: () => hits.length,
      set: (value: unknown) => {
        hits.push(String(value));
      },
    });
    window.alert = (message?: unknown) => {
      hits.push(`alert:${String(message)}`);
    };
  });
}

async function expectNoHits(page: Page) {
  const hits = await page.evaluate(() => (window as unknown as { __xssHits: string[] }).__xssHits);
  expect(hits).toEqual([]);
}

test.describe('Stored XSS', () => {
  test.beforeAll(async ({ request }) => {
    const login = await request.post('/api/admin/login', { data: admin });
    expect(login.status(), await login.text()).toBe(200);
    const created = await request.post('/api/admin/posts', {
      data: {
        title,
        slug,
        excerpt: `Excerpt ${payloads[1]}`,
        body: `# Heading ${payloads[0]}\n\n${payloads[1]}\n\n[click](${payloads[3]})\n\n<iframe src="javascript:window.__xss=6"></iframe>\n\n${payloads[2]}`,
        section: 'labs',
        status: 'published',
        tags: [payloads[0], payloads[2]],
        authorName: `Author ${payloads[1]}`,
        authorCredentials: `Credentials ${payloads[2]}`,
        authorBio: `Bio ${payloads[0]}`,
        metaDescription: `Meta ${payloads[4]}`,
        customMetaTags: `<meta name="author" content="y"><script>window.__xss=7</script>${payloads[1]}`,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const contact = await request.post('/api/contact', {
      headers: { 'x-forwarded-for': '10.77.0.1' },
      data: {
        name: `Name ${payloads[0]}`,
        email: 'xss@example.com',
        company: payloads[1],
        service: 'labs',
        message: `Message ${payloads[2]} ${payloads[0]}`,
        consent: true,
        turnstileToken: turnstileFallbackToken,
        website: '',
        startedAt: String(Date.now() - 30_000),
      },
    });
    expect(contact.status(), await contact.text()).toBe(201);
    const deletion = await request.post('/api/request-data-deletion', {
      // A visitor of its own, so that other suites' requests from loopback do not spend its limit.
      headers: { 'x-forwarded-for': '10.77.0.2' },
      data: {
        email: 'xss-deletion@example.com',
        requestType: 'full_deletion',
        consent: true,
        reason: `Reason ${payloads[0]} ${payloads[1]}`,
      },
    });
    expect(deletion.status(), await deletion.text()).toBe(201);
  });

  test('the public article runs none of the payloads and shows them as text', async ({ page }) => {
    await installTrap(page);
    await page.goto(`/blog/labs/${slug}`);
    await expect(page.getByRole('heading', { level: 1 }).first()).toContainText(payloads[0]);
    await expect(page.locator('main')).toContainText(payloads[1]);
    await page.waitForLoadState('networkidle');
    await expectNoHits(page);
    // No executable script element carries a payload (JSON data blocks may hold the text, escaped).
    const executable = await page
      .locator('script:not([type="application/ld+json"]):not([type="application/json"])')
      .evaluateAll((scripts) => scripts.filter((script) => (script.textContent ?? '').includes('__xss')).length);
    expect(executable).toBe(0);
    const injected = await page
      .locator('head img, img[src="x"], img[onerror], svg[onload], iframe[src^="javascript"]')
      .evaluateAll((elements) => elements.map((element) => element.outerHTML));
    expect(injected).toEqual([]);
  });

  test('the blog lists run none of the payloads and show the title as text', async ({ page }) => {
    await installTrap(page);
    for (const path of ['/blog', '/blog/labs']) {
      await page.goto(path);
      await expect(page.locator('main')).toContainText(title);
      await page.waitForLoadState('networkidle');
      await expectNoHits(page);
    }
  });

  test('the admin posts list, the editor and the privacy screen run none of the payloads', async ({ page }) => {
    await installTrap(page);
    await page.goto('/admin/login');
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: /sign in/i }).click();
    // The dashboard itself: /admin/login also matches a looser pattern, before the sign-in is done.
    await page.waitForURL((url) => url.pathname === '/admin');
    await page.goto('/admin/posts');
    await expect(page.locator('main')).toContainText(title);
    await expectNoHits(page);
    const posts = await page.request.get('/api/admin/posts', { params: { q: slug } });
    const id = ((await posts.json()) as { items: { id: string; slug: string }[] }).items.find(
      (post) => post.slug === slug,
    )!.id;
    await page.goto(`/admin/posts/edit/${id}`);
    await expect(page.locator('input, textarea').first()).toBeVisible();
    await expect(page.locator(`input[value="${title.replace(/"/g, '\\"')}"]`)).toHaveCount(1);
    await page.waitForLoadState('networkidle');
    await expectNoHits(page);
    await page.goto('/admin/privacy');
    await expect(page.locator('main')).toContainText('xss-deletion@example.com');
    await page.waitForLoadState('networkidle');
    await expectNoHits(page);
  });
});

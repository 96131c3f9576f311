import { expect, test, type Page } from './fixtures';
import type { BrowserContext } from '@playwright/test';
import { revisionMessages } from '../common/src/revisions';
import { giveConsent } from './helpers/consent';

const admin = { email: process.env.E2E_ADMIN_EMAIL!, password: process.env.E2E_ADMIN_PASSWORD! };

async function signIn(page: Page, redirect: string) {
  // The cookie banner would cover the form on a slow first load.
  await giveConsent(page);
  await page.goto(`/admin/login?redirect=${encodeURIComponent(redirect)}`);
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/admin/login'));
}

/** A context whose analytics events are answered here: these tests need none of them. */
async function newContext(browser: { newContext: () => Promise<BrowserContext> }) {
  const context = await browser.newContext();
  await context.route('**/api/analytics/track', (route) => route.fulfill({ status: 204 }));
  return context;
}

let counter = 0;

/** A published post made through the API as the signed-in admin of `page`. */
async function publishedPost(page: Page, overrides: Record<string, unknown> = {}) {
  const slug = `revisions-e2e-${Date.now()}-${++counter}`;
  const response = await page.request.post('/api/admin/posts', {
    data: {
      title: 'The first title of a revised article',
      slug,
      excerpt: 'An article whose revisions are compared.',
      body: '## Start\n\nA paragraph that stays.\n\nThe first version of the closing line.',
      section: 'labs',
      status: 'published',
      ...overrides,
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: string; slug: string; title: string; excerpt: string; body: string };
}

test.describe('Post revisions', () => {
  // Several page loads, sign-ins and saves each: a loaded machine needs more than the default 30 s.
  test.describe.configure({ timeout: 180_000 });

  test('restores an earlier revision from the side-by-side comparison, and the live article shows it', async ({
    page,
    request,
  }) => {
    await signIn(page, '/admin/posts');
    const post = await publishedPost(page);
    const edited = await page.request.put(`/api/admin/posts/${post.id}`, {
      data: {
        title: 'A rewritten title of a revised article',
        slug: post.slug,
        excerpt: post.excerpt,
        body: '## Start\n\nA paragraph that stays.\n\nThe second version of the closing line.\n\nAn added paragraph.',
        section: 'labs',
        status: 'published',
      },
    });
    expect(edited.status()).toBe(200);

    await page.goto(`/admin/posts/edit/${post.id}`);
    const revisions = page.getByTestId('revisions-panel').getByTestId('revision-item');
    await expect(revisions).toHaveCount(2);
    await expect(revisions.first()).toContainText('Saved version');
    await revisions.nth(1).click();

    const diff = page.getByTestId('revision-diff');
    await expect(diff.getByRole('heading', { name: /^Revision of / })).toBeVisible();
    const title = diff.getByTestId('diff-field-title');
    await expect(title.locator('[data-side="revision"]')).toHaveText(
      'This revision: The first title of a revised article',
    );
    await expect(title.locator('[data-side="editor"]')).toHaveText(
      'In the editor: A rewritten title of a revised article',
    );
    const body = diff.getByTestId('body-diff');
    const changed = body.locator('[data-kind="changed"]');
    await expect(changed).toHaveCount(1);
    await expect(changed).toContainText('The first version of the closing line.');
    await expect(changed).toContainText('The second version of the closing line.');
    await expect(body.locator('[data-kind="added"]')).toContainText(['An added paragraph.']);

    await diff.getByRole('button', { name: 'Restore this revision' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText(revisionMessages.restoreConfirmLive);
    await dialog.getByRole('button', { name: 'Restore', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('toast')).toContainText(revisionMessages.restored);
    await expect(diff).toBeHidden();
    await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(
      'The first title of a revised article',
    );
    await expect(page.getByLabel('Body (markdown)')).toHaveValue(post.body);
    await expect(revisions).toHaveCount(3);
    await expect(revisions.first()).toContainText('Restored the revision of');
    await expect(page.getByRole('button', { name: 'Update' })).toBeVisible();

    const live = await (await request.get(`/api/posts/labs/${post.slug}`)).json();
    expect(live).toMatchObject({ title: 'The first title of a revised article', body: post.body, status: 'published' });
    expect(await (await request.get(`/blog/labs/${post.slug}`)).text()).toContain(
      'The first version of the closing line.',
    );
  });

  test('gets the autosave back on reopening after the tab closed mid-edit, while the live article stays as it was', async ({
    page,
    browser,
    request,
  }) => {
    await signIn(page, '/admin/posts');
    const post = await publishedPost(page);
    await page.clock.install();
    await page.goto(`/admin/posts/edit/${post.id}`);
    await expect(page.getByTestId('autosave-status')).toHaveText('Changes are autosaved every 10 seconds.');
    const typed = `${post.body}\n\nA paragraph typed before the tab closed.`;
    await page.getByLabel('Body (markdown)').fill(typed);
    const autosaved = page.waitForResponse(
      (response) =>
        response.url().endsWith(`/api/admin/posts/${post.id}/autosave`) && response.request().method() === 'PUT',
    );
    await page.clock.runFor(10_000);
    expect((await autosaved).status()).toBe(200);
    await expect(page.getByTestId('autosave-status')).toContainText('Autosaved at');
    await page.close();

    // Nothing public changed: the API and the article still have the saved text.
    expect((await (await request.get(`/api/posts/labs/${post.slug}`)).json()).body).toBe(post.body);
    expect(await (await request.get(`/blog/labs/${post.slug}`)).text()).not.toContain(
      'A paragraph typed before the tab closed.',
    );

    // Another browser (no copy in its storage): the server's autosave is offered.
    const context = await newContext(browser);
    const reopened = await context.newPage();
    await signIn(reopened, `/admin/posts/edit/${post.id}`);
    const offer = reopened.getByTestId('autosave-offer');
    await expect(offer).toContainText(revisionMessages.autosaveOfferTitle);
    await expect(reopened.getByLabel('Body (markdown)')).toHaveValue(post.body);
    await offer.getByRole('button', { name: 'Restore' }).click();
    await expect(offer).toBeHidden();
    await expect(reopened.getByLabel('Body (markdown)')).toHaveValue(typed);
    await reopened.getByRole('button', { name: 'Update' }).click();
    await expect(reopened).toHaveURL('/admin/posts');
    expect((await (await request.get(`/api/posts/labs/${post.slug}`)).json()).body).toBe(typed);

    // Saved: the autosave is gone, nothing is offered any more.
    await reopened.goto(`/admin/posts/edit/${post.id}`);
    await expect(reopened.getByLabel('Body (markdown)')).toHaveValue(typed);
    await expect(reopened.getByTestId('autosave-offer')).toHaveCount(0);
    await context.close();
  });

  test('"Save Draft" on a live post asks first; "Update" keeps it live', async ({ page, request }) => {
    await signIn(page, '/admin/posts');
    const post = await publishedPost(page);
    await page.goto(`/admin/posts/edit/${post.id}`);
    await expect(page.getByRole('button', { name: 'Publish', exact: true })).toHaveCount(0);

    await page.getByLabel('Excerpt (optional)').fill('An excerpt changed on the live post.');
    await page.getByRole('button', { name: 'Save Draft' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('This will take the post off the site. Continue?');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(`/admin/posts/edit/${post.id}`);
    expect((await (await request.get(`/api/posts/labs/${post.slug}`)).json()).excerpt).toBe(post.excerpt);

    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page).toHaveURL('/admin/posts');
    await expect(page.getByTestId('toast')).toContainText('Post updated');
    const updated = await (await request.get(`/api/posts/labs/${post.slug}`)).json();
    expect(updated).toMatchObject({ status: 'published', excerpt: 'An excerpt changed on the live post.' });

    await page.goto(`/admin/posts/edit/${post.id}`);
    await page.getByRole('button', { name: 'Save Draft' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL('/admin/posts');
    expect((await request.get(`/api/posts/labs/${post.slug}`)).status()).toBe(404);
  });

  test("leaving the editor with unsaved changes asks first, by a link, by the browser's history and by closing the tab", async ({
    page,
  }) => {
    await signIn(page, '/admin/posts');
    const post = await publishedPost(page);
    await page.goto(`/admin/posts/edit/${post.id}`);
    // Nothing typed: leaving does not ask.
    await page.getByRole('link', { name: 'All posts' }).click();
    await expect(page).toHaveURL('/admin/posts');
    await page.goBack();
    await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(post.title);

    await page.getByRole('textbox', { name: 'Title', exact: true }).fill('A title nobody saved');
    await page.getByRole('link', { name: 'All posts' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText(revisionMessages.leaveTitle);
    await dialog.getByRole('button', { name: 'Stay' }).click();
    await expect(page).toHaveURL(`/admin/posts/edit/${post.id}`);
    await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('A title nobody saved');

    // Forward to the list (an entry of this page's history): the address comes back while it asks.
    await page.goForward();
    await expect(dialog).toContainText(revisionMessages.leaveDescription);
    await expect(page).toHaveURL(`/admin/posts/edit/${post.id}`);
    await dialog.getByRole('button', { name: 'Stay' }).click();
    await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('A title nobody saved');

    const asked = new Promise<string>((resolve) =>
      page.once('dialog', (question) => {
        resolve(question.type());
        void question.accept();
      }),
    );
    await page.close({ runBeforeUnload: true });
    expect(await asked).toBe('beforeunload');
  });
});

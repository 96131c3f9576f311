import { expect, test, type Page } from './fixtures';
import { consultant, createConsultantWithCli } from './helpers/staff-accounts';
import { slugify } from '../common/src/slugify';
import { allowedMetaTagNames, allowedMetaTagProperties, metaTagMessages } from '../common/src/meta-tags';

const admin = { email: process.env.E2E_ADMIN_EMAIL!, password: process.env.E2E_ADMIN_PASSWORD! };

async function signIn(page: Page, account: { email: string; password: string }, redirect?: string) {
  await page.goto(redirect ? `/admin/login?redirect=${encodeURIComponent(redirect)}` : '/admin/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/admin/login'));
}

/** The admin cards' date format (en-GB, London time). */
function cardDate(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Europe/London',
  }).format(new Date(iso));
}

test.describe('Admin: signed out', () => {
  test('admin pages redirect to the sign-in page with the redirect parameter, and admin calls answer 401', async ({
    page,
  }) => {
    for (const target of ['/admin', '/admin/posts', '/admin/posts/new']) {
      await page.goto(target);
      await expect(page).toHaveURL(`/admin/login?redirect=${encodeURIComponent(target)}`);
    }
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    expect((await page.request.get('/api/admin/posts')).status()).toBe(401);
    expect((await page.request.get('/api/admin/user')).status()).toBe(401);
  });

  test('a signed-in check that fails otherwise than 401 (the database unavailable) shows an error, not the sign-in page', async ({
    page,
  }) => {
    await page.route('**/api/analytics/track', (route) => route.fulfill({ status: 204 }));
    await page.route('**/api/admin/user', (route) =>
      route.fulfill({ status: 503, json: { statusCode: 503, error: 'The service is temporarily unavailable' } }),
    );
    await page.goto('/');
    await expect(page.getByTestId('site-footer')).toBeVisible();
    // Into the admin in the browser (its route table), as a link from the site would go.
    await page.evaluate(() => {
      window.history.pushState({ idx: 1, key: 'admin', usr: null }, '', '/admin/posts');
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state as unknown }));
    });
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    await expect(page.getByText('Error 503')).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/admin/posts');

    // The failure is not kept: once the API answers again, the next check (in this same page) asks it
    // and finds the visitor signed out.
    await page.unroute('**/api/admin/user');
    await page.evaluate(() => {
      window.history.pushState({ idx: 2, key: 'admin-again', usr: null }, '', '/admin/media');
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state as unknown }));
    });
    await expect(page).toHaveURL(`/admin/login?redirect=${encodeURIComponent('/admin/media')}`);
  });

  test('the sign-in form shows its validation messages and the server message in a destructive alert', async ({
    page,
  }) => {
    await page.goto('/admin/login');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password').fill('definitely-not-it');
    await page.getByRole('button', { name: 'Sign In' }).click();
    const alert = page.getByTestId('login-error');
    await expect(alert).toContainText('Invalid email or password');
    await expect(alert).toHaveClass(/text-danger/);
    await expect(page).toHaveURL('/admin/login');
  });

  test("the button reads 'Signing in...' while busy, then the redirect parameter is followed", async ({ page }) => {
    await page.goto('/admin/login?redirect=%2Fadmin%2Fposts');
    // The sign-in request is held until the busy button has been seen, however fast the server is.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/admin/login', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
    release();
    await expect(page).toHaveURL('/admin/posts');
  });
});

test.describe('Admin: an admin manages a post', () => {
  test('writes, publishes, sees it through the public API, edits it and deletes it', async ({ page, request }) => {
    // A whole life cycle in one test (about 15 s on a quiet machine): more than the default 30 s on a busy one.
    test.slow();
    const title = `Field notes from an e2e run ${Date.now()}`;
    const slug = slugify(title);
    await signIn(page, admin, '/admin/posts');
    await expect(page).toHaveURL('/admin/posts');

    await page.getByRole('link', { name: 'New Post' }).first().click();
    await expect(page).toHaveURL('/admin/posts/new');
    await page.getByLabel('Title').fill(title);
    await expect(page.getByLabel('Slug')).toHaveValue(slug);
    await page.getByLabel('Excerpt (optional)').fill('What we learned from testing the editor end to end.');
    await page
      .getByLabel('Body (markdown)')
      .fill(
        '## Findings\n\nThe editor **works** end to end. See [the docs](https://example.com).\n\n```js\nignored();\n```',
      );
    await page.getByLabel('Section').selectOption('labs');
    await page.getByLabel('Author', { exact: true }).selectOption({ label: 'Helena Marsh' });
    await expect(page.getByLabel('Author credentials')).toHaveValue('Strategy Director');
    await expect(page.getByLabel('Author bio')).not.toHaveValue('');
    await page.getByLabel('Tags', { exact: true }).fill(' testing, , e2e ');
    await page.getByLabel('Tags', { exact: true }).blur();
    await expect(page.getByTestId('applied-tags').getByRole('listitem')).toHaveText(['testing', 'e2e']);
    await page.getByLabel('Meta description').fill('An end-to-end check.');
    await expect(page.getByTestId('meta-counter')).toHaveText('20/160 characters');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();

    await expect(page).toHaveURL('/admin/posts');
    await page.getByRole('searchbox', { name: 'Search posts' }).fill(title);
    await expect(page).toHaveURL(/\/admin\/posts\?q=/);
    const card = page.getByTestId('admin-post-card').filter({ hasText: title });
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('Published');
    await expect(card).toContainText('Helena Marsh');

    const published = await page.request.get(`/api/posts/labs/${slug}`);
    expect(published.status()).toBe(200);
    const post = await published.json();
    expect(post).toMatchObject({
      title,
      status: 'published',
      authorName: 'Helena Marsh',
      authorCredentials: 'Strategy Director',
      tags: ['testing', 'e2e'],
      wordCount: 10,
      readingTime: 1,
      revisionDate: null,
    });
    expect((await request.get(`/api/posts/labs/${slug}`)).status()).toBe(200);
    // A visitor (no cookies) sees it on the public article page.
    const publicPage = await request.get(`/blog/labs/${slug}`);
    expect(publicPage.status()).toBe(200);
    expect(await publicPage.text()).toContain(title);
    await expect(card).toContainText(`Published ${cardDate(post.publishedAt)}`);

    await card.getByRole('link', { name: `Edit "${title}"` }).click();
    await expect(page).toHaveURL(`/admin/posts/edit/${post.id}`);
    await expect(page.getByLabel('Title')).toHaveValue(title);
    await expect(page.getByLabel('Slug')).toHaveValue(slug);
    await page.getByLabel('Excerpt (optional)').fill('Revised after review.');
    // A live post is updated, not published again (docs/product.md#revisions).
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await expect(page).toHaveURL('/admin/posts');

    const revised = await (await page.request.get(`/api/posts/labs/${slug}`)).json();
    expect(revised.excerpt).toBe('Revised after review.');
    expect(revised.revisionDate).not.toBeNull();
    const revisedPage = await (await request.get(`/blog/labs/${slug}`)).text();
    expect(revisedPage).toContain('Revised after review.');
    expect(revisedPage).toContain('data-testid="article-updated"');
    await page.getByRole('searchbox', { name: 'Search posts' }).fill(title);
    await expect(page).toHaveURL(/\/admin\/posts\?q=/);
    await expect(card).toContainText(`Updated ${cardDate(revised.revisionDate)}`);

    await card.getByRole('button', { name: `Delete "${title}"` }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText(`Are you sure you want to delete "${title}"? This action cannot be undone.`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(card).toHaveCount(1);
    await card.getByRole('button', { name: `Delete "${title}"` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Post' }).click();
    await expect(page.getByRole('alertdialog')).toBeHidden();
    await expect(card).toHaveCount(0);
    expect((await page.request.get(`/api/posts/labs/${slug}`)).status()).toBe(404);
    expect((await request.get(`/blog/labs/${slug}`)).status()).toBe(404);
  });

  test('a search typed just before opening a post does not pull the editor back to the list', async ({ page }) => {
    // The page's timers run on a clock of the test's, stopped once the list is shown: the search's
    // pause ends only when the test says so, however slowly the machine types and clicks.
    await page.clock.install();
    await signIn(page, admin, '/admin/posts');
    await expect(page.getByTestId('admin-post-card').first()).toBeVisible();
    await page.clock.pauseAt(Date.now() + 60_000);
    const edit = page
      .getByTestId('admin-post-card')
      .first()
      .getByRole('link', { name: /^Edit "/ });
    const editorPath = await edit.getAttribute('href');
    await page.getByRole('searchbox', { name: 'Search posts' }).fill('a search not yet sent');
    await edit.click();
    await expect(page).toHaveURL(editorPath!);
    await expect(page.getByLabel('Title')).not.toHaveValue('');
    // The pause ends after the editor opened: the search is dropped, not sent from a page left behind.
    await page.clock.runFor(1_000);
    await expect(page).toHaveURL(editorPath!);
    await expect(page.getByLabel('Title')).toBeVisible();
  });

  test('the editor shows the validation messages of the post rules', async ({ page }) => {
    await signIn(page, admin, '/admin/posts/new');
    await page.getByRole('button', { name: 'Save Draft' }).click();
    for (const sentence of [
      'Title is required',
      'Slug is required',
      'Excerpt is required',
      'Body content is required',
      'Section is required',
    ]) {
      await expect(page.getByText(sentence, { exact: true })).toBeVisible();
    }
    await expect(page).toHaveURL('/admin/posts/new');
  });

  test('the editor lists the allowed meta tags and shows the server sentence for one outside the list', async ({
    page,
  }) => {
    await signIn(page, admin, '/admin/posts/new');
    const hint = page.getByTestId('meta-tags-hint');
    for (const key of [...allowedMetaTagNames, ...allowedMetaTagProperties]) await expect(hint).toContainText(key);
    await expect(hint).not.toContainText('og:url');
    await expect(hint).not.toContainText('referrer');
    await page.getByLabel('Title').fill(`Meta tag refusal ${Date.now()}`);
    await page.getByLabel('Excerpt (optional)').fill('A post whose meta tags are refused.');
    await page.getByLabel('Body (markdown)').fill('Some text.');
    await page.getByLabel('Section').selectOption('labs');
    await page.getByLabel('Custom meta tags').fill('<meta name="referrer" content="unsafe-url">');
    await page.getByRole('button', { name: 'Save Draft' }).click();
    const sentence = metaTagMessages.notAllowed('referrer');
    await expect(page.getByTestId('save-error')).toContainText(sentence);
    await expect(page.getByTestId('save-error')).not.toContainText('statusCode');
    const field = page.getByLabel('Custom meta tags');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toBeFocused();
    await expect(page.locator(`#${await field.getAttribute('aria-describedby')}`)).toHaveText(sentence);
    await expect(page).toHaveURL('/admin/posts/new');
  });

  test('the post list filters by section and status, paginates 15 a page and shows the counter', async ({ page }) => {
    await signIn(page, admin, '/admin/posts');
    type Count = { section: string; status: string; count: number };
    const counts = async () => (await (await page.request.get('/api/admin/posts/counts')).json()) as Count[];
    // Enough Labs drafts for a second page of the section (drafts: the public site does not change).
    const labsBefore = (await counts())
      .filter((row) => row.section === 'labs')
      .reduce((sum, row) => sum + row.count, 0);
    for (let number = labsBefore; number < 17; number++) {
      const slug = `list-page-probe-${Date.now().toString(36)}-${number}`;
      const created = await page.request.post('/api/admin/posts', {
        data: {
          title: `List page probe ${number}`,
          slug,
          excerpt: 'A draft for the list pages.',
          body: 'Draft text.',
          section: 'labs',
          status: 'draft',
        },
      });
      expect(created.status()).toBe(201);
    }
    const rows = await counts();
    const total = rows.reduce((sum, row) => sum + row.count, 0);
    const labs = rows.filter((row) => row.section === 'labs').reduce((sum, row) => sum + row.count, 0);
    await page.reload();
    await expect(page.getByRole('button', { name: `All (${total})` })).toBeVisible();
    await page.getByRole('button', { name: `Labs (${labs})` }).click();
    await expect(page).toHaveURL('/admin/posts?section=labs');
    await expect(page.getByTestId('admin-post-card')).toHaveCount(15);
    await expect(page.getByTestId('pager-counter')).toHaveText(`Showing 1-15 of ${labs} posts`);

    // Page 2 is the server's second page of the section, not a slice of posts the browser holds.
    const secondPage = page.waitForResponse((response) =>
      /\/api\/admin\/posts\?(?=.*page=2)(?=.*section=labs)/.test(response.url()),
    );
    await page.getByRole('link', { name: 'Page 2' }).click();
    await expect(page).toHaveURL('/admin/posts?section=labs&page=2');
    const served = (await (await secondPage).json()) as {
      items: { title: string; section: string }[];
      page: number;
      total: number;
    };
    expect(served).toMatchObject({ page: 2, total: labs });
    expect(served.items.every((post) => post.section === 'labs')).toBe(true);
    await expect(page.getByTestId('admin-post-card').locator('h2')).toHaveText(served.items.map((post) => post.title));
    await expect(page.getByTestId('pager-counter')).toHaveText(`Showing 16-${Math.min(labs, 30)} of ${labs} posts`);

    await page.getByRole('tab', { name: /^Drafts/ }).click();
    await expect(page).toHaveURL('/admin/posts?section=labs&status=draft');
    await page.getByRole('searchbox', { name: 'Search posts' }).fill('no post has this title zzz');
    await expect(page).toHaveURL('/admin/posts?section=labs&status=draft&q=no+post+has+this+title+zzz');
    await expect(page.getByText('No posts found')).toBeVisible();
    await expect(page.getByText('Create your first blog post to get started')).toBeVisible();
    // The filtered view is an address: opened afresh, it shows the same.
    await page.goto('/admin/posts?section=labs&status=draft&q=no+post+has+this+title+zzz');
    await expect(page.getByRole('searchbox', { name: 'Search posts' })).toHaveValue('no post has this title zzz');
    await expect(page.getByRole('tab', { name: /^Drafts/ })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('No posts found')).toBeVisible();
  });
});

test.describe('Admin: a consultant', () => {
  test.beforeAll(() => createConsultantWithCli());

  test('saves a draft, sees Publish disabled with the warning, and only staff can preview the draft', async ({
    page,
    request,
  }) => {
    const title = `Consultant draft ${Date.now()}`;
    const slug = slugify(title);
    await signIn(page, consultant, '/admin/posts/new');
    await expect(page).toHaveURL('/admin/posts/new');
    const publish = page.getByRole('button', { name: 'Publish (Admin Only)' });
    await expect(publish).toBeDisabled();
    await expect(page.getByTestId('consultant-warning')).toContainText(
      'Only admins can publish. Your post will be saved as a draft for review',
    );

    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Excerpt (optional)').fill('Waiting for review.');
    await page.getByLabel('Body (markdown)').fill('A short draft body for review.');
    await page.getByLabel('Section').selectOption('consulting');
    await page.getByRole('button', { name: 'Save Draft' }).click();
    await expect(page).toHaveURL('/admin/posts');
    await page.getByRole('tab', { name: /^Drafts/ }).click();
    const card = page.getByTestId('admin-post-card').filter({ hasText: title });
    await expect(card.getByText('Draft', { exact: true })).toBeVisible();

    expect((await request.get(`/api/posts/consulting/${slug}`)).status()).toBe(404);
    const preview = await page.request.get(`/api/posts/consulting/${slug}`);
    expect(preview.status()).toBe(200);
    expect((await preview.json()).status).toBe('draft');
    const refused = await page.request.post('/api/admin/posts', {
      data: { title: 'Sneaky', slug: 'sneaky', excerpt: 'x', body: 'x', section: 'labs', status: 'published' },
    });
    expect(refused.status()).toBe(403);
  });

  test("sees no Delete on an admin's post and reads it in an editor that offers no change", async ({ page }) => {
    await signIn(page, consultant, '/admin/posts');
    const own = `Consultant's own draft ${Date.now()}`;
    const created = await page.request.post('/api/admin/posts', {
      data: {
        title: own,
        slug: slugify(own),
        excerpt: 'Mine.',
        body: 'My own words.',
        section: 'labs',
        status: 'draft',
      },
    });
    expect(created.status()).toBe(201);
    await page.reload();
    await page.getByRole('tab', { name: /^Published/ }).click();
    const published = page
      .getByTestId('admin-post-card')
      .filter({ has: page.getByText('Published', { exact: true }) })
      .first();
    await expect(published).toBeVisible();
    const title = (await published.getByRole('heading').textContent()) ?? '';
    await expect(published.getByRole('button', { name: /^Delete / })).toHaveCount(0);
    await expect(published.getByRole('link', { name: /^Edit / })).toHaveCount(0);

    await page.getByRole('tab', { name: /^Drafts/ }).click();
    const mine = page.getByTestId('admin-post-card').filter({ hasText: own });
    await expect(mine.getByRole('button', { name: `Delete "${own}"` })).toBeVisible();
    await expect(mine.getByRole('link', { name: `Edit "${own}"` })).toBeVisible();

    await page.getByRole('tab', { name: /^Published/ }).click();
    // The first card of that title (another suite may have published a post of the same title).
    await page
      .getByRole('link', { name: `Read "${title}"` })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Read post');
    await expect(page.getByTestId('read-only-post')).toContainText(
      'Consultants can only change their own drafts: you can read this post but not change it.',
    );
    await expect(page.getByLabel('Title')).toHaveValue(title);
    await expect(page.getByLabel('Title')).toBeDisabled();
    await expect(page.getByLabel('Body (markdown)')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Save Draft' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Publish/ })).toHaveCount(0);
    await expect(page.getByTestId('autosave-status')).toHaveCount(0);
  });
});

test.describe('Admin: sessions', () => {
  test('keeps unsaved editor text in the browser across a lost session', async ({ page, context }) => {
    // Analytics events are sent as beacons, which the network-idle wait below does not cover: one
    // answered after the cookies are cleared would set the rolling session cookie again.
    await page.route('**/api/analytics/track', (route) => route.fulfill({ status: 204 }));
    await signIn(page, admin, '/admin/posts/new');
    await page.getByLabel('Title').fill('Words that must not be lost');
    await page.getByLabel('Body (markdown)').fill('A paragraph typed before the session ended.');
    // A response still on its way (the page view, the staff user) would set the rolling session
    // cookie again after it is cleared: the session must really be gone before the save.
    await page.waitForLoadState('networkidle');
    await context.clearCookies();
    await page.getByLabel('Excerpt (optional)').fill('Typed after the session ended.');
    await page.getByLabel('Section').selectOption('labs');
    await page.getByRole('button', { name: 'Save Draft' }).click();
    await expect(page.getByTestId('save-error')).toContainText('401');
    await page.getByRole('link', { name: 'sign in again' }).click();
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL('/admin/posts/new');
    await expect(page.getByTestId('restored-draft')).toBeVisible();
    await expect(page.getByLabel('Title')).toHaveValue('Words that must not be lost');
    await expect(page.getByLabel('Excerpt (optional)')).toHaveValue('Typed after the session ended.');
    await page.getByRole('button', { name: 'Discard them' }).click();
    await expect(page.getByLabel('Title')).toHaveValue('');
  });

  test('signing out returns admin pages to the sign-in page', async ({ page }) => {
    await signIn(page, admin);
    await expect(page).toHaveURL('/admin');
    // "Welcome" on the account's first sign-in on this server, "Welcome back" after (another suite may sign in first).
    await expect(page.getByRole('heading', { name: /^Welcome( back)?, / })).toBeVisible();
    await expect(page.getByText('Draft Posts')).toBeVisible();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL('/admin/login');
    await page.goto('/admin/posts');
    await expect(page).toHaveURL('/admin/login?redirect=%2Fadmin%2Fposts');
    expect((await page.request.get('/api/admin/user')).status()).toBe(401);
  });
});

import { expect, test, type Page } from './fixtures';
import { consultant, createConsultantWithCli } from './helpers/staff-accounts';
import { slugify } from '../common/src/slugify';
import { formatDate, ukWallClock } from '../common/src/dates';

/**
 * Scheduling and the review queue in the back office (docs/product.md#publishing). The server's
 * own task publishes the scheduled post: it looks every 15 seconds, so the post is scheduled a few
 * seconds ahead and the visitor's page is asked again until it is there.
 */
const admin = { email: process.env.E2E_ADMIN_EMAIL!, password: process.env.E2E_ADMIN_PASSWORD! };

async function signIn(page: Page, account: { email: string; password: string }, redirect: string) {
  await page.goto(`/admin/login?redirect=${encodeURIComponent(redirect)}`);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/admin/login'));
}

async function writePost(page: Page, title: string, section: 'labs' | 'consulting') {
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Excerpt (optional)').fill(`What ${title} is about.`);
  await page.getByLabel('Body (markdown)').fill('## Why now\n\nA post written to go out later, checked end to end.');
  await page.getByLabel('Section').selectOption(section);
  // Going out without an author is asked first (rich-text-editor.spec.ts): these posts have one.
  await page.getByLabel('Author', { exact: true }).selectOption({ label: 'Helena Marsh' });
}

/** The UK wall-clock time of `instant` to the second, as a datetime-local input takes it. */
function wallClockWithSeconds(instant: Date): string {
  return `${ukWallClock(instant)}:${String(instant.getUTCSeconds()).padStart(2, '0')}`;
}

test.describe('Scheduling and the review queue', () => {
  test.beforeAll(() => createConsultantWithCli());

  test('an admin schedules a post: invisible to visitors until its time, then on the blog', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const title = `Scheduled dispatch ${Date.now()}`;
    const slug = slugify(title);
    await signIn(page, admin, '/admin/posts/new');
    await writePost(page, title, 'labs');

    // A time in the past is refused before anything is sent.
    await page.getByLabel('Publish at (UK time)').fill(ukWallClock(new Date(Date.now() - 3_600_000)));
    await page.getByRole('button', { name: 'Schedule', exact: true }).click();
    await expect(page.getByText('Choose a time in the future')).toBeVisible();
    await expect(page).toHaveURL('/admin/posts/new');

    const publishAt = new Date(Date.now() + 20_000);
    await page.getByLabel('Publish at (UK time)').fill(wallClockWithSeconds(publishAt));
    await page.getByRole('button', { name: 'Schedule', exact: true }).click();
    await expect(page).toHaveURL('/admin/posts');
    await expect(page.getByText('Post scheduled', { exact: true })).toBeVisible();

    await page.getByRole('tab', { name: /^Scheduled/ }).click();
    await expect(page).toHaveURL('/admin/posts?status=scheduled');
    const card = page.getByTestId('admin-post-card').filter({ hasText: title });
    await expect(card.getByText('Scheduled', { exact: true })).toBeVisible();
    await expect(card).toContainText(`Scheduled for ${formatDate(publishAt, 'd MMM yyyy, HH:mm')}`);

    // Before its time a visitor finds it nowhere: not at its address, not on the blog, not in the feed.
    expect((await request.get(`/blog/labs/${slug}`)).status()).toBe(404);
    expect(await (await request.get('/blog/labs')).text()).not.toContain(title);
    expect(await (await request.get('/rss.xml')).text()).not.toContain(slug);

    // The server's task publishes it once its time has come.
    await expect
      .poll(async () => (await request.get(`/blog/labs/${slug}`)).status(), { timeout: 75_000, intervals: [2_000] })
      .toBe(200);
    expect(await (await request.get('/blog/labs')).text()).toContain(title);
    expect(await (await request.get('/rss.xml')).text()).toContain(`/blog/labs/${slug}`);
    await page.goto('/blog/labs');
    await expect(page.getByRole('link', { name: new RegExp(title) }).first()).toBeVisible();

    await page.goto('/admin/posts?status=scheduled');
    await expect(page.getByTestId('admin-post-card').filter({ hasText: title })).toHaveCount(0);
    await page.getByRole('tab', { name: /^Published/ }).click();
    await expect(
      page.getByTestId('admin-post-card').filter({ hasText: title }).getByText('Published', { exact: true }),
    ).toBeVisible();
  });

  test('a consultant submits a draft for review; an admin finds it under Awaiting review and sends it back with a note', async ({
    page,
    browser,
  }) => {
    test.setTimeout(150_000);
    const title = `Review me ${Date.now()}`;
    await signIn(page, consultant, '/admin/posts/new');
    await expect(page.getByLabel('Publish at (UK time)')).toHaveCount(0);
    await writePost(page, title, 'consulting');
    await page.getByRole('button', { name: 'Submit for review' }).click();
    await expect(page).toHaveURL('/admin/posts');
    await expect(page.getByText('Submitted for review', { exact: true }).first()).toBeVisible();
    const ownCard = page.getByTestId('admin-post-card').filter({ hasText: title });
    await expect(ownCard.getByText('Awaiting review', { exact: true })).toBeVisible();
    // While it awaits review the author may read it but not change it: the card offers Read, not Edit.
    await expect(ownCard.getByRole('link', { name: `Edit "${title}"` })).toHaveCount(0);
    await ownCard.getByRole('link', { name: `Read "${title}"` }).click();
    await expect(page).toHaveURL(/\/admin\/posts\/edit\//, { timeout: 30_000 });
    await expect(page.getByTestId('awaiting-review')).toContainText(
      'An admin will publish it, schedule it, or send it back to you with a note.',
    );
    await expect(page.getByTestId('read-only-post')).toBeVisible();
    await expect(page.getByLabel('Title')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Submit for review' })).toHaveCount(0);
    const editorUrl = page.url();

    const adminContext = await browser.newContext();
    const adminPage = await adminContext.newPage();
    await signIn(adminPage, admin, '/admin');
    const waiting = adminPage.getByTestId('awaiting-review-count');
    await expect(waiting).toContainText('Awaiting review');
    expect(Number(await waiting.locator('span').last().textContent())).toBeGreaterThanOrEqual(1);
    await waiting.click();
    await expect(adminPage).toHaveURL('/admin/posts?status=in_review');
    await expect(adminPage.getByRole('tab', { name: /^Awaiting review/ })).toHaveAttribute('aria-selected', 'true');
    const card = adminPage.getByTestId('admin-post-card').filter({ hasText: title });
    await card.getByRole('link', { name: `Edit "${title}"` }).click();
    // The editor's loader may take a while on a busy machine.
    await expect(adminPage).toHaveURL(/\/admin\/posts\/edit\//, { timeout: 30_000 });
    await expect(adminPage.getByTestId('awaiting-review')).toContainText(
      'Publish it, schedule it, or send it back to its author with a note.',
    );

    await adminPage.getByRole('button', { name: 'Send back' }).click();
    const dialog = adminPage.getByRole('alertdialog');
    await expect(dialog).toContainText('its author receives your note by e-mail');
    await dialog.getByRole('button', { name: 'Send back' }).click();
    await expect(dialog.getByText('Please write a note for the author')).toBeVisible();
    const note = 'Lovely start. Please add one client example before we publish.';
    await dialog.getByLabel('Note for the author').fill(note);
    await dialog.getByRole('button', { name: 'Send back' }).click();
    await expect(adminPage).toHaveURL('/admin/posts');
    await expect(adminPage.getByText('Sent back to the author', { exact: true })).toBeVisible();
    await adminPage.goto('/admin/posts?status=in_review');
    await expect(adminPage.getByTestId('admin-post-card').filter({ hasText: title })).toHaveCount(0);
    await adminContext.close();

    // The author sees the note in the editor and may change the draft and submit it again.
    await page.goto(editorUrl);
    await expect(page.getByTestId('review-note')).toContainText(note);
    await expect(page.getByRole('button', { name: 'Submit for review' })).toBeEnabled();
  });
});

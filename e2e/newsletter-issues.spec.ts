import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { newsletterIssueMessages, sendToLabel } from '../common/src/newsletter-issues';
import { revisionMessages } from '../common/src/revisions';
import { dataDir, expect, test, type Page } from './fixtures';

/**
 * Newsletter issues: an admin starts an issue from a published post, previews it as HTML and text,
 * sends a test to themselves and sends it to the confirmed subscribers, whose progress the screen
 * follows until every mail is out.
 */
const admin = { email: process.env.E2E_ADMIN_EMAIL!, password: process.env.E2E_ADMIN_PASSWORD! };
const reader = `e2e-reader-${Date.now().toString(36)}@example.com`;

/** A confirmed subscriber, written straight into the running server's embedded database (its socket). */
async function addConfirmedSubscriber(email: string): Promise<void> {
  const info = JSON.parse(readFileSync(path.join(dataDir(), 'pglite-connection.json'), 'utf8')) as { url: string };
  const client = new pg.Client({ connectionString: info.url });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO "subscribers" ("id", "email", "status", "confirmed_at") VALUES (gen_random_uuid(), $1, 'confirmed', now())`,
      [email],
    );
  } finally {
    await client.end();
  }
}

async function signIn(page: Page) {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/admin/login'));
}

test.describe('Newsletter issues', () => {
  test('an issue is started from a post, previewed, test-sent and sent to the confirmed subscribers', async ({
    page,
  }) => {
    // Sign-in, a dozen screens and a dispatch round on a busy machine.
    test.setTimeout(240_000);
    await addConfirmedSubscriber(reader);
    await signIn(page);

    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Newsletter' }).click();
    await expect(page).toHaveURL('/admin/newsletter');
    await page.getByTestId('newsletter-new').click();
    await expect(page).toHaveURL('/admin/newsletter/new');

    // A seeded post (other suites publish posts with hostile bodies, which a newsletter refuses).
    await page.getByLabel('Search published posts').fill('working prototype in two weeks');
    const picker = page.getByLabel('Start from a post');
    await expect(picker.locator('option:checked')).toHaveText(/working prototype in two weeks/);
    const postTitle = (await picker.locator('option:checked').textContent())!;
    // A card (image, title, excerpt and a button) by default; this issue carries the full text.
    await page.getByLabel('Show the post as').selectOption('full');
    await page.getByTestId('newsletter-from-post').click();
    // The post fills the new issue's form; nothing is saved until the draft is.
    await expect(page.getByLabel('Subject')).toHaveValue(postTitle);
    await expect(page).toHaveURL('/admin/newsletter/new');
    await expect(page.getByText(`Started from the post “${postTitle}” (not saved yet).`)).toBeVisible();
    await expect(page.getByLabel('Body (markdown)')).toHaveValue(
      /\[Read it on the site\]\(http:\/\/127\.0\.0\.1:\d+\/blog\/(labs|consulting)\/[a-z0-9-]+\)\n$/,
    );

    const subject = `${postTitle} — issue ${Date.now().toString(36)}`;
    await page.getByLabel('Subject').fill(subject);
    await page.getByLabel('Preheader').fill('What we learnt this month');

    await page.getByRole('tab', { name: 'Preview' }).click();
    // The mail runs in a sandboxed frame without scripts, where the browser driver cannot look inside:
    // what it is given to show is checked instead.
    const htmlPreview = page.getByTestId('newsletter-preview-html');
    await expect(htmlPreview).toBeVisible();
    await expect(htmlPreview).toHaveAttribute('sandbox', '');
    await expect(htmlPreview).toHaveAttribute(
      'srcdoc',
      new RegExp(`<h1[^>]*>${subject.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</h1>`),
    );
    await expect(htmlPreview).toHaveAttribute(
      'srcdoc',
      /<a href="http:\/\/127\.0\.0\.1:\d+\/blog\/[^"]+"[^>]*>Read it on the site<\/a>/,
    );
    await page.getByRole('button', { name: 'Text', exact: true }).click();
    await expect(page.getByTestId('newsletter-preview-text')).toContainText(`Unsubscribe: http://127.0.0.1`);
    await expect(page.getByTestId('newsletter-preview-text')).toContainText('Read it on the site (http://127.0.0.1');

    await page.getByRole('tab', { name: 'Write' }).click();
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page).toHaveURL(/\/admin\/newsletter\/[0-9a-f-]{36}$/);
    await expect(page.getByText(`Started from the post “${postTitle}”.`)).toBeVisible();
    await page.getByRole('tab', { name: 'Preview' }).click();

    await page.getByTestId('newsletter-test').click();
    await expect(page.getByTestId('toast')).toContainText(`Test sent to ${admin.email}.`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(subject);

    const sendButton = page.getByTestId('newsletter-send');
    const label = (await sendButton.textContent())!;
    const confirmed = Number(/Send to ([\d,]+) confirmed/.exec(label)![1].replace(/,/g, ''));
    expect(confirmed).toBeGreaterThanOrEqual(1);
    expect(label).toBe(sendToLabel(confirmed));
    await sendButton.click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('Send this issue?');
    await dialog.getByTestId('newsletter-send-confirm').click();

    await expect(page.getByTestId('newsletter-issue-status')).toHaveText('Sent');
    await expect(page.getByTestId('newsletter-progress-recipients')).toHaveText(confirmed.toLocaleString('en-GB'));
    // The dispatcher sends on its schedule; the screen asks again every 2 seconds until none is queued.
    await expect(page.getByTestId('newsletter-progress-queued')).toHaveText('0', { timeout: 30_000 });
    await expect(page.getByTestId('newsletter-progress-sent')).toHaveText(confirmed.toLocaleString('en-GB'));
    await expect(page.getByTestId('newsletter-send')).toHaveCount(0);
    await expect(page.getByLabel('Subject')).toHaveCount(0);

    await page.getByRole('link', { name: 'All issues' }).click();
    const row = page.getByTestId('newsletter-issue-row').filter({ hasText: subject });
    await expect(row.getByTestId('newsletter-issue-status')).toHaveText('Sent');
    await expect(row).toContainText(`${confirmed.toLocaleString('en-GB')} recipient`);
  });

  test('leaving a draft with unsaved changes asks first; once saved, leaving does not', async ({ page }) => {
    await signIn(page);
    await page.goto('/admin/newsletter/new');
    const subject = page.getByLabel('Subject');
    // Nothing typed yet: a new issue is left without a question.
    await expect(subject).toHaveValue('');
    await subject.fill(`Unsaved changes ${Date.now().toString(36)}`);
    await page.getByLabel('Body (markdown)').fill('A note for the readers.');
    // Saving a new draft goes to its own address without asking.
    await page.getByRole('tab', { name: 'Write' }).click();
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page).toHaveURL(/\/admin\/newsletter\/[0-9a-f-]{36}$/);
    const address = page.url();

    const changed = `A subject nobody saved ${Date.now().toString(36)}`;
    await subject.fill(changed);
    const posts = page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Posts' });
    await posts.click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText(revisionMessages.leaveTitle);
    await expect(dialog).toContainText(newsletterIssueMessages.leaveDescription);
    await dialog.getByRole('button', { name: 'Stay' }).click();
    await expect(dialog).toHaveCount(0);
    expect(page.url()).toBe(address);
    await expect(subject).toHaveValue(changed);

    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByTestId('toast')).toContainText('Draft saved');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(changed);
    await posts.click();
    await expect(page).toHaveURL('/admin/posts');
    await expect(dialog).toHaveCount(0);
  });
});

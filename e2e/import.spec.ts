import { readFile } from 'node:fs/promises';
import { readSiteExport } from '../backend/src/modules/site-export/site-export-format';
import { sharedFixturePath } from '../backend/test/helpers/shared-fixtures';
import { expect, test, type Page } from './fixtures';
import { freePort, startServer, waitForHealth, type ServerProcess } from './helpers/server-process';

/**
 * Importing a Ghost site end to end (docs/import.md), on a server of its own with an empty site: the
 * dry run shows what would come in and the section of each primary tag, Import runs it with a
 * progress bar, and the final counts and problems are shown; the posts are then on the blog.
 */
const owner = { email: 'import-owner@northbeam.example', password: 'import-owner-password-0123' };

/** The suite's own server: three ports after the run's own (E2E_PORT), or a free one. */
const port = process.env.E2E_PORT ? Number(process.env.E2E_PORT) + 3 : await freePort();

async function signIn(page: Page) {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(owner.email);
  await page.getByLabel('Password').fill(owner.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  // A sign-in hashes the password: slow on a busy machine.
  await expect(page).toHaveURL('/admin', { timeout: 30_000 });
}

test.describe('Import', () => {
  test.describe.configure({ mode: 'serial', timeout: 180_000 });
  let server: ServerProcess;

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    server = startServer(
      {
        PGLITE_DIR: 'memory://',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        ADMIN_EMAIL: owner.email,
        ADMIN_PASSWORD: owner.password,
        SESSION_SECRET: 'import-suite-session-secret-0123456789abcdef',
        STAFF_2FA: 'optional',
        SEED_CONTENT: 'false',
      },
      port,
    );
    await waitForHealth(server, 200_000);
  });

  test.afterAll(async () => {
    server?.child.kill('SIGTERM');
    await server?.exited;
  });

  test.use({ baseURL: `http://127.0.0.1:${port}` });

  test('a Ghost export: dry run preview, section mapping, import with progress, counts shown', async ({ page }) => {
    await signIn(page);
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Import' }).click();
    await expect(page).toHaveURL('/admin/import');
    await expect(page.getByRole('heading', { level: 1, name: 'Import' })).toBeVisible();

    await page.getByTestId('import-file').setInputFiles(sharedFixturePath('ghost-5.130-export.json'));
    await page.getByTestId('import-preview-button').click();
    const preview = page.getByTestId('import-preview');
    await expect(preview).toContainText('Ghost export (JSON) · ghost-5.130-export.json · 10 published, 1 draft');
    const previewPosts = preview.getByTestId('import-count-posts');
    await expect(previewPosts.getByRole('cell')).toHaveText(['11', '0', '0']);
    await expect(preview.getByTestId('import-count-redirects').getByRole('cell')).toHaveText(['10', '0', '0']);
    await expect(preview).toContainText('1 image referenced');
    await expect(preview.getByLabel(/^Labs/)).toHaveValue('labs');
    await expect(preview.getByLabel(/^Data/)).toHaveValue('consulting');
    await preview.getByLabel(/^Data/).selectOption('labs');
    await page.screenshot({ path: test.info().outputPath('import-preview-1280.png'), fullPage: true });
    // Nothing was written by the preview.
    expect((await page.request.get('/api/posts')).ok()).toBe(true);
    expect(((await (await page.request.get('/api/posts')).json()) as { total: number }).total).toBe(0);

    await page.getByTestId('import-run').click();
    const job = page.getByTestId('import-job');
    await expect(job.getByTestId('import-progress')).toBeVisible();
    await expect(job.getByRole('heading', { name: 'Import finished' })).toBeVisible({ timeout: 60_000 });
    await expect(job.getByTestId('import-progress')).toHaveAttribute('aria-valuenow', '11');
    await expect(job).toContainText('11 of 11 posts');
    const result = job.getByTestId('import-result');
    await expect(result.getByTestId('import-count-posts').getByRole('cell')).toHaveText(['11', '0', '0']);
    await expect(result.getByTestId('import-count-images').getByRole('cell')).toHaveText(['0', '0', '1']);
    await expect(result.getByTestId('import-count-redirects').getByRole('cell')).toHaveText(['10', '0', '0']);
    await page.screenshot({ path: test.info().outputPath('import-done-1280.png'), fullPage: true });
    await expect(job.getByTestId('import-problems')).toContainText(
      'The image https://images.invalid/service-design.jpg',
    );

    // The mapping chosen was applied, and the old address leads to the new article.
    await page.goto('/blog/labs/data-platform-ninety-days');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('A data platform in ninety days');
    const redirected = await page.request.get('/service-design-regulated/', { maxRedirects: 0 });
    expect(redirected.status()).toBe(301);
    expect(redirected.headers().location).toBe('/blog/consulting/service-design-regulated');

    // The same file again: nothing new to import.
    await page.goto('/admin/import');
    await page.getByTestId('import-file').setInputFiles(sharedFixturePath('ghost-5.130-export.json'));
    await page.getByTestId('import-preview-button').click();
    await expect(page.getByTestId('import-preview').getByTestId('import-count-posts').getByRole('cell')).toHaveText([
      '0',
      '11',
      '0',
    ]);
    await expect(page.getByTestId('import-run')).toBeDisabled();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: test.info().outputPath('import-preview-390.png'), fullPage: true });
  });

  test('Export downloads the whole site as the file this screen reads back, with what it holds and its size', async ({
    page,
  }) => {
    await signIn(page);
    await page.goto('/admin/import');
    const card = page.getByTestId('export-card');
    await expect(card.getByRole('heading', { name: 'Export this site' })).toBeVisible();
    const summary = card.getByTestId('export-summary');
    await expect(summary).toHaveText(
      /^11 posts, \d+ case stud(y|ies), \d+ team members?, 10 redirects, \d+ tags?, 0 images \(0 stored files\): about \d+ KB\.$/,
    );
    const text = (await summary.textContent()) ?? '';
    const teamMembers = Number(/(\d+) team member/.exec(text)?.[1]);
    const caseStudies = Number(/(\d+) case stud/.exec(text)?.[1]);
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('export-1280.png'), fullPage: true });

    const [download] = await Promise.all([page.waitForEvent('download'), card.getByTestId('export-download').click()]);
    expect(download.suggestedFilename()).toMatch(/^northbeam-site-\d{4}-\d{2}-\d{2}\.zip$/);
    const path = test.info().outputPath('site.zip');
    await download.saveAs(path);
    const data = readSiteExport(new Uint8Array(await readFile(path)));
    expect(data.posts).toHaveLength(11);
    expect(data.posts.filter((post) => post.status === 'published')).toHaveLength(10);
    expect(data.redirects).toHaveLength(10);
    expect(data.teamMembers).toHaveLength(teamMembers);
    expect(data.caseStudies).toHaveLength(caseStudies);
    expect(data.media).toHaveLength(0);

    // The file read back by the importer: all of it is here already, so there is nothing to import.
    await page.getByTestId('import-file').setInputFiles(path);
    await page.getByTestId('import-preview-button').click();
    const preview = page.getByTestId('import-preview');
    await expect(preview).toContainText('site export (ZIP) · site.zip · 10 published, 1 draft');
    await expect(preview.getByTestId('import-count-posts').getByRole('cell')).toHaveText(['0', '11', '0']);
    await expect(preview.getByTestId('import-count-redirects').getByRole('cell')).toHaveText(['0', '10', '0']);
    await expect(preview.getByTestId('import-count-teamMembers').getByRole('cell')).toHaveText([
      '0',
      String(teamMembers),
      '0',
    ]);
    await expect(page.getByTestId('import-run')).toBeDisabled();
    await expect(preview).toContainText('Everything in this file is here already.');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: test.info().outputPath('export-preview-390.png'), fullPage: true });
  });

  test('a file of neither format gets the sentence, at 390 px too', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page);
    await page.goto('/admin/import');
    await page.getByTestId('import-file').setInputFiles({
      name: 'people.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('name,email\nAda,ada@example.com\n'),
    });
    await page.getByTestId('import-preview-button').click();
    await expect(page.getByTestId('import-problem')).toHaveText(
      'This file is neither a WordPress export (WXR .xml) nor a Ghost export (.json)',
    );
  });
});

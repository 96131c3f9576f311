import type { Browser } from '@playwright/test';
import sharp from 'sharp';
import { mediaUploadHeader } from '../common/src/media';
import { outcomesSplitMarker } from '../common/src/case-studies';
import { expect as baseExpect, test, type Page } from './fixtures';

/**
 * Case studies in the admin: an admin edits a published case study's outcomes and metrics and a
 * visitor sees the page change at once (the page cache follows); a draft stays off the site until
 * it is published, and a deleted case study is gone.
 */
/** Each step waits for a lazily loaded admin screen or a save on a shared, busy machine: more than the default 7 s. */
const expect = baseExpect.configure({ timeout: 30_000 });
const admin = { email: process.env.E2E_ADMIN_EMAIL!, password: process.env.E2E_ADMIN_PASSWORD! };
const slug = `harbour-freight-${Date.now().toString(36)}`;
const title = 'Harbour Freight: a routing engine for night shifts';

async function signIn(page: Page) {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/admin/login'));
}

/** The public page as a visitor without a session sees it (served from the page cache when it can be). */
async function visitorPage(browser: Browser, path: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const response = await page.goto(path);
  return { page, status: response?.status(), close: () => context.close() };
}

/** A case study of this suite's own (dated long ago so that the home page's three newest stay as other suites expect). */
function caseStudyFields(slug: string, title: string) {
  return {
    slug,
    title,
    summary: 'We rebuilt the night-shift routing of a freight operator so that every lorry leaves full.',
    hero_image: '/images/case-studies/panaquest/hero.svg',
    client: 'Harbour Freight',
    sector: 'Logistics',
    services: ['AI Strategy', 'Data Engineering'],
    tech: ['Python', 'PostgreSQL'],
    date: '2018-05-17',
    problem_md: 'Lorries left half empty at night.',
    approach_md: 'We mapped the depots and tested three planners.',
    solution_md: 'A planner that re-plans every ten minutes.',
    outcomes_md: 'Fewer empty miles in the first quarter.',
    metrics: [{ value: '18%', label: 'Fewer empty miles', context: 'first quarter' }],
    gallery: [],
    cta: { label: 'Plan your routes with us', href: '/contact' },
    seo: { title: '', description: '', image: '' },
    link: null,
    status: 'published',
  };
}

// Each test goes through the admin and a visitor's own browser context: longer than one page's default on a busy machine.
test.describe.configure({ mode: 'serial', timeout: 240_000 });

test.describe('Case studies in the admin', () => {
  test.beforeAll(async ({ browser }) => {
    // A case study of its own, dated long ago so that the home page's three newest stay as other suites expect.
    const context = await browser.newContext();
    expect((await context.request.post('/api/admin/login', { data: admin })).ok()).toBe(true);
    const created = await context.request.post('/api/admin/case-studies', { data: caseStudyFields(slug, title) });
    expect(created.status()).toBe(201);
    await context.close();
  });

  test('an admin edits the outcomes and metrics of a case study and a visitor sees the page change', async ({
    page,
    browser,
  }) => {
    // A visitor reads the page first: from then on the page cache holds it.
    const before = await visitorPage(browser, `/case-studies/${slug}`);
    expect(before.status).toBe(200);
    await expect(before.page.getByTestId('section-outcomes')).toContainText('Fewer empty miles in the first quarter.');
    await expect(before.page.getByTestId('metrics').getByRole('listitem')).toHaveCount(1);
    await before.close();

    await signIn(page);
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Case studies' }).click();
    await expect(page).toHaveURL('/admin/case-studies');
    await page.getByLabel('Search case studies').fill('Harbour Freight');
    await expect(page).toHaveURL(/[?&]q=Harbour/);
    const rows = page.getByTestId('case-study-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Published');
    await expect(rows.first()).toContainText('May 2018');
    await rows.first().getByRole('link', { name: title }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

    // Outcomes: new markdown, checked in the preview before saving.
    await page
      .getByLabel('Outcomes', { exact: true })
      .fill('Empty miles fell by **a fifth**.\n\n- Every depot on one plan');
    await page.getByRole('button', { name: 'Preview Outcomes' }).click();
    const preview = page.getByTestId('editor-outcomes-preview');
    await expect(preview.locator('strong')).toHaveText('a fifth');
    await expect(preview.getByRole('listitem')).toHaveText('Every depot on one plan');
    await page.getByRole('button', { name: 'Edit Outcomes' }).click();

    // Metrics: change the first row, add a second.
    await page.getByLabel('Metric 1 value').fill('21%');
    await page.getByRole('button', { name: 'Add metric' }).click();
    await page.getByLabel('Metric 2 value').fill('£1.2m');
    await page.getByLabel('Metric 2 label').fill('Saved a year');
    await expect(page.getByTestId('unsaved-changes')).toBeVisible();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByTestId('toast')).toContainText('Changes saved');
    await expect(page.getByTestId('unsaved-changes')).toHaveCount(0);
    await expect(page.getByTestId('case-study-status')).toHaveText('Published');

    const after = await visitorPage(browser, `/case-studies/${slug}`);
    expect(after.status).toBe(200);
    const outcomes = after.page.getByTestId('section-outcomes');
    await expect(outcomes.locator('strong')).toHaveText('a fifth');
    await expect(outcomes).not.toContainText('Fewer empty miles in the first quarter.');
    const metrics = after.page.getByTestId('metrics').getByRole('listitem');
    await expect(metrics).toHaveCount(2);
    await expect(metrics.nth(0)).toContainText('21%');
    await expect(metrics.nth(0)).toContainText('first quarter');
    await expect(metrics.nth(1)).toContainText('£1.2m');
    await expect(metrics.nth(1)).toContainText('Saved a year');
    await after.close();
  });

  test('an admin picks the hero and a gallery image from the media library, and visitors get them responsive', async ({
    page,
    browser,
  }) => {
    const run = Date.now().toString(36);
    const upload = async (filename: string, alt: string, background: string) => {
      const file = await sharp({ create: { width: 1600, height: 900, channels: 3, background } })
        .png()
        .toBuffer();
      const response = await page.request.post('/api/admin/media', {
        headers: { [mediaUploadHeader.name]: mediaUploadHeader.value },
        multipart: { alt, file: { name: filename, mimeType: 'image/png', buffer: file } },
      });
      expect(response.status()).toBe(201);
    };
    await signIn(page);
    await upload(`depot-${run}.png`, `A depot at dusk ${run}`, '#1d4e89');
    await upload(`planner-${run}.png`, `The planner on screen ${run}`, '#2a6f4e');

    await page.goto(`/admin/case-studies?q=${slug}`);
    await page.getByTestId('case-study-row').first().getByRole('link', { name: title }).click();
    const heroField = page.getByRole('group', { name: 'Hero image' });
    await expect(heroField).toContainText('A built-in image of the site: “panaquest hero”.');
    await heroField.getByRole('button', { name: 'Change image' }).click();
    const picker = page.getByTestId('media-picker');
    await picker.getByLabel('Search images').fill(`depot-${run}`);
    await picker
      .getByTestId('media-picker-item')
      .filter({ hasText: `depot-${run}` })
      .click();
    await expect(picker).toBeHidden();
    await expect(heroField).toContainText('From the media library.');

    await page.getByRole('button', { name: 'Add image' }).click();
    const galleryField = page.getByRole('group', { name: 'Gallery image 1' });
    await galleryField.getByRole('button', { name: 'Choose image' }).click();
    await picker.getByLabel('Search images').fill(`planner-${run}`);
    await picker
      .getByTestId('media-picker-item')
      .filter({ hasText: `planner-${run}` })
      .click();
    await expect(picker).toBeHidden();
    // The gallery row takes the library's alt text while it has none.
    await expect(page.getByTestId('gallery-row').getByLabel('Alt text')).toHaveValue(`The planner on screen ${run}`);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByTestId('toast')).toContainText('Changes saved');

    const visitor = await visitorPage(browser, `/case-studies/${slug}`);
    expect(visitor.status).toBe(200);
    const hero = visitor.page.locator('[data-testid="case-study"] > .container-page picture img').first();
    await expect(hero).toHaveAttribute('width', '1600');
    await expect(hero).toHaveAttribute('height', '900');
    await expect(hero).toHaveAttribute('fetchpriority', 'high');
    await expect(hero).toHaveAttribute('sizes', /1200px/);
    await expect(hero).toHaveAttribute('srcset', /\/media\/[0-9a-f-]+\/1920\.webp 1600w$/);
    const figure = visitor.page.getByTestId('gallery-after-challenge').locator('picture img');
    await expect(figure).toHaveAttribute('alt', `The planner on screen ${run}`);
    await expect(figure).toHaveAttribute('loading', 'lazy');
    await expect
      .poll(() => figure.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth))
      .toBeGreaterThan(0);
    // The index card takes the library image's variants too.
    await visitor.page.goto('/case-studies');
    const card = visitor.page.getByTestId('case-study-card').filter({ hasText: title }).locator('picture img');
    await expect(card).toHaveAttribute('sizes', /400px/);
    await expect(card).toHaveAttribute('srcset', /\/media\/[0-9a-f-]+\/320\.webp 320w/);
    await expect(card).toHaveAttribute('loading', 'lazy');
    await visitor.close();
  });

  test('an admin compares an earlier revision side by side and restores it, and visitors see it at once', async ({
    page,
    browser,
  }) => {
    await signIn(page);
    await page.goto(`/admin/case-studies?q=${slug}`);
    await page.getByTestId('case-study-row').first().getByRole('link', { name: title }).click();
    const revisions = page.getByTestId('revisions-panel').getByTestId('revision-item');
    // Created, then the outcomes and metrics edit, then the library images: newest first.
    await expect(revisions).toHaveCount(3);
    await revisions.nth(1).click();
    const diff = page.getByTestId('revision-diff');
    await expect(diff.getByTestId('diff-field-hero_image')).toContainText('/images/case-studies/panaquest/hero.svg');
    await expect(diff.getByTestId('diff-field-hero_image')).toContainText('Media library image');
    await expect(diff.getByTestId('diff-lines-gallery')).toContainText('The planner on screen');
    await expect(diff.getByTestId('diff-field-title')).toHaveCount(0);

    await diff.getByRole('button', { name: 'Restore this revision' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('its public page will change at once');
    await confirm.getByRole('button', { name: 'Restore', exact: true }).click();
    await expect(page.getByTestId('toast')).toContainText('Revision restored');
    await expect(page.getByTestId('revision-diff')).toHaveCount(0);
    await expect(page.getByRole('group', { name: 'Hero image' })).toContainText(
      'A built-in image of the site: “panaquest hero”.',
    );
    await expect(page.getByTestId('gallery-row')).toHaveCount(0);
    await expect(page.getByTestId('case-study-status')).toHaveText('Published');
    await expect(revisions).toHaveCount(4);
    await expect(revisions.first()).toContainText('Restored');

    const visitor = await visitorPage(browser, `/case-studies/${slug}`);
    await expect(visitor.page.locator('[data-testid="case-study"] > .container-page img').first()).toHaveAttribute(
      'src',
      '/images/case-studies/panaquest/hero.svg',
    );
    await expect(visitor.page.getByTestId('gallery-after-challenge')).toHaveCount(0);
    await visitor.close();
  });

  test('a refused save names the field, and the page keeps what readers saw', async ({ page, browser }) => {
    await signIn(page);
    await page.goto(`/admin/case-studies?q=${slug}`);
    await page.getByTestId('case-study-row').first().getByRole('link', { name: title }).click();
    await page.getByRole('button', { name: 'Remove metric 2' }).click();
    await page.getByLabel('Metric 1 label').fill('');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByTestId('save-error')).toContainText('Each metric needs a label');
    await expect(page.getByLabel('Metric 1 label')).toBeFocused();
    await expect(page.getByLabel('Metric 1 label')).toHaveAttribute('aria-invalid', 'true');

    const visitor = await visitorPage(browser, `/case-studies/${slug}`);
    await expect(visitor.page.getByTestId('metrics').getByRole('listitem')).toHaveCount(2);
    await visitor.close();
  });

  test('an unpublished case study leaves the site, staff preview it as a draft, and deleting it is final', async ({
    page,
    browser,
  }) => {
    await signIn(page);
    await page.goto(`/admin/case-studies?q=${slug}`);
    await page.getByTestId('case-study-row').first().getByRole('link', { name: title }).click();
    await page.getByRole('button', { name: 'Unpublish' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('This will take the case study off the site. Continue?');
    await dialog.getByRole('button', { name: 'Unpublish' }).click();
    await expect(page.getByTestId('toast')).toContainText('Case study unpublished');
    await expect(page.getByTestId('case-study-status')).toHaveText('Draft');

    const gone = await visitorPage(browser, `/case-studies/${slug}`);
    expect(gone.status).toBe(404);
    await expect(gone.page.getByTestId('case-study-problem')).toContainText('Case Study Not Found');
    await gone.page.goto('/case-studies');
    await expect(gone.page.getByTestId('case-study-card').filter({ hasText: title })).toHaveCount(0);
    await gone.close();

    // Staff see the draft on its own address, marked as such.
    await page.goto(`/case-studies/${slug}`);
    await expect(page.getByTestId('case-study-draft-banner')).toContainText('Draft preview');
    await expect(page.getByTestId('section-outcomes')).toContainText('a fifth');

    await page.goto(`/admin/case-studies?q=${slug}&status=draft`);
    const row = page.getByTestId('case-study-row');
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: `Actions for "${title}"` }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByRole('alertdialog')).toContainText(`Are you sure you want to delete "${title}"?`);
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Case Study' }).click();
    await expect(page.getByTestId('toast')).toContainText('Case study deleted');
    await expect(page.getByTestId('case-studies-admin-empty')).toContainText('No case studies match these filters.');

    const deleted = await page.request.get(`/api/case-studies/${slug}`);
    expect(deleted.status()).toBe(404);
  });

  test('the editor shows the gallery split as a place between two outcome fields, never its mark-up', async ({
    page,
  }) => {
    await signIn(page);
    const splitSlug = `${slug}-split`;
    const created = await page.request.post('/api/admin/case-studies', {
      data: caseStudyFields(splitSlug, 'Harbour Freight: the split outcomes'),
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    await page.goto(`/admin/case-studies/${id}`);
    await expect(page.getByRole('group', { name: 'Hero image' })).toContainText(
      'A built-in image of the site: “panaquest hero”.',
    );
    await expect(page.getByRole('group', { name: 'Hero image' })).not.toContainText('/images/');

    await page.getByRole('button', { name: 'Show the second gallery image within the outcomes' }).click();
    await expect(page.getByTestId('outcomes-gallery-split')).toBeVisible();
    await page
      .getByLabel('Outcomes, after the second gallery image', { exact: true })
      .fill('Drivers went home on time.');
    // No field shows the stored split line.
    for (const text of await page
      .locator('textarea')
      .evaluateAll((fields) => fields.map((field) => (field as HTMLTextAreaElement).value))) {
      expect(text).not.toContain('<!--');
    }
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByTestId('toast')).toContainText('Changes saved');
    const stored = (await (await page.request.get(`/api/admin/case-studies/${id}`)).json()) as { outcomes_md: string };
    expect(stored.outcomes_md).toBe(
      `Fewer empty miles in the first quarter.\n${outcomesSplitMarker}\nDrivers went home on time.`,
    );

    // Joined again: one field, as before.
    await page.reload();
    await expect(page.getByLabel('Outcomes, before the second gallery image', { exact: true })).toHaveValue(
      'Fewer empty miles in the first quarter.',
    );
    await page.getByRole('button', { name: 'Join the outcomes into one text' }).click();
    await expect(page.getByLabel('Outcomes', { exact: true })).toHaveValue(
      'Fewer empty miles in the first quarter.\n\nDrivers went home on time.',
    );
    await expect(page.getByTestId('outcomes-gallery-split')).toHaveCount(0);
    await page.request.delete(`/api/admin/case-studies/${id}`);
  });
});

import sharp from 'sharp';
import { mediaMessages } from '../common/src/limits';
import { expect, test, type Page } from './fixtures';

/**
 * The media library end to end: an image uploaded in /admin/media becomes a post's feature image,
 * and readers see it, sized and responsive, on the article and on the blog's card.
 */
const admin = { email: process.env.E2E_ADMIN_EMAIL!, password: process.env.E2E_ADMIN_PASSWORD! };
const run = Date.now().toString(36);
const filename = `lighthouse-${run}.png`;
const alt = `A lighthouse on a cliff at dusk ${run}`;
const post = { title: `Keeping the light on ${run}`, slug: `keeping-the-light-on-${run}` };

async function signIn(page: Page) {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/admin/login'));
}

test.describe.configure({ mode: 'serial' });

test.describe('Media library', () => {
  test('an uploaded image becomes a post feature image that readers see on the article and its card', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const image = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#1d4e89' } })
      .png()
      .toBuffer();
    await signIn(page);

    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Media' }).click();
    await expect(page).toHaveURL('/admin/media');
    await page.getByTestId('media-upload-toggle').click();
    await page.getByTestId('media-file-input').setInputFiles({ name: filename, mimeType: 'image/png', buffer: image });
    await expect(page.getByTestId('media-chosen-file')).toHaveText(filename);
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(page.getByTestId('media-upload-form').getByText(mediaMessages.altRequired)).toBeVisible();
    await page.getByLabel('Alt text').fill(alt);
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(page.getByTestId('toast')).toContainText(mediaMessages.uploaded);
    await page.getByLabel('Search images').fill(run);
    await expect(page).toHaveURL(/[?&]q=/);
    const card = page.getByTestId('media-card').filter({ hasText: filename });
    await expect(card).toHaveCount(1);
    await expect(card.getByTestId('media-alt')).toHaveText(alt);
    await expect(card).toContainText('1600 × 900');
    await expect(card.getByTestId('media-uses')).toHaveText('Not used anywhere yet.');
    await expect(card.getByRole('button', { name: `Delete ${filename}` })).toBeVisible();

    await page.goto('/admin/posts/new');
    await page.getByLabel('Title').fill(post.title);
    await page.getByLabel('Excerpt (optional)').fill('How the light is kept on.');
    await page.getByLabel('Body (markdown)').fill('The keepers kept the light on, night after night.');
    await page.getByLabel('Section').selectOption('labs');
    await page.getByLabel('Author', { exact: true }).selectOption({ label: 'Helena Marsh' });
    await page.getByTestId('feature-image-field').getByRole('button', { name: 'Choose image' }).click();
    const picker = page.getByTestId('media-picker');
    await expect(picker).toBeVisible();
    await picker.getByLabel('Search images').fill(run);
    await picker.getByTestId('media-picker-item').filter({ hasText: filename }).click();
    await expect(picker).toBeHidden();
    await expect(page.getByTestId('feature-image-preview')).toHaveAttribute('alt', alt);
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page).toHaveURL('/admin/posts');

    // The library's row now says where the image shows, and offers no Delete the server would refuse.
    await page.goto(`/admin/media?q=${run}`);
    const usedCard = page.getByTestId('media-card').filter({ hasText: filename });
    await expect(usedCard.getByTestId('media-uses')).toContainText(`Post “${post.title}” (feature image)`);
    await expect(usedCard.getByTestId('media-uses')).toContainText('cannot be deleted while used');
    await expect(usedCard.getByRole('button', { name: `Delete ${filename}` })).toHaveCount(0);

    await page.goto(`/blog/labs/${post.slug}`);
    const hero = page.locator('article header picture img');
    await expect(hero).toHaveAttribute('alt', alt);
    await expect(hero).toHaveAttribute('width', '1600');
    await expect(hero).toHaveAttribute('height', '900');
    await expect(hero).toHaveAttribute('fetchpriority', 'high');
    await expect(hero).toHaveAttribute(
      'srcset',
      /\/media\/[0-9a-f-]+\/1280\.webp 1280w, \/media\/[0-9a-f-]+\/1920\.webp 1600w$/,
    );
    await expect(page.locator('article header picture source[type="image/avif"]')).toHaveAttribute(
      'srcset',
      /320\.avif 320w/,
    );
    await expect
      .poll(() => hero.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth))
      .toBeGreaterThan(0);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      'content',
      /\/media\/[0-9a-f-]+\/1280\.png$/,
    );

    await page.goto('/blog/labs');
    const cardImage = page.getByTestId('post-card').filter({ hasText: post.title }).locator('picture img');
    await expect(cardImage).toHaveAttribute('alt', alt);
    await expect(cardImage).toHaveAttribute('loading', 'lazy');
    await expect(cardImage).toHaveAttribute('sizes', /400px/);
  });
});

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { mediaUploadHeader } from '../common/src/media';
import { slugify } from '../common/src/slugify';
import { expect as baseExpect, test, type Page } from './fixtures';
import { axeFindings } from './helpers/axe';
import { giveConsent } from './helpers/consent';
import { auditLayout } from './helpers/layout-audit';
import { createConsultantWithCli } from './helpers/staff-accounts';

/**
 * The rich text body editor (ADR 0011): what a writer makes with the toolbar and markdown shortcuts is
 * saved as the markdown a reader of the source expects and drawn the same on the public article; text
 * pasted from Google Docs keeps its structure and loses its look; a library image keeps its alt text.
 */
const expect = baseExpect.configure({ timeout: 20_000 });
const admin = { email: process.env.E2E_ADMIN_EMAIL!, password: process.env.E2E_ADMIN_PASSWORD! };
const here = path.dirname(fileURLToPath(import.meta.url));

test.describe.configure({ timeout: 120_000 });

async function signIn(page: Page, redirect: string, account: { email: string; password: string } = admin) {
  await page.goto(`/admin/login?redirect=${encodeURIComponent(redirect)}`);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => url.pathname === redirect);
}

/** A new post in the rich text editor: the writer picks "Rich text" once (kept for the context). */
async function newPostInRichText(page: Page, title: string) {
  await signIn(page, '/admin/posts/new');
  await page.getByRole('button', { name: 'Rich text' }).click();
  await page.getByLabel('Title').fill(title);
  const body = page.getByRole('textbox', { name: 'Body', exact: true });
  await expect(body).toHaveAttribute('contenteditable', 'true');
  return body;
}

async function publish(page: Page) {
  await page.getByLabel('Excerpt (optional)').fill('Notes written in the rich text editor.');
  await page.getByLabel('Section').selectOption('labs');
  await page.getByLabel('Author', { exact: true }).selectOption({ label: 'Helena Marsh' });
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page).toHaveURL('/admin/posts');
}

/** The tags of a block's children, in order: the shape a reader sees. */
async function blockTags(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluate((element) => Array.from(element.children, (child) => child.tagName));
}

test.describe('The rich text body editor', () => {
  test('a post written with the toolbar and with markdown shortcuts saves plain markdown and reads the same on the article', async ({
    page,
    browser,
  }) => {
    const title = `Rich text notes ${Date.now().toString(36)}`;
    const body = await newPostInRichText(page, title);
    const toolbar = page.getByRole('toolbar', { name: 'Formatting' });

    await body.click();
    // Markdown shortcuts as one types.
    await page.keyboard.type('## Why now');
    await page.keyboard.press('Enter');
    // The toolbar and the keyboard shortcuts.
    await page.keyboard.type('We ship ');
    await toolbar.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('fast');
    await toolbar.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type(' and ');
    await page.keyboard.press('ControlOrMeta+i');
    await page.keyboard.type('well');
    await page.keyboard.press('ControlOrMeta+i');
    await page.keyboard.type('.');
    await page.keyboard.press('Enter');
    await page.keyboard.type('> Keep the quote.');
    await page.keyboard.press('Enter');
    await page.keyboard.type('- first');
    await page.keyboard.press('Enter');
    await page.keyboard.type('second');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await toolbar.getByRole('button', { name: 'H2 heading' }).click();
    await page.keyboard.type('Made with the toolbar');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Some **strong** words');
    await page.keyboard.press('Enter');
    await toolbar.getByRole('button', { name: 'Horizontal rule' }).click();
    await page.keyboard.type('After the rule.');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Read the docs');
    // Select "docs" (a key press the editor has not handled yet is not lost: the selection is read back).
    await expect
      .poll(async () => {
        const selected = await page.evaluate(() => window.getSelection()?.toString() ?? '');
        if (selected.length < 4) await page.keyboard.press('Shift+ArrowLeft');
        return selected;
      })
      .toBe('docs');
    await page.keyboard.press('ControlOrMeta+k');
    await page.getByLabel('Link address').fill('https://example.com/docs');
    await page.getByLabel('Link address').press('Enter');
    await expect(body.getByRole('link', { name: 'docs' })).toBeVisible();

    const expected = [
      '## Why now',
      'We ship **fast** and *well*.',
      '> Keep the quote.',
      '- first\n- second',
      '## Made with the toolbar',
      'Some **strong** words',
      '---',
      'After the rule.',
      'Read the [docs](https://example.com/docs)',
    ].join('\n\n');

    // The editor draws it as the article will: the same blocks in the same order.
    const editorShape = await blockTags(page, '[data-testid="rich-text-body"]');
    expect(editorShape).toEqual(['H2', 'P', 'BLOCKQUOTE', 'UL', 'H2', 'P', 'HR', 'P', 'P']);

    // The markdown source is what a reader of the source would expect; undo and redo work on it too.
    await page.getByRole('button', { name: 'Markdown' }).click();
    await expect(page.getByLabel('Body (markdown)')).toHaveValue(expected);
    await page.getByRole('button', { name: 'Rich text' }).click();
    await body.click();
    await page.keyboard.press('End');
    await page.keyboard.insertText(' Extra');
    await toolbar.getByRole('button', { name: 'Undo' }).click();
    await page.getByRole('button', { name: 'Markdown' }).click();
    await expect(page.getByLabel('Body (markdown)')).toHaveValue(expected);
    await page.getByRole('button', { name: 'Rich text' }).click();

    await publish(page);
    const saved = await (await page.request.get(`/api/posts/labs/${slugify(title)}`)).json();
    expect(saved.body).toBe(expected);

    // A visitor's article: the same shape and emphasis, and not a byte of the editor's JavaScript.
    const visitor = await browser.newContext();
    const reader = await visitor.newPage();
    const scripts: string[] = [];
    reader.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.url());
    });
    await reader.goto(`/blog/labs/${slugify(title)}`);
    const article = reader.getByTestId('article-body');
    expect(await blockTags(reader, '[data-testid="article-body"]')).toEqual(editorShape);
    await expect(article.locator('strong').first()).toHaveText('fast');
    await expect(article.locator('em')).toHaveText('well');
    await expect(article.locator('blockquote')).toHaveText('Keep the quote.');
    await expect(article.locator('li')).toHaveText(['first', 'second']);
    await reader.goto('/');
    await reader.goto('/blog');
    expect(scripts.length).toBeGreaterThan(0);
    for (const url of new Set(scripts)) {
      const source = await (await reader.request.get(url)).text();
      expect(source, `${url} holds the editor`).not.toContain('__lexical');
    }
    await visitor.close();
  });

  test('a Google Docs fragment pasted into the body keeps its headings, emphasis, links and lists and loses its styles', async ({
    page,
  }) => {
    const body = await newPostInRichText(page, `Pasted notes ${Date.now().toString(36)}`);
    const html = readFileSync(path.join(here, 'clipboard/google-docs.html'), 'utf8');
    await body.click();
    await body.evaluate((element, clipboardHtml) => {
      const data = new DataTransfer();
      data.setData('text/html', clipboardHtml);
      data.setData('text/plain', 'Quarterly findings');
      element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, html);

    await expect(body.locator('h2')).toHaveText('Quarterly findings');
    await expect(body.locator('[style]')).toHaveCount(0);
    expect(await page.evaluate(() => (window as { pastedScriptRan?: boolean }).pastedScriptRan)).toBeUndefined();
    await page.getByRole('button', { name: 'Markdown' }).click();
    await expect(page.getByLabel('Body (markdown)')).toHaveValue(
      [
        '## Quarterly findings',
        'The pilot was **faster**, *cheaper* and written up in [the report](https://example.com/report).',
        '- Two teams\n- One budget',
      ].join('\n\n'),
    );
  });

  test('an image picked from the library carries its alt text to the article', async ({ page }) => {
    const run = Date.now().toString(36);
    const title = `Pictured notes ${run}`;
    const alt = `A lighthouse at dusk ${run}`;
    const body = await newPostInRichText(page, title);
    const picture = await sharp({ create: { width: 800, height: 500, channels: 3, background: '#1d4e89' } })
      .png()
      .toBuffer();
    const uploaded = await page.request.post('/api/admin/media', {
      headers: { [mediaUploadHeader.name]: mediaUploadHeader.value },
      multipart: { alt, file: { name: `lighthouse-${run}.png`, mimeType: 'image/png', buffer: picture } },
    });
    expect(uploaded.status()).toBe(201);

    await body.click();
    await page.keyboard.type('Before the picture.');
    await page
      .getByRole('toolbar', { name: 'Formatting' })
      .getByRole('button', { name: 'Image from the library' })
      .click();
    const picker = page.getByTestId('media-picker');
    await picker.getByLabel('Search images').fill(`lighthouse-${run}`);
    await picker
      .getByTestId('media-picker-item')
      .filter({ hasText: `lighthouse-${run}` })
      .click();
    await expect(picker).toBeHidden();
    // The library's alt text is offered as it is; no caption.
    const details = page.getByRole('dialog', { name: 'Insert the image' });
    await expect(details.getByLabel('Alt text')).toHaveValue(alt);
    await details.getByRole('button', { name: 'Insert image' }).click();
    await expect(details).toBeHidden();
    await expect(body.getByRole('img', { name: alt })).toBeVisible();

    await publish(page);
    const saved = await (await page.request.get(`/api/posts/labs/${slugify(title)}`)).json();
    expect(saved.body).toMatch(
      new RegExp(`^Before the picture\\.\\n\\n!\\[${alt}\\]\\(/media/[0-9a-f-]+/1280\\.webp\\)$`),
    );
    await page.goto(`/blog/labs/${slugify(title)}`);
    await expect(page.getByTestId('article-body').getByRole('img', { name: alt })).toBeVisible();
  });
});

test.describe('Image captions', () => {
  test('a library image given its alt text and a caption in the editor shows both on the article, the caption under the image', async ({
    page,
  }) => {
    const run = Date.now().toString(36);
    const title = `Captioned notes ${run}`;
    const libraryAlt = `A bar chart ${run}`;
    const alt = `Bookings rose by a third in the pilot ${run}`;
    const caption = `Figure 1: "Pilot" bookings, weeks 1\\12 (${run})`;
    const body = await newPostInRichText(page, title);
    const picture = await sharp({ create: { width: 900, height: 500, channels: 3, background: '#7a2b5d' } })
      .png()
      .toBuffer();
    const uploaded = await page.request.post('/api/admin/media', {
      headers: { [mediaUploadHeader.name]: mediaUploadHeader.value },
      multipart: { alt: libraryAlt, file: { name: `chart-${run}.png`, mimeType: 'image/png', buffer: picture } },
    });
    expect(uploaded.status()).toBe(201);

    const pick = async () => {
      await page
        .getByRole('toolbar', { name: 'Formatting' })
        .getByRole('button', { name: 'Image from the library' })
        .click();
      const picker = page.getByTestId('media-picker');
      await picker.getByLabel('Search images').fill(`chart-${run}`);
      await picker
        .getByTestId('media-picker-item')
        .filter({ hasText: `chart-${run}` })
        .click();
      await expect(picker).toBeHidden();
    };

    await body.click();
    await page.keyboard.type('The pilot in one picture.');
    await page.keyboard.press('Enter');
    await pick();
    const details = page.getByRole('dialog', { name: 'Insert the image' });
    // The alt text starts as the library's and has focus; Esc leaves the body as it was.
    await expect(details.getByLabel('Alt text')).toBeFocused();
    await expect(details.getByLabel('Alt text')).toHaveValue(libraryAlt);
    await page.keyboard.press('Escape');
    await expect(details).toBeHidden();
    await expect(body.getByRole('img')).toHaveCount(0);
    await expect(body).toBeFocused();

    await pick();
    expect(await axeFindings(page)).toEqual([]);
    await details.getByLabel('Alt text').fill(alt);
    await page.keyboard.press('Tab');
    await expect(details.getByLabel('Caption (optional)')).toBeFocused();
    await page.keyboard.type(caption);
    await details.getByRole('button', { name: 'Insert image' }).click();
    await expect(details).toBeHidden();
    // In the editor the caption is under the image, as on the article.
    const inEditor = body.getByTestId('editor-image-with-caption');
    await expect(inEditor.getByRole('img', { name: alt })).toBeVisible();
    await expect(inEditor).toContainText(caption);
    const editorImage = (await inEditor.getByRole('img').boundingBox())!;
    const editorCaption = (await inEditor.getByText(caption).boundingBox())!;
    expect(editorCaption.y).toBeGreaterThanOrEqual(editorImage.y + editorImage.height);

    await publish(page);
    const saved = await (await page.request.get(`/api/posts/labs/${slugify(title)}`)).json();
    // The caption is the image's markdown title, its quotes and backslash escaped.
    const stored = caption.replace(/["\\]/g, '\\$&');
    expect(saved.body).toMatch(
      new RegExp(`^The pilot in one picture\\.\\n\\n!\\[${alt}\\]\\(/media/[0-9a-f-]+/1280\\.webp "`),
    );
    expect(saved.body.slice(saved.body.indexOf('.webp '))).toBe(`.webp "${stored}")`);

    await page.goto(`/blog/labs/${slugify(title)}`);
    const figure = page.getByTestId('article-body').locator('figure');
    const image = figure.getByRole('img', { name: alt });
    await expect(image).toBeVisible();
    await expect(image).not.toHaveAttribute('title', /./);
    await expect(figure.locator('figcaption')).toHaveText(caption);
    const shown = (await image.boundingBox())!;
    const under = (await figure.locator('figcaption').boundingBox())!;
    expect(under.y).toBeGreaterThanOrEqual(shown.y + shown.height);
    expect(Math.abs(under.x - shown.x)).toBeLessThan(2);
  });
});

test.describe('Images pasted into the body', () => {
  test('a pasted screenshot asks for its alt text, goes to the media library and shows in the body', async ({
    page,
  }) => {
    const run = Date.now().toString(36);
    const body = await newPostInRichText(page, `Pasted picture ${run}`);
    const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#2b7a3d' } })
      .png()
      .toBuffer();
    await body.click();
    await body.evaluate(
      (element, { bytes, name }) => {
        const data = new DataTransfer();
        data.items.add(new File([new Uint8Array(bytes)], name, { type: 'image/png' }));
        element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
      },
      { bytes: [...png], name: `screenshot-${run}.png` },
    );
    const dialog = page.getByRole('dialog', { name: 'Add the image to the media library' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Upload and insert' })).toBeDisabled();
    await dialog.getByLabel('Alt text').fill(`A green test card ${run}`);
    await dialog.getByRole('button', { name: 'Upload and insert' }).click();
    await expect(dialog).toBeHidden();
    await expect(body.getByRole('img', { name: `A green test card ${run}` })).toHaveAttribute(
      'src',
      /^\/media\/[0-9a-f-]+\/1280\.webp$/,
    );
    const library = await (await page.request.get(`/api/admin/media?q=screenshot-${run}`)).json();
    expect(library.items).toHaveLength(1);
    expect(library.items[0].alt).toBe(`A green test card ${run}`);
  });
});

test.describe('The rich text editor for everyone', () => {
  for (const width of [390, 1280]) {
    test(`at ${width} px: one tab stop for the toolbar, arrow keys inside, every button named, axe and the layout rules clean`, async ({
      page,
    }) => {
      await giveConsent(page.context());
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      const body = await newPostInRichText(page, 'Checked for everyone');
      await body.click();
      await page.keyboard.type('## A heading');
      await page.keyboard.press('Enter');
      await page.keyboard.type('A paragraph with a > sign and a [link](https://example.com) in it.');
      const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
      const buttons = toolbar.getByRole('button');
      expect(await buttons.count()).toBeGreaterThan(10);
      for (const name of await buttons.evaluateAll((all) => all.map((button) => button.getAttribute('aria-label')))) {
        expect(name, 'every toolbar button is named').toBeTruthy();
      }
      await expect(toolbar.locator('button[tabindex="0"]')).toHaveCount(1);
      await toolbar.getByRole('button', { name: 'Bold' }).focus();
      await page.keyboard.press('ArrowRight');
      await expect(toolbar.getByRole('button', { name: 'Italic' })).toBeFocused();
      await page.keyboard.press('End');
      await expect(toolbar.getByRole('button', { name: 'Redo' })).toBeFocused();
      await expect(toolbar.locator('button[tabindex="0"]')).toHaveCount(1);
      await page.keyboard.press('Tab');
      await expect(body).toBeFocused();

      await page.screenshot({ path: test.info().outputPath(`rich-text-editor-${width}.png`), fullPage: false });
      expect(await axeFindings(page)).toEqual([]);
      expect(await page.evaluate(auditLayout, null)).toEqual([]);
    });
  }
});

test.describe('Every writer is an author', () => {
  const writer = {
    email: 'e2e-byline-writer@northbeam.example',
    password: 'byline-writer-password-42',
    name: 'Bo Byline',
  };
  test.beforeAll(() => createConsultantWithCli(writer));

  test('a consultant linked on the team member screen writes as their profile; going out without an author asks first', async ({
    page,
    browser,
  }) => {
    // An admin links the consultant's account on the team member's own screen.
    await signIn(page, '/admin/posts');
    const authors = (await (await page.request.get('/api/admin/team/authors')).json()) as {
      id: string;
      name: string;
    }[];
    const member = authors.find((candidate) => candidate.name === 'Marcus Bell')!;
    await page.goto(`/admin/team/${member.id}`);
    const card = page.getByTestId('linked-staff');
    await card.getByLabel('Find a staff account').fill(writer.email);
    await expect(card.getByLabel('Staff account to link').locator('option', { hasText: writer.email })).toHaveCount(1);
    await card.getByLabel('Staff account to link').selectOption({ label: `${writer.name} (${writer.email})` });
    await card.getByRole('button', { name: 'Link account' }).click();
    await expect(page.getByTestId('toast')).toContainText(`${writer.name} now writes as Marcus Bell`);
    await expect(card.getByRole('list', { name: 'Linked staff accounts' })).toContainText(writer.name);

    // The consultant's new post carries their team profile as its author; their account says so.
    const writerContext = await browser.newContext();
    const writerPage = await writerContext.newPage();
    await signIn(writerPage, '/admin/account', writer);
    await expect(writerPage.getByTestId('author-profile')).toHaveText(
      'Your posts are credited to Marcus Bell and carry their byline.',
    );
    await writerPage.goto('/admin/posts/new');
    await expect(writerPage.getByLabel('Author', { exact: true })).toHaveValue(member.id);
    await expect(writerPage.getByTestId('no-author-hint')).toHaveCount(0);
    const reviewed = `Reviewed notes ${Date.now().toString(36)}`;
    await writerPage.getByLabel('Title').fill(reviewed);
    await writerPage.getByLabel('Excerpt (optional)').fill('A post for review.');
    await writerPage.getByLabel('Body (markdown)').fill('Written by a consultant.');
    await writerPage.getByLabel('Section').selectOption('consulting');
    await writerPage.getByRole('button', { name: 'Submit for review' }).click();
    await expect(writerPage).toHaveURL('/admin/posts');
    await writerContext.close();

    // The reviewer sees the byline the article will carry.
    const found = await (await page.request.get(`/api/admin/posts?q=${slugify(reviewed)}`)).json();
    await page.goto(`/admin/posts/edit/${found.items[0].id}`);
    await expect(page.getByTestId('review-byline')).toHaveText('Byline: Marcus Bell');

    // A post with "No author" is not published until the writer says so.
    const title = `Unsigned notes ${Date.now().toString(36)}`;
    await page.goto('/admin/posts/new');
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Excerpt (optional)').fill('A post without a byline.');
    await page.getByLabel('Body (markdown)').fill('Written by nobody in particular.');
    await page.getByLabel('Section').selectOption('labs');
    await page.getByLabel('Author', { exact: true }).selectOption({ label: 'No author' });
    // Its social headline is a field, not meta tag markup, and takes the place of the shared title.
    await page.getByLabel('Social headline (optional)').fill('Notes & no names');
    await expect(page.getByLabel('Custom meta tags')).toHaveValue('');
    await expect(page.getByTestId('no-author-hint')).toHaveText('No author: the article will have no byline.');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('Publish without an author?');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL('/admin/posts/new');
    expect((await page.request.get(`/api/posts/labs/${slugify(title)}`)).status()).toBe(404);
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await dialog.getByRole('button', { name: 'Publish without an author' }).click();
    await expect(page).toHaveURL('/admin/posts');
    expect((await page.request.get(`/api/posts/labs/${slugify(title)}`)).status()).toBe(200);
    const html = await (await page.request.get(`/blog/labs/${slugify(title)}`)).text();
    expect(html.match(/<meta property="og:title"[^>]*>/g)).toEqual([
      '<meta property="og:title" content="Notes &amp; no names">',
    ]);
  });
});

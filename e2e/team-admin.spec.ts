import sharp from 'sharp';
import { mediaUploadHeader } from '../common/src/media';
import { slugify } from '../common/src/slugify';
import { expect as baseExpect, test, type Page } from './fixtures';
import { createConsultantWithCli } from './helpers/staff-accounts';

/**
 * The team as records, end to end: an admin adds a team member with a photo from the media library;
 * visitors see them on /about, in the home page's strip and at /team/{slug}; a consultant linked to
 * them writes a post, and once it is published the article names them as its author, with their photo.
 */
const expect = baseExpect.configure({ timeout: 30_000 });
const admin = { email: process.env.E2E_ADMIN_EMAIL!, password: process.env.E2E_ADMIN_PASSWORD! };
const bounded = {
  email: 'e2e-team-actions@northbeam.example',
  password: 'team-actions-password-42',
  name: 'Bea Bounded',
};
const writer = { email: 'e2e-team-writer@northbeam.example', password: 'team-writer-password-42', name: 'Wren Writer' };

async function signIn(page: Page, account: { email: string; password: string }, redirect?: string) {
  await page.goto(redirect ? `/admin/login?redirect=${encodeURIComponent(redirect)}` : '/admin/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/admin/login'));
}

test.describe.configure({ mode: 'serial', timeout: 240_000 });

test.describe('The team in the admin', () => {
  test.beforeAll(() => createConsultantWithCli(writer));

  test('an admin adds a member with a photo; visitors meet them; a linked consultant writes as them', async ({
    page,
    browser,
  }) => {
    const run = Date.now().toString(36);
    const name = `Nadia Frost ${run}`;
    const slug = slugify(name);

    // An admin uploads a portrait and adds the member, picking the portrait from the library.
    await signIn(page, admin);
    const portrait = await sharp({ create: { width: 640, height: 640, channels: 3, background: '#c05a2b' } })
      .png()
      .toBuffer();
    const uploaded = await page.request.post('/api/admin/media', {
      headers: { [mediaUploadHeader.name]: mediaUploadHeader.value },
      multipart: {
        alt: `Portrait of ${name}`,
        file: { name: `portrait-${run}.png`, mimeType: 'image/png', buffer: portrait },
      },
    });
    expect(uploaded.status()).toBe(201);

    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Team' }).click();
    await expect(page.getByTestId('team-row').first()).toBeVisible();
    await page.getByRole('link', { name: 'Add team member' }).click();
    await page.getByLabel('Name').fill(name);
    await expect(page.getByLabel('Slug')).toHaveValue(slug);
    await page.getByLabel('Role', { exact: true }).fill('Head of Delivery');
    await page.getByLabel('Short bio').fill('Keeps every engagement shipping on time.');
    await page.getByLabel('Full bio').fill('Nadia ran delivery at two scale-ups.\n\nShe joined to lead delivery.');
    await page.getByLabel('Expertise').fill('Delivery, Agile Coaching');
    await page.getByRole('textbox', { name: 'LinkedIn' }).fill(`https://www.linkedin.com/in/${slug}`);
    const avatarField = page.getByRole('group', { name: 'Avatar' });
    await avatarField.getByRole('button', { name: 'Choose image' }).click();
    const picker = page.getByTestId('media-picker');
    await picker.getByLabel('Search images').fill(`portrait-${run}`);
    await picker
      .getByTestId('media-picker-item')
      .filter({ hasText: `portrait-${run}` })
      .click();
    await expect(picker).toBeHidden();
    await page.getByTestId('save-team-member').click();
    await expect(page.getByTestId('toast')).toContainText('Team member added');
    await expect(page).toHaveURL(/\/admin\/team\/[^/]+$/);
    const memberId = page.url().split('/').at(-1)!;

    // Visitors: /about, the home page's strip and the member's own page, at once.
    const visitor = await browser.newContext();
    const visit = await visitor.newPage();
    await visit.goto('/about');
    const card = visit.getByTestId('team-card-grid').filter({ hasText: name });
    await expect(card).toContainText('Head of Delivery');
    await expect(card.getByRole('img', { name })).toHaveAttribute('src', /^\/media\/[0-9a-f-]+\/320\.webp$/);
    await visit.goto('/');
    await expect(visit.getByTestId(`team-avatar-${slug}`)).toBeVisible();
    await visit.goto(`/team/${slug}`);
    await expect(visit.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(visit.getByTestId('expertise')).toContainText('#AgileCoaching');
    await expect(visit.getByTestId('biography').locator('p')).toHaveCount(2);

    // A super admin (the run's admin) links the consultant's account to the member on the staff screen.
    await page.goto('/admin/staff?q=e2e-team-writer');
    const row = page.getByTestId('staff-row').filter({ hasText: writer.email });
    await row.getByRole('button', { name: `Actions for ${writer.name}` }).click();
    await page.getByRole('button', { name: 'Team member' }).click();
    await page.getByRole('alertdialog').getByLabel('Team member').selectOption(memberId);
    await page.getByRole('alertdialog').getByRole('button', { name: 'Save' }).click();
    await expect(row.getByTestId('staff-team-member')).toContainText(`Writes as ${name}`);

    // The consultant writes a post: its author is their member already.
    const writerContext = await browser.newContext();
    const writerPage = await writerContext.newPage();
    await signIn(writerPage, writer, '/admin/posts/new');
    await expect(writerPage.getByLabel('Author', { exact: true })).toHaveValue(memberId);
    await expect(writerPage.getByLabel('Author credentials')).toHaveValue('Head of Delivery');
    const title = `Delivery notes ${run}`;
    await writerPage.getByLabel('Title').fill(title);
    await writerPage.getByLabel('Excerpt (optional)').fill('How we keep projects shipping.');
    await writerPage.getByLabel('Body (markdown)').fill('Ship something in the first month.');
    await writerPage.getByLabel('Section').selectOption('consulting');
    await writerPage.getByRole('button', { name: 'Save Draft' }).click();
    await expect(writerPage).toHaveURL('/admin/posts');
    await writerContext.close();

    // An admin publishes it.
    const postSlug = slugify(title);
    const list = await page.request.get(`/api/admin/posts?q=${postSlug}`);
    const [summary] = (await list.json()).items as { id: string }[];
    const post = await (await page.request.get(`/api/admin/posts/${summary.id}`)).json();
    const published = await page.request.put(`/api/admin/posts/${summary.id}`, {
      data: {
        title: post.title,
        slug: post.slug,
        excerpt: post.excerpt,
        body: post.body,
        section: post.section,
        authorId: post.authorId,
        authorName: post.authorName,
        authorCredentials: post.authorCredentials,
        authorBio: post.authorBio,
        tags: ['Delivery'],
        status: 'published',
      },
    });
    expect(published.status()).toBe(200);

    // The article names the member as its author, with their photo and a link to their page; their page lists it.
    await visit.goto(`/blog/consulting/${postSlug}`);
    const author = visit.getByTestId('author-block');
    await expect(author.getByTestId('author-link')).toHaveText(name);
    await expect(author.locator('img')).toHaveAttribute('src', /^\/media\/[0-9a-f-]+\/320\.webp$/);
    await expect(visit.getByTestId('article-tag').filter({ hasText: 'Delivery' })).toHaveAttribute(
      'href',
      '/blog/tag/delivery',
    );
    await visit.goto('/blog/tag/delivery');
    await expect(visit.getByRole('heading', { level: 1, name: 'Delivery' })).toBeVisible();
    await expect(visit.getByTestId('post-card').filter({ hasText: title })).toBeVisible();
    await visit.goto(`/team/${slug}`);
    await expect(visit.getByTestId('member-articles')).toContainText(title);

    // Removed again (other suites count the built-in team): the post keeps its author's name, unlinked.
    await page.goto(`/admin/team`);
    await page.getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByTestId('toast')).toContainText('Team member removed');
    await visit.goto(`/blog/consulting/${postSlug}`);
    await expect(visit.getByTestId('author-block')).toContainText(name);
    await expect(visit.getByTestId('author-link')).toHaveCount(0);
    expect((await visit.goto(`/team/${slug}`))?.status()).toBe(404);
    await visitor.close();
  });

  test('a consultant is offered only what the server’s actions give: their own member to edit, their own enquiry to handle', async ({
    page,
    browser,
  }) => {
    createConsultantWithCli(bounded);
    const run = Date.now().toString(36);
    const name = `Bea Bounded ${run}`;
    const enquirer = `Owen Offered ${run}`;

    // An admin adds the consultant's member, links their account to it and assigns them an enquiry.
    await signIn(page, admin);
    const created = await page.request.post('/api/admin/team', {
      data: {
        name,
        slug: slugify(name),
        role: 'Consultant',
        stripRole: '',
        bio: 'Handles what she is given.',
        fullBio: '',
        linkedin: '',
        avatar: null,
        expertise: [],
        inStrip: true,
        hidden: false,
      },
    });
    expect(created.status()).toBe(201);
    const memberId = ((await created.json()) as { id: string }).id;
    const staff = await (await page.request.get(`/api/admin/staff?q=${encodeURIComponent(bounded.email)}`)).json();
    const account = (staff.items as { id: string; email: string }[]).find((item) => item.email === bounded.email)!;
    const linked = await page.request.patch(`/api/admin/staff/${account.id}`, { data: { teamMemberId: memberId } });
    expect(linked.status()).toBe(200);
    const sent = await page.request.post('/api/contact', {
      data: {
        name: enquirer,
        email: 'owen@example.com',
        message: 'Who may answer this one?',
        consent: true,
        turnstileToken: 'development-fallback-token',
        website: '',
        startedAt: String(Date.now() - 60_000),
      },
    });
    expect(sent.status()).toBe(201);
    const found = await (await page.request.get(`/api/admin/enquiries?q=${encodeURIComponent(enquirer)}`)).json();
    const enquiryId = (found.items as { id: string }[])[0].id;
    const assigned = await page.request.patch(`/api/admin/enquiries/${enquiryId}`, {
      data: { assigneeId: account.id },
    });
    expect(assigned.status()).toBe(200);

    const consultantContext = await browser.newContext();
    const consultantPage = await consultantContext.newPage();
    await signIn(consultantPage, bounded, '/admin/team');
    const rows = consultantPage.getByTestId('team-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(name);
    await expect(consultantPage.getByRole('link', { name: 'Add team member' })).toHaveCount(0);
    await consultantPage.getByRole('button', { name: `Actions for ${name}` }).click();
    await expect(consultantPage.getByRole('button', { name: 'Edit' })).toBeVisible();
    for (const absent of ['Remove', 'Move up', 'Move down'])
      await expect(consultantPage.getByRole('button', { name: absent })).toHaveCount(0);
    await consultantPage.getByRole('button', { name: 'Edit' }).click();
    await expect(consultantPage).toHaveURL(`/admin/team/${memberId}`);
    // Whether the member is shown is not theirs to change.
    await expect(consultantPage.getByText('On the site')).toHaveCount(0);

    await consultantPage.goto('/admin/enquiries');
    const enquiryRows = consultantPage.getByTestId('enquiry-row');
    await expect(enquiryRows.filter({ hasText: enquirer })).toHaveCount(1);
    await enquiryRows.filter({ hasText: enquirer }).click();
    await expect(consultantPage.getByRole('heading', { level: 1, name: enquirer })).toBeVisible();
    await expect(consultantPage.getByRole('combobox', { name: 'Status' })).toBeVisible();
    await expect(consultantPage.getByRole('button', { name: 'Add note' })).toBeVisible();
    await expect(consultantPage.getByRole('button', { name: 'Send reply' })).toBeVisible();
    await expect(consultantPage.getByRole('combobox', { name: 'Assignee' })).toHaveCount(0);
    await consultantContext.close();

    // Removed again (other suites count the built-in team).
    expect((await page.request.delete(`/api/admin/team/${memberId}`)).status()).toBe(204);
  });
});

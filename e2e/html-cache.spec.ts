import { expect, test } from './fixtures';
import { type APIRequestContext } from '@playwright/test';
import { consultant, createConsultantWithCli } from './helpers/staff-accounts';

/** Anonymous visitors: a fresh request context without cookies for every call. */
async function anonymousGet(
  playwright: { request: { newContext(options: { baseURL?: string }): Promise<APIRequestContext> } },
  baseURL: string | undefined,
  url: string,
) {
  const request = await playwright.request.newContext({ baseURL });
  const response = await request.get(url, { maxRedirects: 0 });
  const result = { status: response.status(), headers: response.headers(), text: await response.text() };
  await request.dispose();
  return result;
}

function postFields(title: string, slug: string, status: 'published' | 'draft') {
  return {
    title,
    slug,
    excerpt: `An excerpt for ${title}.`,
    body: `## ${title}\n\nSome words about ${title} for the reader.`,
    section: 'labs',
    status,
    tags: [],
  };
}

test.describe('HTML cache', () => {
  let admin: APIRequestContext;

  test.beforeAll(async ({ playwright, baseURL }) => {
    admin = await playwright.request.newContext({ baseURL });
    const response = await admin.post('/api/admin/login', {
      data: { email: process.env.E2E_ADMIN_EMAIL, password: process.env.E2E_ADMIN_PASSWORD },
    });
    expect(response.status()).toBe(200);
  });

  test.afterAll(async () => {
    await admin?.dispose();
  });

  test('is invalidated by a publish, an edit and a delete', async ({ playwright, baseURL }) => {
    const suffix = Date.now().toString(36);
    const title = `Cache probe ${suffix}`;
    await anonymousGet(playwright, baseURL, '/blog');
    const warm = await anonymousGet(playwright, baseURL, '/blog');
    expect(warm.status).toBe(200);
    expect(warm.headers['x-cache']).toBe('HIT');
    expect(warm.text).not.toContain(title);

    const created = await admin.post('/api/admin/posts', {
      data: postFields(title, `cache-probe-${suffix}`, 'published'),
    });
    expect(created.status(), await created.text()).toBe(201);
    const post = (await created.json()) as { id: string };
    const afterPublish = await anonymousGet(playwright, baseURL, '/blog');
    expect(afterPublish.headers['x-cache']).toBe('MISS');
    expect(afterPublish.text).toContain(title);

    const editedTitle = `Cache probe edited ${suffix}`;
    const edited = await admin.put(`/api/admin/posts/${post.id}`, {
      data: postFields(editedTitle, `cache-probe-${suffix}`, 'published'),
    });
    expect(edited.status(), await edited.text()).toBe(200);
    const afterEdit = await anonymousGet(playwright, baseURL, '/blog');
    expect(afterEdit.text).toContain(editedTitle);
    expect(afterEdit.text).not.toContain(`${title}<`);

    const deleted = await admin.delete(`/api/admin/posts/${post.id}`);
    expect(deleted.ok()).toBe(true);
    const afterDelete = await anonymousGet(playwright, baseURL, '/blog');
    expect(afterDelete.text).not.toContain(editedTitle);
    const article = await anonymousGet(playwright, baseURL, `/blog/labs/cache-probe-${suffix}`);
    expect(article.status).toBe(404);
  });

  test('the home page rendered per request (staff: no cache) shows a publish, an edit and a delete at once', async () => {
    // The home page's cards are rendered once per distinct content and reused: they must follow it.
    const suffix = Date.now().toString(36);
    const title = `Home probe ${suffix}`;
    const labsColumn = (html: string) => html.slice(html.indexOf('data-testid="insights-labs"'));
    const before = await admin.get('/');
    expect(before.headers()['x-cache']).toBe('BYPASS');
    expect(await before.text()).not.toContain(title);

    const created = await admin.post('/api/admin/posts', {
      data: postFields(title, `home-probe-${suffix}`, 'published'),
    });
    expect(created.status(), await created.text()).toBe(201);
    const post = (await created.json()) as { id: string };
    expect(labsColumn(await (await admin.get('/')).text())).toContain(`>${title}<`);

    const editedTitle = `Home probe edited ${suffix}`;
    const edited = await admin.put(`/api/admin/posts/${post.id}`, {
      data: postFields(editedTitle, `home-probe-${suffix}`, 'published'),
    });
    expect(edited.status(), await edited.text()).toBe(200);
    const afterEdit = labsColumn(await (await admin.get('/')).text());
    expect(afterEdit).toContain(`>${editedTitle}<`);
    expect(afterEdit).not.toContain(`>${title}<`);

    expect((await admin.delete(`/api/admin/posts/${post.id}`)).ok()).toBe(true);
    expect(await (await admin.get('/')).text()).not.toContain(editedTitle);
  });

  test("never stores a staff member's page nor serves it to a visitor", async ({ playwright, baseURL }) => {
    const suffix = Date.now().toString(36);
    const slug = `cache-draft-${suffix}`;
    const title = `Cache draft ${suffix}`;
    const created = await admin.post('/api/admin/posts', { data: postFields(title, slug, 'draft') });
    expect(created.status(), await created.text()).toBe(201);
    const post = (await created.json()) as { id: string };

    const preview = await admin.get(`/blog/labs/${slug}`);
    expect(preview.status()).toBe(200);
    expect(await preview.text()).toContain(title);
    expect(preview.headers()['cache-control']).toBe('private, no-store');
    expect(preview.headers()['x-cache']).toBe('BYPASS');
    // Rendered for this request alone, and still sent compressed: brotli, else gzip, else as it is.
    expect(preview.headers()['content-encoding']).toBe('br');
    const gzipOnly = await admin.get(`/blog/labs/${slug}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzipOnly.headers()['content-encoding']).toBe('gzip');
    expect(await gzipOnly.text()).toContain(title);
    const identity = await admin.get(`/blog/labs/${slug}`, { headers: { 'accept-encoding': 'identity' } });
    expect(identity.headers()['content-encoding']).toBeUndefined();
    expect(await identity.text()).toContain(title);

    const visitor = await anonymousGet(playwright, baseURL, `/blog/labs/${slug}`);
    expect(visitor.status).toBe(404);
    expect(visitor.text).not.toContain(title);

    expect((await admin.delete(`/api/admin/posts/${post.id}`)).ok()).toBe(true);
  });

  test("a consultant's draft never reaches the cache, however the session cookie is spelled", async ({
    playwright,
    baseURL,
  }) => {
    createConsultantWithCli();
    const staff = await playwright.request.newContext({ baseURL });
    const login = await staff.post('/api/admin/login', {
      data: { email: consultant.email, password: consultant.password },
    });
    expect(login.status(), await login.text()).toBe(200);
    const session = (await staff.storageState()).cookies.find((cookie) => cookie.name === 'nb.sid');
    expect(session).toBeDefined();
    const suffix = Date.now().toString(36);
    const slug = `spelling-draft-${suffix}`;
    const title = `Spelling draft ${suffix}`;
    const created = await staff.post('/api/admin/posts', { data: postFields(title, slug, 'draft') });
    expect(created.status(), await created.text()).toBe(201);
    const post = (await created.json()) as { id: string };
    await staff.dispose();

    // Every spelling of the cookie that express-session's parser reads as the session: the draft
    // renders (the session was found), and the answer is private, never stored.
    const name = session!.name;
    const value = session!.value;
    const spellings = [
      `${name}=${value}`,
      `${name} =${value}`,
      `${name}\t=${value}`,
      `  ${name}=${value}`,
      `\t${name} \t= ${value}`,
      `theme=dark; ${name} =${value}; consent=1`,
      `theme=dark;${name}=${value}`,
      `${name}="${value}"`,
      `${name}=${value}; ${name}=stale`,
    ];
    const paths = [`/blog/labs/${slug}`, `/blog/labs/${slug}?utm_source=x`, `/blog/labs/${slug}/`];
    const bare = await playwright.request.newContext({ baseURL });
    for (const cookie of spellings) {
      for (const path of paths) {
        const staffView = await bare.get(path, { headers: { cookie }, maxRedirects: 0 });
        expect(staffView.status(), `${JSON.stringify(cookie)} ${path}`).toBe(200);
        expect(await staffView.text()).toContain(title);
        expect(staffView.headers()['x-cache'], JSON.stringify(cookie)).toBe('BYPASS');
        expect(staffView.headers()['cache-control']).toBe('private, no-store');
      }
    }
    await bare.dispose();

    // Nothing was stored: a visitor's first request is no HIT and finds no draft, with or without a query.
    for (const path of [...paths, `/blog/labs/${slug}?anything`]) {
      const visitor = await anonymousGet(playwright, baseURL, path);
      expect(visitor.status, path).toBe(404);
      expect(visitor.headers['x-cache'], path).toBe('BYPASS');
      expect(visitor.text).not.toContain(title);
    }

    expect((await admin.delete(`/api/admin/posts/${post.id}`)).ok()).toBe(true);
  });
});

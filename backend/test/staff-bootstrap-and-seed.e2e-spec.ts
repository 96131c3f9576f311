import { countWords, readingTimeMinutes, team } from '@northbeam/common';
import { PostsSeeder } from '../src/modules/posts/posts.seeder.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/** Starting an app on a fresh database can be slow on a busy machine (Jest's project testTimeout does not reach hooks). */
const hookTimeoutMs = 120_000;

describe('First start', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({
      env: { ADMIN_EMAIL: 'Owner@Northbeam.example', ADMIN_PASSWORD: 'a-long-first-password' },
      config: { seedContent: true },
    });
  }, hookTimeoutMs);

  afterAll(async () => {
    await testApp?.close();
  }, hookTimeoutMs);

  it('creates a super admin from ADMIN_EMAIL and ADMIN_PASSWORD who can sign in', async () => {
    const response = await testApp
      .request()
      .post('/api/admin/login')
      .send({ email: 'owner@northbeam.example', password: 'a-long-first-password' });
    expect(response.status).toBe(200);
    expect(response.body.user.role).toBe('super_admin');
    const rows: { password_hash: string }[] = await testApp.dataSource.query('SELECT password_hash FROM users');
    expect(rows).toHaveLength(1);
    expect(rows[0].password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('seeds at least four published posts in each section, with authors from the team list', async () => {
    for (const section of ['labs', 'consulting']) {
      const response = await testApp.request().get(`/api/posts/${section}`);
      expect(response.status).toBe(200);
      expect(response.body.length).toBeGreaterThanOrEqual(4);
      for (const summary of response.body as {
        slug: string;
        authorName: string;
        wordCount: number;
        readingTime: number;
      }[]) {
        expect(team.map((member) => member.name)).toContain(summary.authorName);
        const post = await testApp.request().get(`/api/posts/${section}/${summary.slug}`);
        expect(post.body.body).toMatch(/^## /m);
        expect(summary.wordCount).toBe(countWords(post.body.body));
        expect(summary.wordCount).toBeGreaterThanOrEqual(300);
        expect(summary.readingTime).toBe(readingTimeMinutes(summary.wordCount));
      }
    }
  });

  it('does not seed again when posts exist', async () => {
    const before: { count: number }[] = await testApp.dataSource.query('SELECT count(*)::int AS count FROM posts');
    expect(await testApp.app.get(PostsSeeder).seed()).toBe(0);
    const after: { count: number }[] = await testApp.dataSource.query('SELECT count(*)::int AS count FROM posts');
    expect(after[0].count).toBe(before[0].count);
  });
});

describe('First start in development without staff', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({ config: { developmentAdmin: true, seedContent: false } });
  }, hookTimeoutMs);

  afterAll(async () => {
    await testApp?.close();
  }, hookTimeoutMs);

  it('creates one super admin at the site domain with a random password', async () => {
    const rows: { email: string; role: string; password_hash: string }[] = await testApp.dataSource.query(
      'SELECT email, role, password_hash FROM users',
    );
    expect(rows).toEqual([
      { email: 'admin@northbeam.example', role: 'super_admin', password_hash: expect.stringMatching(/^\$argon2id\$/) },
    ]);
    const guess = await testApp
      .request()
      .post('/api/admin/login')
      .send({ email: 'admin@northbeam.example', password: 'password' });
    expect(guess.status).toBe(401);
  });
});

describe('First start in tests or production', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({ config: { seedContent: false } });
  }, hookTimeoutMs);

  afterAll(async () => {
    await testApp?.close();
  }, hookTimeoutMs);

  it('creates no account at all without ADMIN_EMAIL and ADMIN_PASSWORD', async () => {
    const rows: unknown[] = await testApp.dataSource.query('SELECT id FROM users');
    expect(rows).toHaveLength(0);
    const posts: unknown[] = await testApp.dataSource.query('SELECT id FROM posts');
    expect(posts).toHaveLength(0);
  });
});

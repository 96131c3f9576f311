import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AdminCaseStudy, AdminPost } from '@northbeam/common';
import { caseStudyRequest } from './factories/case-study.js';
import { createStaff, signedInAgent } from './factories/staff.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * A shared cache in front (CDN_MAX_AGE, CDN_PURGE_URL): public API answers carry `s-maxage` and the
 * keys of what they show, staff answers never do, and a change purges the keys of what changed
 * through the purge target (here a stand-in recording each PURGE, as Varnish would receive it).
 */
const hookTimeoutMs = 120_000;
type Agent = Awaited<ReturnType<typeof signedInAgent>>;

describe('Shared cache keys and purges', () => {
  let testApp: TestApp;
  let admin: Agent;
  const purges: string[][] = [];
  const purgeTarget = http.createServer((request, response) => {
    if (request.method === 'PURGE') purges.push(String(request.headers['surrogate-key'] ?? '').split(' '));
    response.writeHead(200).end();
  });
  let labsPost: AdminPost;
  let consultingPost: AdminPost;
  let caseStudy: AdminCaseStudy;

  const keysOf = (response: { headers: Record<string, string | undefined> }) =>
    (response.headers['surrogate-key'] ?? '').split(' ');

  async function savePost(
    section: 'labs' | 'consulting',
    title: string,
    status = 'published',
    id?: string,
    author?: { id: string; name: string },
  ) {
    const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    const credit = author
      ? { authorId: author.id, authorName: author.name, authorCredentials: 'Lead', authorBio: '' }
      : {};
    const body = { title, slug, excerpt: `About ${title}.`, body: `# ${title}`, section, status, ...credit };
    const response = id
      ? await admin.put(`/api/admin/posts/${id}`).send(body)
      : await admin.post('/api/admin/posts').send(body);
    expect(response.status).toBe(id ? 200 : 201);
    return response.body as AdminPost;
  }

  /**
   * The first purge after `change`, once it arrived (the site purges after the change commits, without
   * waiting). The site purges each change again 1.5 s later: that of the change before is let pass first.
   */
  async function purgedBy(change: () => Promise<unknown>): Promise<string[]> {
    await new Promise((resolve) => setTimeout(resolve, 1600));
    const before = purges.length;
    await change();
    const deadline = Date.now() + 1000;
    while (purges.length === before && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    return purges[before] ?? [];
  }

  beforeAll(async () => {
    await new Promise<void>((resolve) => purgeTarget.listen(0, '127.0.0.1', resolve));
    testApp = await createTestApp({
      config: {
        seedContent: false,
        cdnMaxAgeSeconds: 300,
        cdnStaleWhileRevalidateSeconds: 30,
        cdnPurgeUrl: `http://127.0.0.1:${(purgeTarget.address() as AddressInfo).port}/`,
      },
    });
    await createStaff(testApp, 'admin');
    admin = await signedInAgent(testApp, 'admin@northbeam.example');
    labsPost = await savePost('labs', 'Keyed labs note');
    consultingPost = await savePost('consulting', 'Keyed consulting brief');
    const created = await admin
      .post('/api/admin/case-studies')
      .send(caseStudyRequest('keyed-harbour', { status: 'published' }));
    expect(created.status).toBe(201);
    caseStudy = created.body as AdminCaseStudy;
  }, hookTimeoutMs);

  afterAll(async () => {
    await testApp?.close();
    purgeTarget.close();
  });

  it('public API answers may be kept by a shared cache, named by what they show', async () => {
    const article = await testApp.request().get(`/api/posts/labs/${labsPost.slug}`);
    expect(keysOf(article)).toEqual(['site', `post-${labsPost.id}`]);
    const expected: [string, string[]][] = [
      ['/api/posts', ['site', 'posts', `post-${consultingPost.id}`, `post-${labsPost.id}`]],
      ['/api/posts?section=labs&page=1&pageSize=4', ['site', 'section-labs', `post-${labsPost.id}`]],
      ['/api/posts/consulting', ['site', 'section-consulting', `post-${consultingPost.id}`]],
      [`/api/posts/labs/${labsPost.slug}`, ['site', `post-${labsPost.id}`]],
      ['/api/case-studies', ['site', 'case-studies', 'case-study-keyed-harbour']],
      ['/api/case-studies/keyed-harbour', ['site', 'case-study-keyed-harbour']],
      ['/api/analytics/config', ['site', 'settings']],
    ];
    for (const [path, keys] of expected) {
      const response = await testApp.request().get(path);
      expect([path, response.status, response.headers['cache-control']]).toEqual([
        path,
        200,
        'public, max-age=60, s-maxage=300, stale-while-revalidate=30',
      ]);
      // The built-in case studies are listed too: every key expected, `site` first, each once.
      const named = keysOf(response);
      expect([path, named]).toEqual([path, expect.arrayContaining(keys)]);
      expect([path, named[0], new Set(named).size]).toEqual([path, 'site', named.length]);
      expect(response.headers['cache-tag']).toBe(named.join(','));
    }
  });

  it('the feed is kept as a list of the posts it shows', async () => {
    const feed = await testApp.request().get('/rss.xml');
    expect(feed.status).toBe(200);
    expect(feed.headers['cache-control']).toBe('public, max-age=300, s-maxage=300, stale-while-revalidate=30');
    expect(keysOf(feed)).toEqual(['site', 'posts', `post-${consultingPost.id}`, `post-${labsPost.id}`]);
  });

  it('staff answers, previews and refusals carry neither s-maxage nor keys', async () => {
    const draft = await savePost('labs', 'Keyed draft', 'draft');
    const answers = [
      await admin.get('/api/posts'),
      await admin.get(`/api/posts/labs/${draft.slug}`),
      await testApp.request().get('/api/posts/labs/no-such-post'),
      await testApp.request().get('/api/case-studies/no-such-study'),
    ];
    for (const response of answers) {
      expect(response.headers['cache-control'] ?? '').not.toContain('s-maxage');
      expect(response.headers['surrogate-key']).toBeUndefined();
    }
  });

  it('an edit of a published post purges the post, not the lists it stays in', async () => {
    const keys = await purgedBy(() => savePost('labs', 'Keyed labs note', 'published', labsPost.id));
    expect(keys).toEqual([`post-${labsPost.id}`, 'posts-long']);
  });

  it('publishing, unpublishing and moving a post purge the lists it enters or leaves', async () => {
    const draft = await savePost('consulting', 'Keyed later brief', 'draft');
    expect(await purgedBy(() => savePost('consulting', 'Keyed later brief', 'published', draft.id))).toEqual([
      `post-${draft.id}`,
      'posts-long',
      'posts',
      'section-consulting',
    ]);
    expect(await purgedBy(() => savePost('labs', 'Keyed later brief', 'published', draft.id))).toEqual([
      `post-${draft.id}`,
      'posts-long',
      'posts',
      'section-consulting',
      'section-labs',
    ]);
    expect(await purgedBy(() => admin.delete(`/api/admin/posts/${draft.id}`))).toEqual([
      `post-${draft.id}`,
      'posts-long',
      'posts',
      'section-labs',
    ]);
  });

  it('a case study edit purges its old and new slug; unpublishing also the list', async () => {
    const edited = await purgedBy(() =>
      admin.put(`/api/admin/case-studies/${caseStudy.id}`).send(caseStudyRequest('keyed-harbour-renamed')),
    );
    expect(edited).toEqual(['case-study-keyed-harbour', 'case-study-keyed-harbour-renamed']);
    const unpublished = await purgedBy(() => admin.post(`/api/admin/case-studies/${caseStudy.id}/unpublish`));
    expect(unpublished).toEqual(['case-study-keyed-harbour-renamed', 'case-studies']);
  });

  describe('a team member shown on other answers', () => {
    let member: { id: string; name: string; slug: string };
    let credited: AdminPost;
    let draftCredited: AdminPost;
    const memberFields = (name: string) => ({
      name,
      slug: 'keyed-author',
      role: 'Principal Consultant',
      stripRole: '',
      bio: `${name} writes.`,
      fullBio: '',
      linkedin: '',
      avatar: null,
      expertise: [],
      inStrip: true,
      hidden: false,
    });

    beforeAll(async () => {
      const created = await admin.post('/api/admin/team').send(memberFields('Keyed Author'));
      expect(created.status).toBe(201);
      member = created.body as typeof member;
      credited = await savePost('labs', 'Keyed authored note', 'published', undefined, member);
      draftCredited = await savePost('labs', 'Keyed authored draft', 'draft', undefined, member);
    }, hookTimeoutMs);

    it("a profile is named by each article it lists, so that a post's edit purges it too", async () => {
      const profile = await testApp.request().get(`/api/team/${member.slug}`);
      expect(profile.status).toBe(200);
      expect(keysOf(profile)).toEqual(['site', 'team', `team-${member.slug}`, 'posts', `post-${credited.id}`]);
    });

    it("a renamed member purges their published posts too: each article, the lists and the feed showing its author's name", async () => {
      const keys = await purgedBy(() => admin.put(`/api/admin/team/${member.id}`).send(memberFields('Keyed Renamed')));
      expect(keys).toEqual(['team', `team-${member.slug}`, `post-${credited.id}`, 'posts-long']);
      expect(keys).not.toContain(`post-${draftCredited.id}`);
      const article = await testApp.request().get(`/api/posts/labs/${credited.slug}`);
      expect(article.body).toMatchObject({ authorName: 'Keyed Renamed' });
      // A change that leaves the name as it was purges the team's answers only.
      const unchanged = await purgedBy(() =>
        admin.put(`/api/admin/team/${member.id}`).send(memberFields('Keyed Renamed')),
      );
      expect(unchanged).toEqual(['team', `team-${member.slug}`]);
    });

    it("taking a published post's credit from a member (or giving it to another) purges the lists it leaves or enters (the profiles' articles)", async () => {
      const keys = await purgedBy(() => savePost('labs', 'Keyed authored note', 'published', credited.id));
      expect(keys).toEqual([`post-${credited.id}`, 'posts-long', 'posts', 'section-labs']);
    });
  });
});

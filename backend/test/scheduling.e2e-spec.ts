import { messages, publishingMessages } from '@northbeam/common';
import { PostScheduler } from '../src/modules/posts/post-scheduler.js';
import { createStaff, signedInAgent } from './factories/staff.js';
import { createSharedTestDatabase } from './helpers/shared-database.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import type { TestDatabase } from './helpers/test-database.js';

/**
 * Scheduling, the review queue and slug redirects of posts (docs/product.md#publishing). The
 * scheduler's clock is the `now` its task is called with; its own timer is off in this suite.
 */
const hookTimeoutMs = 180_000;
const dayMs = 24 * 60 * 60 * 1000;
type Agent = Awaited<ReturnType<typeof signedInAgent>>;

const testConfig = { seedContent: false, scheduledPublishIntervalMs: 0, mailDispatchIntervalMs: 0 };

function postBody(slug: string, extra: Record<string, unknown> = {}) {
  return {
    title: `Post ${slug}`,
    slug,
    excerpt: `Excerpt of ${slug}.`,
    body: `The body of ${slug}, long enough to read.`,
    section: 'labs',
    tags: ['timing'],
    ...extra,
  };
}

async function activityLines(testApp: TestApp, action: string, targetId: string) {
  return testApp.dataSource.query<{ actor_id: string | null }[]>(
    `SELECT "actor_id" FROM "staff_activity" WHERE "action" = $1 AND "target_id" = $2`,
    [action, targetId],
  );
}

describe('Scheduled posts, the review queue and slug redirects', () => {
  let testApp: TestApp;
  let admin: Agent;
  let consultant: Agent;
  let consultantId: string;

  beforeAll(async () => {
    testApp = await createTestApp({ config: testConfig });
    await createStaff(testApp, 'admin');
    consultantId = (await createStaff(testApp, 'consultant')).id;
    admin = await signedInAgent(testApp, 'admin@northbeam.example');
    consultant = await signedInAgent(testApp, 'consultant@northbeam.example');
  }, hookTimeoutMs);

  afterAll(async () => {
    await testApp?.close();
  }, hookTimeoutMs);

  describe('scheduling', () => {
    /** What every public surface says about a slug: the reader's API, search, lists, feeds, sitemap and og-image. */
    async function publicSightings(slug: string, uniqueWord: string) {
      const anonymous = testApp.request();
      const [page, search, list, article, rss, sitemap, image, fallbackImage] = await Promise.all([
        anonymous.get('/api/posts').query({ section: 'labs' }),
        anonymous.get('/api/posts').query({ search: uniqueWord }),
        anonymous.get('/api/posts/labs'),
        anonymous.get(`/api/posts/labs/${slug}`),
        anonymous.get('/rss.xml'),
        anonymous.get('/sitemap.xml'),
        anonymous.get(`/api/og-image/${slug}`).buffer(true),
        anonymous.get('/api/og-image/home').buffer(true),
      ]);
      return {
        page: (page.body.items as { slug: string }[]).some((post) => post.slug === slug),
        search: search.body.total as number,
        list: (list.body as { slug: string }[]).some((post) => post.slug === slug),
        article: article.status,
        rss: rss.text.includes(`/blog/labs/${slug}`),
        sitemap: sitemap.text.includes(`/blog/labs/${slug}`),
        ownImage: !(image.body as Buffer).equals(fallbackImage.body as Buffer),
      };
    }

    it('keeps a scheduled post out of every public surface until its time, then the task publishes it once', async () => {
      const publishAt = new Date(Date.now() + dayMs);
      const created = await admin.post('/api/admin/posts').send(
        postBody('tomorrows-news', {
          title: 'Tomorrows news about zephyrology',
          publishAt: publishAt.toISOString(),
          status: 'scheduled',
        }),
      );
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        status: 'scheduled',
        publishAt: publishAt.toISOString(),
        publishedAt: null,
      });

      expect(await publicSightings('tomorrows-news', 'zephyrology')).toEqual({
        page: false,
        search: 0,
        list: false,
        article: 404,
        rss: false,
        sitemap: false,
        ownImage: false,
      });
      // Staff may preview it at its address, privately.
      const preview = await admin.get('/api/posts/labs/tomorrows-news');
      expect(preview.status).toBe(200);
      expect(preview.headers['cache-control']).toBe('private, no-store');

      const scheduler = testApp.app.get(PostScheduler);
      expect(await scheduler.publishDue(new Date(publishAt.getTime() - 1000))).toEqual({ ran: true, result: 0 });
      expect((await testApp.request().get('/api/posts/labs/tomorrows-news')).status).toBe(404);

      const clock = new Date(publishAt.getTime() + 20_000);
      expect(await scheduler.publishDue(clock)).toEqual({ ran: true, result: 1 });
      expect(await publicSightings('tomorrows-news', 'zephyrology')).toEqual({
        page: true,
        search: 1,
        list: true,
        article: 200,
        rss: true,
        sitemap: true,
        ownImage: true,
      });
      const live = await testApp.request().get('/api/posts/labs/tomorrows-news');
      expect(live.body).toMatchObject({ status: 'published', publishedAt: clock.toISOString() });
      const staffView = await admin.get(`/api/admin/posts/${created.body.id}`);
      expect(staffView.body).toMatchObject({ status: 'published', publishAt: null });

      // Logged: scheduled by the admin, published by the scheduler (no actor); a second run finds nothing.
      expect(await activityLines(testApp, 'post.scheduled', created.body.id)).toHaveLength(1);
      expect(await activityLines(testApp, 'post.published', created.body.id)).toEqual([{ actor_id: null }]);
      expect(await scheduler.publishDue(new Date(clock.getTime() + 60_000))).toEqual({ ran: true, result: 0 });
      expect(await activityLines(testApp, 'post.published', created.body.id)).toHaveLength(1);
    });

    it('refuses scheduling to a consultant with 403, on a new post and on their own draft', async () => {
      const publishAt = new Date(Date.now() + dayMs).toISOString();
      const refused = await consultant
        .post('/api/admin/posts')
        .send(postBody('consultant-schedule', { status: 'scheduled', publishAt }));
      expect(refused.status).toBe(403);
      expect(refused.body.error).toBe(publishingMessages.onlyAdminsCanSchedule);

      const draft = await consultant.post('/api/admin/posts').send(postBody('consultant-draft'));
      expect(draft.status).toBe(201);
      const update = await consultant
        .put(`/api/admin/posts/${draft.body.id}`)
        .send(postBody('consultant-draft', { status: 'scheduled', publishAt }));
      expect(update.status).toBe(403);
      expect(update.body.error).toBe(publishingMessages.onlyAdminsCanSchedule);
      expect((await admin.get(`/api/admin/posts/${draft.body.id}`)).body.status).toBe('draft');
    });

    it('asks for a time in the future, refuses to schedule a live post, and keeps the time on a later save', async () => {
      const missing = await admin.post('/api/admin/posts').send(postBody('no-time', { status: 'scheduled' }));
      expect(missing.status).toBe(400);
      expect(missing.body.fieldErrors).toEqual({ publishAt: [publishingMessages.publishAtRequired] });

      const past = await admin
        .post('/api/admin/posts')
        .send(postBody('past-time', { status: 'scheduled', publishAt: new Date(Date.now() - 60_000).toISOString() }));
      expect(past.status).toBe(400);
      expect(past.body.fieldErrors).toEqual({ publishAt: [publishingMessages.publishAtInPast] });

      const garbled = await admin
        .post('/api/admin/posts')
        .send(postBody('garbled-time', { status: 'scheduled', publishAt: 'next tuesday' }));
      expect(garbled.status).toBe(400);
      expect(garbled.body.fieldErrors.publishAt).toEqual([publishingMessages.publishAtInvalid]);

      const live = await admin.post('/api/admin/posts').send(postBody('already-live', { status: 'published' }));
      const relive = await admin
        .put(`/api/admin/posts/${live.body.id}`)
        .send(postBody('already-live', { status: 'scheduled', publishAt: new Date(Date.now() + dayMs).toISOString() }));
      expect(relive.status).toBe(409);
      expect(relive.body.error).toBe(publishingMessages.alreadyPublished);

      const publishAt = new Date(Date.now() + 2 * dayMs).toISOString();
      const scheduled = await admin
        .post('/api/admin/posts')
        .send(postBody('kept-time', { status: 'scheduled', publishAt }));
      const edited = await admin
        .put(`/api/admin/posts/${scheduled.body.id}`)
        .send(postBody('kept-time', { title: 'Edited while scheduled', status: 'scheduled' }));
      expect(edited.status).toBe(200);
      expect(edited.body).toMatchObject({ title: 'Edited while scheduled', status: 'scheduled', publishAt });

      // Saving it as a draft takes it off the schedule.
      const unscheduled = await admin
        .put(`/api/admin/posts/${scheduled.body.id}`)
        .send(postBody('kept-time', { status: 'draft' }));
      expect(unscheduled.body).toMatchObject({ status: 'draft', publishAt: null });
      expect(await activityLines(testApp, 'post.unscheduled', scheduled.body.id)).toHaveLength(1);
    });
  });

  describe('review queue', () => {
    it('lets a consultant submit a draft, locks it for them, and lets an admin send it back with a mailed note', async () => {
      const draft = await consultant.post('/api/admin/posts').send(postBody('for-review'));
      // Each answer says what its caller may do with the post now (postActions in common).
      expect(draft.body.actions).toEqual(['edit', 'submit_for_review']);
      const submitted = await consultant
        .put(`/api/admin/posts/${draft.body.id}`)
        .send(postBody('for-review', { status: 'in_review' }));
      expect(submitted.status).toBe(200);
      expect(submitted.body.status).toBe('in_review');
      expect(submitted.body.actions).toEqual([]);
      expect((await admin.get(`/api/admin/posts/${draft.body.id}`)).body.actions).toEqual([
        'edit',
        'publish',
        'schedule',
        'send_back',
      ]);
      expect((await testApp.request().get('/api/posts/labs/for-review')).status).toBe(404);

      // Waiting for review: the consultant cannot change it, and admins see it counted.
      const locked = await consultant
        .put(`/api/admin/posts/${draft.body.id}`)
        .send(postBody('for-review', { title: 'Changed' }));
      expect(locked.status).toBe(403);
      expect(locked.body.error).toBe(messages.consultantOwnDraftsOnly);
      expect((await admin.get('/api/admin/posts/workflow-counts')).body).toMatchObject({ awaitingReview: 1 });

      const byConsultant = await consultant
        .post(`/api/admin/posts/${draft.body.id}/send-back`)
        .send({ note: 'Self review' });
      expect(byConsultant.status).toBe(403);
      const noNote = await admin.post(`/api/admin/posts/${draft.body.id}/send-back`).send({ note: '   ' });
      expect(noNote.status).toBe(400);
      expect(noNote.body.fieldErrors).toEqual({ note: [publishingMessages.reviewNoteRequired] });

      const note = 'Please add a source for the second claim.\nAnd a shorter title.';
      const sentBack = await admin.post(`/api/admin/posts/${draft.body.id}/send-back`).send({ note });
      expect(sentBack.status).toBe(200);
      expect(sentBack.body).toMatchObject({ status: 'draft', reviewNote: note });
      expect(sentBack.body.actions).toEqual(['edit', 'publish', 'schedule']);
      expect((await consultant.get(`/api/admin/posts/${draft.body.id}`)).body.actions).toEqual([
        'edit',
        'submit_for_review',
      ]);
      expect((await admin.get('/api/admin/posts/workflow-counts')).body).toMatchObject({ awaitingReview: 0 });
      expect(await activityLines(testApp, 'post.sent_back', draft.body.id)).toHaveLength(1);

      const [mail] = await testApp.dataSource.query<
        { to_address: string; subject: string; text_body: string; html_body: string }[]
      >(`SELECT "to_address", "subject", "text_body", "html_body" FROM "email_outbox" WHERE "kind" = 'post_sent_back'`);
      expect(mail.to_address).toBe('consultant@northbeam.example');
      expect(mail.subject).toBe('Sent back for changes: Post for-review');
      expect(mail.text_body).toContain(note);
      expect(mail.text_body).toContain(`/admin/posts/edit/${draft.body.id}`);
      expect(mail.html_body).toContain('Please add a source for the second claim.<br>And a shorter title.');

      // Sending back twice is refused; the author may change it again and resubmit, which clears the note.
      expect((await admin.post(`/api/admin/posts/${draft.body.id}/send-back`).send({ note: 'Again' })).status).toBe(
        409,
      );
      const resubmitted = await consultant
        .put(`/api/admin/posts/${draft.body.id}`)
        .send(postBody('for-review', { title: 'Shorter', status: 'in_review' }));
      expect(resubmitted.body).toMatchObject({ status: 'in_review', reviewNote: null, title: 'Shorter' });
      expect(await activityLines(testApp, 'post.submitted_for_review', draft.body.id)).toHaveLength(2);
      expect(consultantId).toBe(resubmitted.body.createdById);
    });

    it('lets an admin publish or schedule a post from the queue', async () => {
      const waiting = async () => (await admin.get('/api/admin/posts/workflow-counts')).body.awaitingReview as number;
      const before = await waiting();
      const first = await consultant.post('/api/admin/posts').send(postBody('queue-publish', { status: 'in_review' }));
      const second = await consultant
        .post('/api/admin/posts')
        .send(postBody('queue-schedule', { status: 'in_review' }));
      expect([first.body.status, second.body.status]).toEqual(['in_review', 'in_review']);
      expect(await waiting()).toBe(before + 2);

      const published = await admin
        .put(`/api/admin/posts/${first.body.id}`)
        .send(postBody('queue-publish', { status: 'published' }));
      expect(published.body.status).toBe('published');
      expect(published.body.actions).toEqual(['edit', 'publish']);
      expect((await testApp.request().get('/api/posts/labs/queue-publish')).status).toBe(200);

      const publishAt = new Date(Date.now() + dayMs).toISOString();
      const scheduled = await admin
        .put(`/api/admin/posts/${second.body.id}`)
        .send(postBody('queue-schedule', { status: 'scheduled', publishAt }));
      expect(scheduled.body).toMatchObject({ status: 'scheduled', publishAt });
      expect(await waiting()).toBe(before);
    });
  });

  describe('slug redirects', () => {
    const redirectOf = async (path: string) => {
      const response = await testApp.request().get(path).redirects(0);
      return response.status === 301 ? response.headers.location : response.status;
    };

    it('answers 301 from every old address of a published post straight to its current one', async () => {
      const created = await admin.post('/api/admin/posts').send(postBody('alpha-address', { status: 'published' }));
      const id = created.body.id as string;
      await admin.put(`/api/admin/posts/${id}`).send(postBody('beta-address', { status: 'published' }));
      expect(await redirectOf('/blog/labs/alpha-address')).toBe('/blog/labs/beta-address');

      // A chain collapses: alpha → beta → gamma sends alpha straight to gamma; a section change counts too.
      await admin.put(`/api/admin/posts/${id}`).send(postBody('gamma-address', { status: 'published' }));
      await admin
        .put(`/api/admin/posts/${id}`)
        .send(postBody('gamma-address', { section: 'consulting', status: 'published' }));
      expect(await redirectOf('/blog/labs/alpha-address')).toBe('/blog/consulting/gamma-address');
      expect(await redirectOf('/blog/labs/beta-address')).toBe('/blog/consulting/gamma-address');
      expect(await redirectOf('/blog/labs/gamma-address')).toBe('/blog/consulting/gamma-address');
      // Paths match in any case and with a trailing slash; the query string goes along.
      expect(await redirectOf('/blog/Labs/Alpha-Address/?ref=mail')).toBe('/blog/consulting/gamma-address?ref=mail');
      const head = await testApp.request().head('/blog/labs/alpha-address').redirects(0);
      expect(head.status).toBe(301);

      // Sitemap and feed carry only the current address.
      const [sitemap, rss] = await Promise.all([
        testApp.request().get('/sitemap.xml'),
        testApp.request().get('/rss.xml'),
      ]);
      for (const document of [sitemap.text, rss.text]) {
        expect(document).toContain('/blog/consulting/gamma-address');
        expect(document).not.toMatch(/\/blog\/labs\/(alpha|beta|gamma)-address/);
      }
    });

    it('lets a new post take an old address, and redirects only to published posts', async () => {
      const moved = await admin.post('/api/admin/posts').send(postBody('first-home', { status: 'published' }));
      await admin.put(`/api/admin/posts/${moved.body.id}`).send(postBody('second-home', { status: 'published' }));
      expect(await redirectOf('/blog/labs/first-home')).toBe('/blog/labs/second-home');

      // A new post at the old address replaces the redirect: its readers see it, not the moved post.
      const newcomer = await admin
        .post('/api/admin/posts')
        .send(postBody('first-home', { title: 'The newcomer', status: 'published' }));
      expect(newcomer.status).toBe(201);
      expect(await redirectOf('/blog/labs/first-home')).toBe(404);
      expect((await testApp.request().get('/api/posts/labs/first-home')).body.title).toBe('The newcomer');
      // … and the newcomer moving on later does not bring the old redirect back: its own takes over.
      await admin.put(`/api/admin/posts/${newcomer.body.id}`).send(postBody('newcomer-home', { status: 'published' }));
      expect(await redirectOf('/blog/labs/first-home')).toBe('/blog/labs/newcomer-home');

      // A post moving back to an old address of its own serves there again.
      await admin.put(`/api/admin/posts/${moved.body.id}`).send(postBody('first-home-again', { status: 'published' }));
      await admin.put(`/api/admin/posts/${moved.body.id}`).send(postBody('second-home', { status: 'published' }));
      expect(await redirectOf('/blog/labs/second-home')).toBe(404);
      expect(await redirectOf('/blog/labs/first-home-again')).toBe('/blog/labs/second-home');

      // Unpublished, the post is redirected to no more; a draft's renames leave no redirect at all.
      await admin.put(`/api/admin/posts/${moved.body.id}`).send(postBody('second-home', { status: 'draft' }));
      expect(await redirectOf('/blog/labs/first-home-again')).toBe(404);
      const draft = await admin.post('/api/admin/posts').send(postBody('draft-before'));
      await admin.put(`/api/admin/posts/${draft.body.id}`).send(postBody('draft-after', { status: 'published' }));
      expect(await redirectOf('/blog/labs/draft-before')).toBe(404);

      // Deleting a post takes its redirects with it.
      await admin.delete(`/api/admin/posts/${newcomer.body.id}`);
      const [{ count }] = await testApp.dataSource.query<{ count: number }[]>(
        `SELECT count(*)::int AS "count" FROM "post_redirects" WHERE "post_id" = $1`,
        [newcomer.body.id],
      );
      expect(count).toBe(0);
    });
  });
});

describe(`Scheduled publication with two instances on one ${process.env.DATABASE_URL ? 'PostgreSQL server database' : 'embedded database served over a socket'}`, () => {
  let database: TestDatabase & { url: string };
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    database = await createSharedTestDatabase();
    [first, second] = await Promise.all([
      createTestApp({ database, config: testConfig }),
      createTestApp({ database, config: testConfig }),
    ]);
    await createStaff(first, 'admin');
  }, hookTimeoutMs);

  afterAll(async () => {
    await first?.close();
    await second?.close();
    await database?.drop();
  }, hookTimeoutMs);

  it('publishes each due post once when both instances run the task at the same moment', async () => {
    const admin = await signedInAgent(first, 'admin@northbeam.example');
    const publishAt = new Date(Date.now() + dayMs);
    const ids: string[] = [];
    for (let index = 0; index < 6; index += 1) {
      const created = await admin.post('/api/admin/posts').send(
        postBody(`twin-${index}`, {
          status: 'scheduled',
          publishAt: new Date(publishAt.getTime() + index).toISOString(),
        }),
      );
      expect(created.status).toBe(201);
      ids.push(created.body.id as string);
    }
    const clock = new Date(publishAt.getTime() + 30_000);
    const runs = await Promise.all([
      first.app.get(PostScheduler).publishDue(clock),
      second.app.get(PostScheduler).publishDue(clock),
      first.app.get(PostScheduler).publishDue(clock),
      second.app.get(PostScheduler).publishDue(clock),
    ]);
    const published = runs.reduce((total, run) => total + (run.ran ? run.result : 0), 0);
    const lines = await first.dataSource.query<{ target_id: string }[]>(
      `SELECT "target_id" FROM "staff_activity" WHERE "action" = 'post.published' AND "actor_id" IS NULL`,
    );
    console.log(`Instances/scheduler: 4 concurrent runs → ${JSON.stringify(runs)}; ${lines.length} publication lines`);
    expect(published).toBe(ids.length);
    expect(lines.map((line) => line.target_id).sort()).toEqual([...ids].sort());
    // Both instances serve the published posts at once (the content version empties their caches).
    const [fromFirst, fromSecond] = await Promise.all([
      first.request().get('/api/posts/labs'),
      second.request().get('/api/posts/labs'),
    ]);
    expect((fromFirst.body as unknown[]).length).toBe(ids.length);
    expect((fromSecond.body as unknown[]).length).toBe(ids.length);
  });
});

import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import {
  mediaUploadHeader,
  newsletterIssueMessages,
  type MediaItem,
  type NewsletterIssueDetail,
} from '@northbeam/common';
import { MailDispatcher } from '../src/modules/mail/mail-dispatcher.js';
import { NewsletterScheduler } from '../src/modules/newsletter-issues/newsletter-scheduler.js';
import { createStaff, signedInAgent } from './factories/staff.js';
import { createSharedTestDatabase } from './helpers/shared-database.js';
import { SmtpCatcher } from './helpers/smtp-catcher.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import type { TestDatabase } from './helpers/test-database.js';

/**
 * Newsletter audiences (the readers of the Labs blog, of the Consulting blog, of the rest of the site,
 * or all), scheduled issues sent once however many instances run, the mail's template with
 * mail-safe images, and the public web version (docs/product.md#newsletter-issues).
 */
const hookTimeoutMs = 180_000;
const dayMs = 24 * 60 * 60 * 1000;
type Agent = Awaited<ReturnType<typeof signedInAgent>>;
const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'the embedded database';

const baseConfig = {
  publicUrl: 'https://northbeam.test',
  mailFrom: 'Northbeam <hello@northbeam.example>',
  mailDispatchIntervalMs: 0,
  scheduledPublishIntervalMs: 0,
  seedContent: false,
};

async function addSubscriber(testApp: TestApp, email: string, source: string | null, status = 'confirmed') {
  await testApp.dataSource.query(
    `INSERT INTO "subscribers" ("id", "email", "status", "source", "confirmed_at") VALUES ($1, $2, $3, $4, now())`,
    [randomUUID(), email, status, source],
  );
}

async function uploadImage(agent: Agent, format: 'webp' | 'png', alt: string): Promise<MediaItem> {
  const image = sharp({ create: { width: 1600, height: 900, channels: 3, background: '#3b5bfd' } });
  const file = await (format === 'webp' ? image.webp() : image.png()).toBuffer();
  const response = await agent
    .post('/api/admin/media')
    .set(mediaUploadHeader.name, mediaUploadHeader.value)
    .field('alt', alt)
    .attach('file', file, `picture.${format}`);
  expect(response.status).toBe(201);
  return response.body as MediaItem;
}

describe(`Newsletter audiences, template and web version on ${database}`, () => {
  const smtp = new SmtpCatcher();
  let testApp: TestApp;
  let admin: Agent;

  beforeAll(async () => {
    await smtp.start();
    testApp = await createTestApp({ config: { ...baseConfig, smtpUrl: smtp.url } });
    await createStaff(testApp, 'admin', 'editor@northbeam.example');
    admin = await signedInAgent(testApp, 'editor@northbeam.example');
    await addSubscriber(testApp, 'lab.reader@example.com', 'labs_blog');
    await addSubscriber(testApp, 'consulting.reader@example.com', 'consulting_blog');
    await addSubscriber(testApp, 'widget.reader@example.com', 'blog_floating_widget');
    await addSubscriber(testApp, 'old.reader@example.com', null);
    await addSubscriber(testApp, 'pending.lab@example.com', 'labs_blog', 'pending');
  }, hookTimeoutMs);

  afterAll(async () => {
    await testApp?.close();
    await smtp.stop();
  }, hookTimeoutMs);

  it('counts the confirmed subscribers of each audience by where they signed up', async () => {
    const audience = await admin.get('/api/admin/newsletter/audience');
    expect(audience.status).toBe(200);
    expect(audience.body).toEqual({ confirmed: 4, counts: { all: 4, labs: 1, consulting: 1, site: 2 } });
  });

  it('sends an issue for Labs readers to the confirmed Labs sign-ups only, with images as JPEG or PNG at their size, and a web version', async () => {
    const hero = await uploadImage(admin, 'webp', 'A blue field of light');
    const inText = await uploadImage(admin, 'png', 'A diagram of the pipeline');
    const created = await admin.post('/api/admin/newsletter/issues').send({
      subject: 'Labs notes for November',
      preheader: 'What the lab built',
      body: `Hello lab readers.\n\n![A diagram](/media/${inText.id}/1280.webp)\n`,
      audience: 'labs',
      heroImageId: hero.id,
    });
    expect(created.status).toBe(201);
    const issue = created.body as NewsletterIssueDetail;
    expect(issue).toMatchObject({ audience: 'labs', heroImage: { id: hero.id, alt: 'A blue field of light' } });

    const sent = await admin.post(`/api/admin/newsletter/issues/${issue.id}/send`);
    expect(sent.status).toBe(200);
    expect(sent.body.recipientCount).toBe(1);
    expect(sent.body.webUrl).toMatch(/^https:\/\/northbeam\.test\/newsletter\/labs-notes-for-november-[0-9a-f]{10}$/);
    await testApp.app.get(MailDispatcher).dispatchDue();

    const mails = smtp.mails.filter((mail) => mail.headers.subject === 'Labs notes for November');
    expect(mails.map((mail) => mail.envelopeTo)).toEqual([['lab.reader@example.com']]);
    const html = mails[0].html;
    // Outlook shows neither WebP nor AVIF: a WebP hero goes out as JPEG, a PNG as PNG, each sized.
    expect(html).toContain(
      `<img src="https://northbeam.test/media/${hero.id}/1280.jpg" alt="A blue field of light" width="600" height="338"`,
    );
    expect(html).toContain(
      `<img src="https://northbeam.test/media/${inText.id}/1280.png" alt="A diagram" width="536" height="302"`,
    );
    expect(html).not.toMatch(/\.(webp|avif)"/);
    expect(html).toContain('src="https://northbeam.test/logo.png"');
    expect(html).toContain(`href="${sent.body.webUrl}"`);
    expect(html).toContain('subscribed to the Northbeam newsletter on the Labs blog.');
    expect(html).toContain('71-75 Shelton Street, Covent Garden, London WC2H 9JQ');
    expect(mails[0].text).toContain(`View in browser: ${sent.body.webUrl}`);

    // The JPEG variant of a WebP original exists, and every variant may be loaded by another origin.
    const variant = await testApp.request().get(`/media/${hero.id}/1280.jpg`);
    expect(variant.status).toBe(200);
    expect(variant.headers['content-type']).toBe('image/jpeg');
    expect(variant.headers['cross-origin-resource-policy']).toBe('cross-origin');
    // A JPEG of a PNG original is still not made.
    expect((await testApp.request().get(`/media/${inText.id}/1280.jpg`)).status).toBe(404);

    const web = await testApp.request().get(new URL(sent.body.webUrl as string).pathname);
    expect(web.status).toBe(200);
    expect(web.headers['content-type']).toMatch(/^text\/html/);
    expect(web.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(web.text).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(web.text).toContain('Labs notes for November');
    // Nobody's address or unsubscribe link is in the web version.
    expect(web.text).not.toContain('lab.reader@example.com');
    expect(web.text).not.toContain('/unsubscribe?');
    const sitemap = await testApp.request().get('/sitemap.xml');
    expect(sitemap.text).not.toContain('/newsletter/');
  });

  it('answers 404 for a web version that does not exist or of an issue not sent', async () => {
    const draft = await admin
      .post('/api/admin/newsletter/issues')
      .send({ subject: 'Unsent thoughts', body: 'Not yet.' });
    expect(draft.body.webUrl).toBeNull();
    const missing = await testApp.request().get('/newsletter/unsent-thoughts-0000000000');
    expect(missing.status).toBe(404);
    expect(missing.text).toContain(newsletterIssueMessages.webVersionMissing);
  });

  it('sends a site-wide issue to the readers who signed up outside the two blogs, and a post as a card', async () => {
    const post = await admin.post('/api/admin/posts').send({
      title: 'Shipping XR in a week',
      slug: 'shipping-xr',
      excerpt: 'How a small team shipped.',
      body: 'The long body of the post.',
      section: 'labs',
      tags: ['xr'],
      status: 'published',
    });
    expect(post.status).toBe(201);
    const created = await admin
      .post('/api/admin/newsletter/issues/from-post')
      .send({ postId: post.body.id, mode: 'card' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ postMode: 'card', subject: 'Shipping XR in a week' });
    const id = created.body.id as string;
    const saved = await admin
      .put(`/api/admin/newsletter/issues/${id}`)
      .send({ subject: 'Shipping XR in a week', body: created.body.body, audience: 'site' });
    expect(saved.status).toBe(200);
    const preview = await admin
      .post('/api/admin/newsletter/preview')
      .send({ subject: 'Shipping XR in a week', body: created.body.body, audience: 'site', issueId: id });
    expect(preview.status).toBe(200);
    expect(preview.body.html).toContain('How a small team shipped.');
    expect(preview.body.html).toContain('href="https://northbeam.test/blog/labs/shipping-xr"');
    expect(preview.body.html).toContain('>Read the article</a>');
    expect(preview.body.html).not.toContain('The long body of the post.');

    const sent = await admin.post(`/api/admin/newsletter/issues/${id}/send`);
    expect(sent.body.recipientCount).toBe(2);
    await testApp.app.get(MailDispatcher).dispatchDue();
    const to = smtp.mails
      .filter((mail) => mail.headers.subject === 'Shipping XR in a week')
      .flatMap((mail) => mail.envelopeTo)
      .sort();
    expect(to).toEqual(['old.reader@example.com', 'widget.reader@example.com']);
  });

  it('refuses an unknown audience, a hero image not in the library and a schedule in the past, each with a sentence', async () => {
    const unknownAudience = await admin
      .post('/api/admin/newsletter/issues')
      .send({ subject: 'S', body: 'B', audience: 'everyone' });
    expect(unknownAudience.status).toBe(400);
    expect(unknownAudience.body.fieldErrors.audience).toEqual([newsletterIssueMessages.audienceInvalid]);
    const unknownImage = await admin
      .post('/api/admin/newsletter/issues')
      .send({ subject: 'S', body: 'B', heroImageId: randomUUID() });
    expect(unknownImage.status).toBe(400);
    expect(unknownImage.body.fieldErrors.heroImageId).toEqual([newsletterIssueMessages.heroImageInvalid]);

    const draft = await admin.post('/api/admin/newsletter/issues').send({ subject: 'Later', body: 'Soon.' });
    const past = await admin
      .post(`/api/admin/newsletter/issues/${draft.body.id}/schedule`)
      .send({ sendAt: new Date(Date.now() - 60_000).toISOString() });
    expect(past.status).toBe(400);
    expect(past.body.fieldErrors.sendAt).toEqual([newsletterIssueMessages.sendAtPast]);
    const garbage = await admin
      .post(`/api/admin/newsletter/issues/${draft.body.id}/schedule`)
      .send({ sendAt: 'next tuesday' });
    expect(garbage.status).toBe(400);
    expect(garbage.body.fieldErrors.sendAt).toEqual([newsletterIssueMessages.sendAtInvalid]);
  });
});

describe(`Scheduled newsletter issues with two instances on ${database}`, () => {
  const smtp = new SmtpCatcher();
  let shared: TestDatabase & { url: string };
  let first: TestApp;
  let second: TestApp;
  let admin: Agent;

  beforeAll(async () => {
    await smtp.start();
    shared = await createSharedTestDatabase();
    const config = { ...baseConfig, smtpUrl: smtp.url };
    [first, second] = await Promise.all([
      createTestApp({ database: shared, config }),
      createTestApp({ database: shared, config }),
    ]);
    await createStaff(first, 'admin', 'editor@northbeam.example');
    admin = await signedInAgent(first, 'editor@northbeam.example');
    await addSubscriber(first, 'lab.one@example.com', 'labs_blog');
    await addSubscriber(first, 'lab.two@example.com', 'labs_blog');
    await addSubscriber(first, 'consultant.reader@example.com', 'consulting_blog');
  }, hookTimeoutMs);

  afterAll(async () => {
    await first?.close();
    await second?.close();
    await shared?.drop();
    await smtp.stop();
  }, hookTimeoutMs);

  it('keeps a scheduled issue locked, lets the schedule be cancelled, and sends it once when both instances find it due', async () => {
    const created = await admin
      .post('/api/admin/newsletter/issues')
      .send({ subject: 'Scheduled for the lab', body: 'On time.', audience: 'labs' });
    const id = created.body.id as string;
    const sendAt = new Date(Date.now() + dayMs);

    const scheduled = await admin
      .post(`/api/admin/newsletter/issues/${id}/schedule`)
      .send({ sendAt: sendAt.toISOString() });
    expect(scheduled.status).toBe(200);
    expect(scheduled.body).toMatchObject({ status: 'scheduled', scheduledAt: sendAt.toISOString() });
    expect(scheduled.body.actions).toEqual(['send_test', 'unschedule']);
    // Scheduled: neither changed nor sent by hand until the schedule is cancelled.
    const edit = await admin.put(`/api/admin/newsletter/issues/${id}`).send({ subject: 'Changed', body: 'x' });
    expect(edit.status).toBe(409);
    expect(edit.body.error).toBe(newsletterIssueMessages.notADraftScheduled);
    expect((await admin.post(`/api/admin/newsletter/issues/${id}/send`)).status).toBe(409);
    // Not due yet: nothing happens.
    expect(await first.app.get(NewsletterScheduler).sendDue(new Date())).toEqual({ ran: true, result: 0 });

    const cancelled = await admin.post(`/api/admin/newsletter/issues/${id}/unschedule`);
    expect(cancelled.body).toMatchObject({ status: 'draft', scheduledAt: null });
    expect((await admin.post(`/api/admin/newsletter/issues/${id}/unschedule`)).status).toBe(409);
    await admin.post(`/api/admin/newsletter/issues/${id}/schedule`).send({ sendAt: sendAt.toISOString() }).expect(200);

    const clock = new Date(sendAt.getTime() + 30_000);
    const runs = await Promise.all([
      first.app.get(NewsletterScheduler).sendDue(clock),
      second.app.get(NewsletterScheduler).sendDue(clock),
      first.app.get(NewsletterScheduler).sendDue(clock),
      second.app.get(NewsletterScheduler).sendDue(clock),
    ]);
    const started = runs.reduce((total, run) => total + (run.ran ? run.result : 0), 0);
    console.log(`Newsletter scheduler: 4 concurrent runs → ${JSON.stringify(runs)}`);
    expect(started).toBe(1);

    const detail = await admin.get(`/api/admin/newsletter/issues/${id}`);
    expect(detail.body).toMatchObject({ status: 'sent', recipientCount: 2 });
    const lines = await first.dataSource.query<{ actor_id: string | null }[]>(
      `SELECT "actor_id" FROM "staff_activity" WHERE "action" = 'newsletter.sent' AND "target_id" = $1`,
      [id],
    );
    expect(lines).toEqual([{ actor_id: null }]);

    await Promise.all([first.app.get(MailDispatcher).dispatchDue(), second.app.get(MailDispatcher).dispatchDue()]);
    const to = smtp.mails
      .filter((mail) => mail.headers.subject === 'Scheduled for the lab')
      .flatMap((mail) => mail.envelopeTo)
      .sort();
    expect(to).toEqual(['lab.one@example.com', 'lab.two@example.com']);
  });
});

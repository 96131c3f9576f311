import { randomUUID } from 'node:crypto';
import { newsletterIssueMessages, type NewsletterIssueDetail } from '@northbeam/common';
import { MailDispatcher } from '../src/modules/mail/mail-dispatcher.js';
import { NewsletterService } from '../src/modules/newsletter/newsletter.service.js';
import { createStaff, signedInAgent } from './factories/staff.js';
import { SmtpCatcher, type CaughtMail } from './helpers/smtp-catcher.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const hookTimeoutMs = 120_000;
type Agent = Awaited<ReturnType<typeof signedInAgent>>;

const config = (smtp: SmtpCatcher) => ({
  smtpUrl: smtp.url,
  mailFrom: 'Northbeam <hello@northbeam.example>',
  publicUrl: 'https://northbeam.test',
  mailDispatchIntervalMs: 0,
  mailRetryBaseMs: 1500,
  seedContent: false,
});

async function addSubscribers(
  testApp: TestApp,
  status: 'pending' | 'confirmed' | 'unsubscribed',
  emails: string[],
): Promise<void> {
  for (const email of emails) {
    await testApp.dataSource.query(`INSERT INTO "subscribers" ("id", "email", "status") VALUES ($1, $2, $3)`, [
      randomUUID(),
      email,
      status,
    ]);
  }
}

/** The one-click address of a received mail's List-Unsubscribe header, as path and query. */
function oneClickPath(mail: CaughtMail): string {
  const url = new URL(/^<(.+)>$/.exec(mail.headers['list-unsubscribe'])![1]);
  expect(url.origin + url.pathname).toBe('https://northbeam.test/api/unsubscribe/one-click');
  return url.pathname + url.search;
}

describe('Newsletter issues: compose, preview, test and send', () => {
  const smtp = new SmtpCatcher();
  let testApp: TestApp;
  let dispatcher: MailDispatcher;
  let admin: Agent;

  beforeAll(async () => {
    await smtp.start();
    testApp = await createTestApp({ config: config(smtp) });
    dispatcher = testApp.app.get(MailDispatcher);
    await createStaff(testApp, 'admin', 'editor@northbeam.example');
    await createStaff(testApp, 'consultant');
    admin = await signedInAgent(testApp, 'editor@northbeam.example');
  }, hookTimeoutMs);

  afterAll(async () => {
    await testApp?.close();
    await smtp.stop();
  }, hookTimeoutMs);

  const draft = async (body = 'Hello **readers**.\n\n- one\n- two\n\n<script>alert(1)</script>') => {
    const created = await admin
      .post('/api/admin/newsletter/issues')
      .send({ subject: 'November notes', preheader: 'Three things we learnt', body });
    expect(created.status).toBe(201);
    return created.body as NewsletterIssueDetail;
  };

  it('refuses to send an issue while nobody has confirmed a subscription, and the issue stays a draft', async () => {
    await addSubscribers(testApp, 'pending', ['early-pending@example.com']);
    const issue = await draft();
    const refused = await admin.post(`/api/admin/newsletter/issues/${issue.id}/send`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(newsletterIssueMessages.noRecipients);
    expect((await admin.get(`/api/admin/newsletter/issues/${issue.id}`)).body.status).toBe('draft');
  });

  it('keeps drafts that staff can list, change and delete, each change in the activity log', async () => {
    const issue = await draft();
    expect(issue).toMatchObject({
      subject: 'November notes',
      preheader: 'Three things we learnt',
      status: 'draft',
      progress: null,
      createdBy: 'Test admin',
      actions: ['edit', 'delete', 'send_test', 'send', 'schedule'],
      audience: 'all',
      scheduledAt: null,
      heroImage: null,
      webUrl: null,
    });

    const updated = await admin
      .put(`/api/admin/newsletter/issues/${issue.id}`)
      .send({ subject: 'December notes', preheader: '', body: 'New body' });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ subject: 'December notes', preheader: '', body: 'New body' });

    const list = await admin.get('/api/admin/newsletter/issues');
    expect(list.body).toMatchObject({ page: 1, pageSize: 15 });
    expect(list.body.items.map((item: { id: string }) => item.id)).toContain(issue.id);

    expect((await admin.delete(`/api/admin/newsletter/issues/${issue.id}`)).status).toBe(204);
    expect((await admin.get(`/api/admin/newsletter/issues/${issue.id}`)).status).toBe(404);

    const logged = await testApp.dataSource.query<{ action: string }[]>(
      `SELECT "action" FROM "staff_activity" WHERE "target_id" = $1 ORDER BY "at"`,
      [issue.id],
    );
    expect(logged.map((row) => row.action)).toEqual([
      'newsletter.draft_created',
      'newsletter.draft_updated',
      'newsletter.draft_deleted',
    ]);
  });

  it('refuses an empty subject or body with the sentences the form shows', async () => {
    const refused = await admin.post('/api/admin/newsletter/issues').send({ subject: '  ', body: ' \n ' });
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors).toMatchObject({
      subject: [newsletterIssueMessages.subjectRequired],
      body: [newsletterIssueMessages.bodyRequired],
    });
  });

  it('starts a draft from a published post, with a link to read it on the site, and refuses a draft post', async () => {
    const published = await admin.post('/api/admin/posts').send({
      title: 'Shipping a prototype in a fortnight',
      slug: 'shipping-a-prototype',
      excerpt: 'What two weeks of focused work can prove.',
      body: '## Why\n\nTwo weeks is **enough**.',
      section: 'labs',
      status: 'published',
      tags: [],
    });
    expect(published.status).toBe(201);
    const fromPost = await admin
      .post('/api/admin/newsletter/issues/from-post')
      .send({ postId: published.body.id, mode: 'full' });
    expect(fromPost.status).toBe(201);
    expect(fromPost.body).toMatchObject({
      subject: 'Shipping a prototype in a fortnight',
      preheader: 'What two weeks of focused work can prove.',
      status: 'draft',
      sourcePost: { id: published.body.id, title: 'Shipping a prototype in a fortnight' },
      postMode: 'full',
    });
    expect(fromPost.body.body).toBe(
      '## Why\n\nTwo weeks is **enough**.\n\n[Read it on the site](https://northbeam.test/blog/labs/shipping-a-prototype)\n',
    );

    const draftPost = await admin.post('/api/admin/posts').send({
      title: 'Unfinished',
      slug: 'unfinished',
      excerpt: 'Not yet.',
      body: 'Draft body',
      section: 'labs',
      status: 'draft',
      tags: [],
    });
    const refused = await admin.post('/api/admin/newsletter/issues/from-post').send({ postId: draftPost.body.id });
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors).toEqual({ postId: [newsletterIssueMessages.postInvalid] });
  });

  it('"Use this post" fills a new issue\'s form without saving it; the draft is saved with its post when the writer saves', async () => {
    const published = await admin.post('/api/admin/posts').send({
      title: 'Mapping a service in a day',
      slug: 'mapping-a-service',
      excerpt: 'A wall, a pen and the people who run it.',
      body: 'We drew the whole service.',
      section: 'consulting',
      status: 'published',
      tags: [],
    });
    const before = (await admin.get('/api/admin/newsletter/issues')).body.total as number;
    const values = await admin
      .post('/api/admin/newsletter/issues/from-post/values')
      .send({ postId: published.body.id });
    expect(values.status).toBe(200);
    expect(values.body).toEqual({
      subject: 'Mapping a service in a day',
      preheader: 'A wall, a pen and the people who run it.',
      body: 'New on the Consulting blog this month.\n\n{{post}}\n',
      postMode: 'card',
      sourcePost: { id: published.body.id, title: 'Mapping a service in a day' },
    });
    // Pressed twice: still nothing saved.
    await admin.post('/api/admin/newsletter/issues/from-post/values').send({ postId: published.body.id }).expect(200);
    expect((await admin.get('/api/admin/newsletter/issues')).body.total).toBe(before);

    // The unsaved issue's preview already shows the post's card.
    const { sourcePost, ...fields } = values.body as { sourcePost: { id: string } } & Record<string, string>;
    const preview = await admin.post('/api/admin/newsletter/preview').send({ ...fields, sourcePostId: sourcePost.id });
    expect(preview.status).toBe(200);
    expect(preview.body.html).toContain('https://northbeam.test/blog/consulting/mapping-a-service');

    const saved = await admin.post('/api/admin/newsletter/issues').send({ ...fields, sourcePostId: sourcePost.id });
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({ status: 'draft', postMode: 'card', sourcePost: { id: published.body.id } });
    expect((await admin.get('/api/admin/newsletter/issues')).body.total).toBe(before + 1);

    const draftPost = await admin.post('/api/admin/posts').send({
      title: 'Half written',
      slug: 'half-written',
      excerpt: 'Not yet.',
      body: 'Draft body',
      section: 'labs',
      status: 'draft',
      tags: [],
    });
    const refused = await admin
      .post('/api/admin/newsletter/issues')
      .send({ ...fields, sourcePostId: draftPost.body.id });
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors).toEqual({ sourcePostId: [newsletterIssueMessages.postInvalid] });
    const refusedValues = await admin
      .post('/api/admin/newsletter/issues/from-post/values')
      .send({ postId: draftPost.body.id });
    expect(refusedValues.status).toBe(400);
    expect(refusedValues.body.fieldErrors).toEqual({ postId: [newsletterIssueMessages.postInvalid] });
  });

  it('previews the issue in the mail layout as HTML and text, with raw HTML shown as text and no tracking', async () => {
    const preview = await admin.post('/api/admin/newsletter/preview').send({
      subject: 'November notes',
      preheader: 'Three things',
      body: 'Hello **readers**.\n\n[Our work](/case-studies) <img src="https://t.example/p.gif">',
    });
    expect(preview.status).toBe(200);
    expect(preview.body.subject).toBe('November notes');
    expect(preview.body.html).toContain('<strong>readers</strong>');
    expect(preview.body.html).toContain('href="https://northbeam.test/case-studies"');
    expect(preview.body.html).toContain('&lt;img src=&quot;https://t.example/p.gif&quot;&gt;');
    // The only image is the logo in the header.
    expect(preview.body.html.match(/<img [^>]*>/g)).toEqual([
      expect.stringContaining('src="https://northbeam.test/logo.png"'),
    ]);
    expect(preview.body.html).toContain('Three things');
    expect(preview.body.text).toContain('Hello readers.');
    expect(preview.body.text).toContain('Our work (https://northbeam.test/case-studies)');
    expect(preview.body.text).toContain(
      'Unsubscribe: https://northbeam.test/unsubscribe?email=editor%40northbeam.example',
    );
  });

  it('takes library images only: a third party image is refused on save, schedule and send naming it, and never rendered in a copy', async () => {
    const tracker = 'https://tracker.example/open.gif';
    const sentence = newsletterIssueMessages.foreignImage(tracker);
    const created = await admin
      .post('/api/admin/newsletter/issues')
      .send({ subject: 'Pixel notes', preheader: '', body: `Hello.\n\n![](${tracker})` });
    expect(created.status).toBe(400);
    expect(created.body).toEqual({ statusCode: 400, error: sentence, fieldErrors: { body: [sentence] } });
    const byReference = await admin
      .post('/api/admin/newsletter/issues')
      .send({ subject: 'Pixel notes', preheader: '', body: `Hello ![x][p]\n\n[p]: ${tracker}` });
    expect(byReference.body.fieldErrors).toEqual({ body: [sentence] });

    const issue = await draft('Hello.');
    const update = await admin
      .put(`/api/admin/newsletter/issues/${issue.id}`)
      .send({ subject: 'Pixel notes', preheader: '', body: `Hello.\n\n![](${tracker})` });
    expect(update.status).toBe(400);
    expect(update.body.fieldErrors).toEqual({ body: [sentence] });

    // A draft stored before this rule: it can be neither scheduled nor sent, and no copy shows the image.
    await testApp.dataSource.query(`UPDATE "newsletter_issues" SET "body" = $2 WHERE "id" = $1`, [
      issue.id,
      `Hello.\n\n![A pixel](${tracker}) ![](http://tracker.example/2.gif)`,
    ]);
    const schedule = await admin
      .post(`/api/admin/newsletter/issues/${issue.id}/schedule`)
      .send({ sendAt: new Date(Date.now() + 86_400_000).toISOString() });
    expect(schedule.status).toBe(400);
    expect(schedule.body.fieldErrors).toEqual({ body: [sentence] });
    const send = await admin.post(`/api/admin/newsletter/issues/${issue.id}/send`);
    expect(send.status).toBe(400);
    expect(send.body.fieldErrors).toEqual({ body: [sentence] });
    await admin.post(`/api/admin/newsletter/issues/${issue.id}/test`).expect(200);
    const [copy] = await testApp.dataSource.query<{ html_body: string }[]>(
      `SELECT "html_body" FROM "email_outbox" WHERE "subject" LIKE '%November notes%' ORDER BY "created_at" DESC LIMIT 1`,
    );
    expect(copy.html_body).not.toContain('tracker.example');
    expect(copy.html_body).toContain('A pixel');
    // Delivered now, so that the next test counts only its own mail.
    await dispatcher.dispatchDue();
  });

  it('sends a test to the signed-in staff member only, marked as a test', async () => {
    await addSubscribers(testApp, 'confirmed', ['test-bystander@example.com']);
    const issue = await draft();
    const before = smtp.mails.length;
    const test = await admin.post(`/api/admin/newsletter/issues/${issue.id}/test`);
    expect(test.status).toBe(200);
    expect(test.body.message).toBe('Test sent to editor@northbeam.example.');
    await dispatcher.dispatchDue();
    const received = smtp.mails.slice(before);
    expect(received.map((mail) => mail.envelopeTo)).toEqual([['editor@northbeam.example']]);
    expect(received[0].headers.subject).toBe('[Test] November notes');
    expect(received[0].html).toContain('<strong>readers</strong>');
    // A test is not the send: the issue is still a draft.
    expect((await admin.get(`/api/admin/newsletter/issues/${issue.id}`)).body.status).toBe('draft');
  });

  it('sends to confirmed subscribers only, each with their own unsubscribe link and one-click headers, and once only', async () => {
    await testApp.dataSource.query(`UPDATE "subscribers" SET "status" = 'unsubscribed' WHERE "status" = 'confirmed'`);
    await addSubscribers(testApp, 'confirmed', ['ada@example.com', 'grace@example.com']);
    await addSubscribers(testApp, 'pending', ['pending@example.com']);
    await addSubscribers(testApp, 'unsubscribed', ['gone@example.com']);
    const issue = await draft();
    const before = smtp.mails.length;

    const sent = await admin.post(`/api/admin/newsletter/issues/${issue.id}/send`);
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({
      status: 'sent',
      recipientCount: 2,
      sentBy: 'Test admin',
      progress: { recipients: 2, queued: 2, sent: 0, failed: 0 },
    });

    expect(await dispatcher.dispatchDue()).toEqual({ sent: 2, failed: 0 });
    const received = smtp.mails.slice(before);
    expect(received.flatMap((mail) => mail.envelopeTo).sort()).toEqual(['ada@example.com', 'grace@example.com']);
    for (const mail of received) {
      const [address] = mail.envelopeTo;
      expect(mail.headers.subject).toBe('November notes');
      expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
      expect(oneClickPath(mail)).toContain(`email=${encodeURIComponent(address)}`);
      expect(mail.text).toContain(
        `Unsubscribe: https://northbeam.test/unsubscribe?email=${encodeURIComponent(address)}`,
      );
      const token = new URL(/^<(.+)>$/.exec(mail.headers['list-unsubscribe'])![1]).searchParams.get('token');
      expect(mail.html).toContain(
        // The issue's link names the issue (its web slug, the same for every reader), to count unsubscribes on it.
        `href="https://northbeam.test/unsubscribe?email=${encodeURIComponent(address)}&amp;token=${token}&amp;issue=${new URL(sent.body.webUrl).pathname.split('/').pop()}"`,
      );
      expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      // No open pixel: the only image is the logo in the header.
      expect(mail.html.match(/<img [^>]*>/g)).toEqual([
        expect.stringContaining('src="https://northbeam.test/logo.png"'),
      ]);
    }
    expect(received[0].headers['list-unsubscribe']).not.toBe(received[1].headers['list-unsubscribe']);

    const progress = await admin.get(`/api/admin/newsletter/issues/${issue.id}`);
    expect(progress.body.progress).toEqual({ recipients: 2, queued: 0, sent: 2, failed: 0, cancelled: 0 });
    // A sent issue allows only a test (newsletterIssueActions); the rest is refused with 409.
    expect(progress.body.actions).toEqual(['send_test']);

    const again = await admin.post(`/api/admin/newsletter/issues/${issue.id}/send`);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ statusCode: 409, error: newsletterIssueMessages.alreadySent });
    expect((await admin.put(`/api/admin/newsletter/issues/${issue.id}`).send({ subject: 'x', body: 'y' })).status).toBe(
      409,
    );
    expect((await admin.delete(`/api/admin/newsletter/issues/${issue.id}`)).status).toBe(409);
    await dispatcher.dispatchDue();
    expect(smtp.mails.length - before).toBe(2);

    const logged = await testApp.dataSource.query<{ target_label: string }[]>(
      `SELECT "target_label" FROM "staff_activity" WHERE "action" = 'newsletter.sent' AND "target_id" = $1`,
      [issue.id],
    );
    expect(logged).toEqual([{ target_label: 'November notes (2 subscribers)' }]);
  });

  it('unsubscribes with a one-click POST of the mail header, and the next issue does not reach that address', async () => {
    const last = smtp.to('ada@example.com').at(-1)!;
    const unsubscribed = await testApp
      .request()
      .post(oneClickPath(last))
      .type('form')
      .send('List-Unsubscribe=One-Click');
    expect(unsubscribed.status).toBe(200);
    const [row] = await testApp.dataSource.query(
      `SELECT "status" FROM "subscribers" WHERE "email" = 'ada@example.com'`,
    );
    expect(row.status).toBe('unsubscribed');

    const before = smtp.mails.length;
    const issue = await draft();
    expect((await admin.post(`/api/admin/newsletter/issues/${issue.id}/send`)).body.recipientCount).toBe(1);
    await dispatcher.dispatchDue();
    expect(smtp.mails.slice(before).flatMap((mail) => mail.envelopeTo)).toEqual(['grace@example.com']);
  });

  it('stops the mails not yet sent to an address that unsubscribes while the issue is going out', async () => {
    await addSubscribers(testApp, 'confirmed', ['leaving@example.com', 'staying@example.com']);
    const issue = await draft();
    await admin.post(`/api/admin/newsletter/issues/${issue.id}/send`).expect(200);
    // The unsubscribe page's request (with the token of the reader's link) arrives before the dispatcher reaches this address.
    const { unsubscribePageUrl } = testApp.app.get(NewsletterService).unsubscribeLinks('leaving@example.com');
    await testApp
      .request()
      .get(`/api/unsubscribe${new URL(unsubscribePageUrl).search}`)
      .expect(200);
    const before = smtp.mails.length;
    await dispatcher.dispatchDue();
    expect(
      smtp.mails
        .slice(before)
        .flatMap((mail) => mail.envelopeTo)
        .sort(),
    ).toEqual(['grace@example.com', 'staying@example.com']);
    const progress = await admin.get(`/api/admin/newsletter/issues/${issue.id}`);
    expect(progress.body.progress).toEqual({ recipients: 3, queued: 0, sent: 2, failed: 0, cancelled: 1 });
  });

  it('keeps the newsletter closed to consultants', async () => {
    const consultant = await signedInAgent(testApp, 'consultant@northbeam.example');
    expect((await consultant.get('/api/admin/newsletter/issues')).status).toBe(403);
    expect((await consultant.post('/api/admin/newsletter/issues').send({ subject: 'x', body: 'y' })).status).toBe(403);
  });
});

describe('A newsletter to 1,000 confirmed subscribers', () => {
  const smtp = new SmtpCatcher();
  let testApp: TestApp;

  beforeAll(async () => {
    await smtp.start();
    // Retries an hour away: a failed mail waits for the test to move its next attempt, not for a clock.
    testApp = await createTestApp({ config: { ...config(smtp), mailRetryBaseMs: 3_600_000 } });
    await createStaff(testApp, 'admin', 'sender@northbeam.example');
  }, hookTimeoutMs);

  afterAll(async () => {
    await testApp?.close();
    await smtp.stop();
  }, hookTimeoutMs);

  it('delivers exactly one copy to each, with the SMTP server stopped half-way and started again', async () => {
    await testApp.dataSource.query(
      `INSERT INTO "subscribers" ("id", "email", "status", "confirmed_at")
       SELECT gen_random_uuid(), 'reader' || g || '@example.com', 'confirmed', now() FROM generate_series(1, 1000) g`,
    );
    await addSubscribers(testApp, 'pending', ['not-yet@example.com']);
    await addSubscribers(testApp, 'unsubscribed', ['left@example.com']);
    const agent = await signedInAgent(testApp, 'sender@northbeam.example');
    const issue = await agent
      .post('/api/admin/newsletter/issues')
      .send({ subject: 'The big one', body: 'For everyone.' })
      .expect(201);
    const sent = await agent.post(`/api/admin/newsletter/issues/${issue.body.id}/send`);
    expect(sent.status).toBe(200);
    expect(sent.body.progress).toMatchObject({ recipients: 1000, queued: 1000 });
    // Written in batches, each with its own transaction: every recipient has exactly one outbox row.
    const [rows] = await testApp.dataSource.query(
      `SELECT count(*)::int AS "rows", count(DISTINCT "to_address")::int AS "addresses" FROM "email_outbox" WHERE "newsletter_issue_id" = $1`,
      [issue.body.id],
    );
    expect(rows).toEqual({ rows: 1000, addresses: 1000 });

    const port = smtp.port;
    let stopped: Promise<void> | undefined;
    smtp.onReceived = () => {
      if (smtp.mails.length === 500) stopped = smtp.stop();
    };
    const dispatcher = testApp.app.get(MailDispatcher);
    const firstRun = await dispatcher.dispatchDue();
    await stopped;
    smtp.onReceived = undefined;
    // The open connection may carry a few more mails before the stopping server closes it.
    expect(firstRun.sent).toBeGreaterThanOrEqual(500);
    expect(firstRun.sent).toBeLessThan(1000);
    expect(firstRun.sent + firstRun.failed).toBe(1000);
    const halfway = await agent.get(`/api/admin/newsletter/issues/${issue.body.id}`);
    expect(halfway.body.progress).toEqual({
      recipients: 1000,
      queued: firstRun.failed,
      sent: firstRun.sent,
      failed: 0,
      cancelled: 0,
    });

    await smtp.start(port);
    // The back-off passes: the waiting rows' next attempt moves into the past instead of the test waiting.
    await testApp.dataSource.query(
      `UPDATE "email_outbox" SET "next_attempt_at" = now() - interval '1 second' WHERE "status" = 'pending'`,
    );
    expect(await dispatcher.dispatchDue()).toEqual({ sent: firstRun.failed, failed: 0 });
    expect(await dispatcher.dispatchDue()).toEqual({ sent: 0, failed: 0 });

    const copies = new Map<string, number>();
    for (const address of smtp.mails.flatMap((mail) => mail.envelopeTo))
      copies.set(address, (copies.get(address) ?? 0) + 1);
    expect(copies.size).toBe(1000);
    expect([...copies.values()].every((count) => count === 1)).toBe(true);
    expect(copies.has('not-yet@example.com') || copies.has('left@example.com')).toBe(false);
    const done = await agent.get(`/api/admin/newsletter/issues/${issue.body.id}`);
    expect(done.body.progress).toEqual({ recipients: 1000, queued: 0, sent: 1000, failed: 0, cancelled: 0 });
  }, 300_000);
});

import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { simpleParser } from 'mailparser';
import type { NewsletterIssueDetail, NewsletterIssueSummary } from '@northbeam/common';
import { InboundMailPoller } from '../src/modules/inbound-mail/inbound-mail.poller.js';
import { MailDispatcher } from '../src/modules/mail/mail-dispatcher.js';
import { NewsletterBounces } from '../src/modules/newsletter/newsletter-bounces.js';
import { createStaff, signedInAgent } from './factories/staff.js';
import { DovecotServer } from './helpers/dovecot.js';
import { SmtpCatcher, type CaughtMail } from './helpers/smtp-catcher.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const hookTimeoutMs = 120_000;

/** A raw RFC 5322 fixture of test/fixtures/inbound, its placeholders filled. */
function rawFixture(name: string, values: Record<string, string>): string {
  let raw = readFileSync(new URL(`./fixtures/inbound/${name}`, import.meta.url), 'utf8');
  for (const [key, value] of Object.entries(values)) raw = raw.split(`{{${key}}}`).join(value);
  return raw.replace(/\r?\n/g, '\r\n');
}

/** A fixture as the mailbox poller hands it to a handler. */
async function inbound(name: string, values: Record<string, string>) {
  const raw = rawFixture(name, values);
  return { uid: Math.floor(Math.random() * 1e6), parsed: await simpleParser(raw), size: raw.length };
}

/** The addresses of the site's tracked links in a mail, in order. */
const trackedLinks = (text: string) =>
  [...text.matchAll(/https:\/\/northbeam\.test\/n\/[a-z0-9-]+\/\d+/g)].map((m) => m[0]);

describe('Newsletter figures: clicks per link, web views, unsubscribes, bounces and complaints', () => {
  const smtp = new SmtpCatcher();
  // The connected mailbox of the inbox (docs/inbound-mail.md), a real Dovecot: bounces arrive there.
  const dovecot = new DovecotServer();
  let testApp: TestApp;
  let dispatcher: MailDispatcher;
  let admin: Awaited<ReturnType<typeof signedInAgent>>;
  let issue: NewsletterIssueDetail;
  let copies: CaughtMail[];

  beforeAll(async () => {
    await smtp.start();
    await dovecot.start();
    testApp = await createTestApp({
      env: { INBOUND_IMAP_URL: dovecot.url },
      config: {
        inboundPollIntervalMs: 0,
        smtpUrl: smtp.url,
        mailFrom: 'Northbeam <hello@northbeam.example>',
        publicUrl: 'https://northbeam.test',
        mailDispatchIntervalMs: 0,
        seedContent: false,
      },
    });
    dispatcher = testApp.app.get(MailDispatcher);
    await createStaff(testApp, 'admin', 'editor@northbeam.example');
    admin = await signedInAgent(testApp, 'editor@northbeam.example');
    for (const email of ['ada@example.com', 'grace@example.com', 'linus@example.com']) {
      await testApp.dataSource.query(
        `INSERT INTO "subscribers" ("id", "email", "status", "confirmed_at") VALUES ($1, $2, 'confirmed', now())`,
        [randomUUID(), email],
      );
    }
  }, hookTimeoutMs);

  afterAll(async () => {
    await testApp?.close();
    await smtp.stop();
    await dovecot.destroy();
  }, hookTimeoutMs);

  it('sends every copy with the same tracked links, nothing in them or in the redirect naming the reader', async () => {
    const created = await admin.post('/api/admin/newsletter/issues').send({
      subject: 'Figures of November',
      preheader: 'Two links',
      body: 'Read [our labs](https://northbeam.test/labs) and [a paper](https://example.org/paper?x=1&y=2).\n\nAnd [the labs again](https://northbeam.test/labs).',
    });
    expect(created.status).toBe(201);
    const sent = await admin.post(`/api/admin/newsletter/issues/${created.body.id}/send`);
    expect(sent.status).toBe(200);
    issue = sent.body as NewsletterIssueDetail;
    expect(await dispatcher.dispatchDue()).toEqual({ sent: 3, failed: 0 });
    copies = smtp.mails.filter((mail) => mail.headers.subject === 'Figures of November');
    expect(copies).toHaveLength(3);

    const slug = new URL(issue.webUrl!).pathname.split('/').pop()!;
    // Numbered in the order they first appear: the logo's link to the site (0), the labs (1), the paper (2).
    const link = (index: number) => `https://northbeam.test/n/${slug}/${index}`;
    for (const mail of copies) {
      const [address] = mail.envelopeTo;
      expect(mail.headers['x-northbeam-issue']).toBe(issue.id);
      // The text's links go through the site, the same in every copy; the direct addresses are gone.
      expect(trackedLinks(mail.html)).toEqual([link(0), link(1), link(2), link(1)]);
      expect(trackedLinks(mail.text)).toEqual([link(1), link(2), link(1)]);
      expect(mail.html).not.toContain('https://example.org/paper');
      expect(mail.text).toContain(`View in browser: ${issue.webUrl}`);
      expect(mail.text).not.toContain('https://example.org/paper');
      for (const link of trackedLinks(mail.html)) {
        expect(link).not.toContain(encodeURIComponent(address));
        expect(link).not.toContain(address);
      }
      // No open pixel: the only image is the logo.
      expect(mail.html.match(/<img [^>]*>/g)).toHaveLength(1);
    }
  });

  it('counts two clicks on one link and one on another, redirecting 302 without a cookie, tagging the site link as the newsletter campaign', async () => {
    const [first, second] = trackedLinks(copies[0].text).map((link) => new URL(link).pathname);
    for (let click = 0; click < 2; click += 1) {
      const response = await testApp.request().get(first);
      expect(response.status).toBe(302);
      expect(response.headers['set-cookie']).toBeUndefined();
      expect(response.headers['cache-control']).toBe('no-store');
      const target = new URL(response.headers.location);
      expect(target.origin + target.pathname).toBe('https://northbeam.test/labs');
      expect(Object.fromEntries(target.searchParams)).toEqual({
        utm_source: 'newsletter',
        utm_medium: 'email',
        utm_campaign: 'figures-of-november',
      });
    }
    const other = await testApp.request().get(second);
    expect(other.status).toBe(302);
    expect(other.headers.location).toBe('https://example.org/paper?x=1&y=2');
    expect(other.headers['set-cookie']).toBeUndefined();
    // A HEAD (a link checker) is answered but not counted; an unknown link is a 404.
    expect((await testApp.request().head(first)).status).toBe(302);
    expect((await testApp.request().get(first.replace(/\/1$/, '/7'))).status).toBe(404);

    const web = await testApp.request().get(new URL(issue.webUrl!).pathname);
    expect(web.status).toBe(200);
    expect(web.headers['set-cookie']).toBeUndefined();

    // Ada unsubscribes through the page link of her copy: counted on this issue.
    const ada = copies.find((mail) => mail.envelopeTo[0] === 'ada@example.com')!;
    const page = new URL(/Unsubscribe: (\S+)/.exec(ada.text)![1]);
    expect(page.searchParams.get('issue')).toBe(new URL(issue.webUrl!).pathname.split('/').pop());
    const left = await testApp.request().get(`/api/unsubscribe${page.search}`);
    expect(left.status).toBe(200);

    const detail = (await admin.get(`/api/admin/newsletter/issues/${issue.id}`)).body as NewsletterIssueDetail;
    expect(detail.figures).toEqual({
      clicks: 3,
      webViews: 1,
      unsubscribes: 1,
      hardBounces: 0,
      softBounces: 0,
      complaints: 0,
    });
    expect(detail.links).toEqual([
      { index: 0, url: 'https://northbeam.test/', clicks: 0 },
      { index: 1, url: 'https://northbeam.test/labs', clicks: 2 },
      { index: 2, url: 'https://example.org/paper?x=1&y=2', clicks: 1 },
    ]);
    const list = (await admin.get('/api/admin/newsletter/issues')).body as { items: NewsletterIssueSummary[] };
    expect(list.items.find((item) => item.id === issue.id)?.figures).toMatchObject({ clicks: 3, unsubscribes: 1 });
    // Only counters are kept: no table holds a click per reader.
    const [{ count }] = await testApp.dataSource.query<{ count: number }[]>(
      `SELECT count(*)::int AS "count" FROM "newsletter_link_clicks" WHERE "issue_id" = $1`,
      [issue.id],
    );
    expect(count).toBe(3);
  });

  it('takes a hard bounce from the mailbox, counts it on the issue and the subscriber, and stops sending to that address', async () => {
    const bounces = testApp.app.get(NewsletterBounces);
    // The delivery status notifications arrive in the connected mailbox; one poll takes them.
    await dovecot.append(
      rawFixture('dsn-hard-bounce.eml', { RECIPIENT: 'grace@example.com', ISSUE: issue.id, STATUS: '5.1.1' }),
    );
    // A soft bounce (4.x.x) is counted, and the address is still sent to.
    await dovecot.append(
      rawFixture('dsn-hard-bounce.eml', { RECIPIENT: 'linus@example.com', ISSUE: issue.id, STATUS: '4.2.2' }),
    );
    await testApp.app.get(InboundMailPoller).poll();
    expect((await dovecot.messages()).map((message) => message.flags.includes('\\Seen'))).toEqual([true, true]);
    // Taken by the newsletter, not left for the inbox: nothing in Unmatched.
    expect((await admin.get('/api/admin/inbound-mail/unmatched')).body.total).toBe(0);
    // A report about an address that is not a subscriber, and an ordinary message, are left alone.
    const stranger = await inbound('dsn-hard-bounce.eml', {
      RECIPIENT: 'stranger@example.com',
      ISSUE: issue.id,
      STATUS: '5.1.1',
    });
    expect(await bounces.take(stranger)).toBe(false);
    const ordinary = await simpleParser('From: a@example.com\r\nTo: b@example.com\r\nSubject: Hi\r\n\r\nHello\r\n');
    expect(await bounces.take({ uid: 9, parsed: ordinary, size: 60 })).toBe(false);

    const rows = await testApp.dataSource.query<
      { email: string; hard_bounces: number; blocked_reason: string | null }[]
    >(`SELECT "email", "hard_bounces", "soft_bounces", "blocked_reason" FROM "subscribers" ORDER BY "email"`);
    expect(rows).toEqual([
      { email: 'ada@example.com', hard_bounces: 0, soft_bounces: 0, blocked_reason: null },
      { email: 'grace@example.com', hard_bounces: 1, soft_bounces: 0, blocked_reason: 'hard_bounce' },
      { email: 'linus@example.com', hard_bounces: 0, soft_bounces: 1, blocked_reason: null },
    ]);
    const subscribers = await admin.get('/api/admin/subscribers?q=grace');
    expect(subscribers.body.items[0]).toMatchObject({ email: 'grace@example.com', bounces: 1, blocked: 'hard_bounce' });

    // The next issue goes to linus only: ada unsubscribed, grace bounced.
    const next = await admin
      .post('/api/admin/newsletter/issues')
      .send({ subject: 'Figures of December', preheader: '', body: 'Short.' });
    const sent = await admin.post(`/api/admin/newsletter/issues/${next.body.id}/send`);
    expect(sent.body.recipientCount).toBe(1);
    await dispatcher.dispatchDue();
    expect(
      smtp.mails.filter((mail) => mail.headers.subject === 'Figures of December').flatMap((mail) => mail.envelopeTo),
    ).toEqual(['linus@example.com']);
  });

  it('takes a complaint (feedback report) from the mailbox: counted on the issue, and the address is no longer sent to', async () => {
    const bounces = testApp.app.get(NewsletterBounces);
    const message = await inbound('arf-complaint.eml', { RECIPIENT: 'linus@example.com', ISSUE: issue.id });
    expect(await bounces.take(message)).toBe(true);
    const [row] = await testApp.dataSource.query<{ complaints: number; blocked_reason: string }[]>(
      `SELECT "complaints", "blocked_reason" FROM "subscribers" WHERE "email" = 'linus@example.com'`,
    );
    expect(row).toEqual({ complaints: 1, blocked_reason: 'complaint' });

    const detail = (await admin.get(`/api/admin/newsletter/issues/${issue.id}`)).body as NewsletterIssueDetail;
    expect(detail.figures).toMatchObject({ hardBounces: 1, softBounces: 1, unsubscribes: 1 });
    // The feedback report's copy of the mail loses its X- headers in the parsed text: the complaint
    // goes to the issue last sent to the address (December's).
    const december = (await admin.get('/api/admin/newsletter/issues')).body.items.find(
      (item: NewsletterIssueSummary) => item.subject === 'Figures of December',
    );
    expect(december.figures.complaints).toBe(1);

    const audience = await admin.get('/api/admin/newsletter/audience');
    expect(audience.body.confirmed).toBe(0);
  });
});

describe('Newsletter issue details', () => {
  let testApp: TestApp;
  let admin: Awaited<ReturnType<typeof signedInAgent>>;

  beforeAll(async () => {
    testApp = await createTestApp({
      config: { publicUrl: 'https://northbeam.test', mailDispatchIntervalMs: 0, seedContent: false },
    });
    await createStaff(testApp, 'admin', 'editor@northbeam.example');
    admin = await signedInAgent(testApp, 'editor@northbeam.example');
    await testApp.dataSource.query(
      `INSERT INTO "subscribers" ("id", "email", "status", "confirmed_at") VALUES ($1, 'ada@example.com', 'confirmed', now())`,
      [randomUUID()],
    );
  }, hookTimeoutMs);

  afterAll(async () => {
    await testApp?.close();
  }, hookTimeoutMs);

  it('opens the same untouched draft when "Use this post" is pressed twice, and puts the post card under the introduction, before the sign-off', async () => {
    const post = await admin.post('/api/admin/posts').send({
      title: 'Shipping a prototype',
      slug: 'shipping-a-prototype',
      excerpt: 'Two weeks.',
      body: 'Body text.',
      section: 'labs',
      status: 'published',
    });
    expect(post.status).toBe(201);
    const first = await admin.post('/api/admin/newsletter/issues/from-post').send({ postId: post.body.id });
    const second = await admin.post('/api/admin/newsletter/issues/from-post').send({ postId: post.body.id });
    expect(second.body.id).toBe(first.body.id);
    const list = await admin.get('/api/admin/newsletter/issues');
    expect(list.body.total).toBe(1);

    const body = `${first.body.body as string}\nSee you next month,\nThe team`;
    const saved = await admin
      .put(`/api/admin/newsletter/issues/${first.body.id}`)
      .send({ subject: first.body.subject, preheader: '', body, postMode: 'card' });
    expect(saved.status).toBe(200);
    const preview = await admin
      .post('/api/admin/newsletter/preview')
      .send({ issueId: first.body.id, subject: 'x', preheader: '', body, postMode: 'card' });
    const html = preview.body.html as string;
    expect(html).not.toContain('{{post}}');
    expect(html.indexOf('Read the article')).toBeGreaterThan(html.indexOf('this month.'));
    expect(html.indexOf('Read the article')).toBeLessThan(html.indexOf('See you next month'));
    const text = preview.body.text as string;
    expect(text.indexOf('Read the article')).toBeLessThan(text.indexOf('See you next month'));

    // Changed, the draft is the author's: another press starts a new one.
    const third = await admin.post('/api/admin/newsletter/issues/from-post').send({ postId: post.body.id });
    expect(third.body.id).not.toBe(first.body.id);

    // The web version of a sent issue names the site's icon.
    const sent = await admin.post(`/api/admin/newsletter/issues/${first.body.id}/send`);
    expect(sent.status).toBe(200);
    const web = await testApp.request().get(new URL(sent.body.webUrl as string).pathname);
    expect(web.text).toContain('<link rel="icon" href="https://northbeam.test/favicon.svg" type="image/svg+xml">');
  });
});

import { randomUUID } from 'node:crypto';
import {
  inboundMailLimits,
  unknownPlaceholderMessage,
  type EnquiryDetail,
  type EnquirySummary,
  type InboundMail,
  type InboundMailboxStatus,
  type ListPage,
} from '@northbeam/common';
import type { PersonalDataStore } from '../src/core/personal-data/personal-data-store.js';
import { ErasureService } from '../src/modules/privacy/erasure.service.js';
import { PERSONAL_DATA_STORES } from '../src/modules/privacy/personal-data-stores.js';
import { InboundMailPoller } from '../src/modules/inbound-mail/inbound-mail.poller.js';
import { createStaff, signedInAgent } from './factories/staff.js';
import { DovecotServer, rawMail } from './helpers/dovecot.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * The connected mailbox (docs/inbound-mail.md) against a real IMAP server: Debian's Dovecot, started
 * by the suite in a temporary folder. Answers are put into the mailbox with IMAP APPEND, as a mail
 * server delivering them would, and one poll brings them onto their enquiry.
 */
const hookTimeoutMs = 120_000;
type Agent = Awaited<ReturnType<typeof signedInAgent>>;

describe('Answers from the connected mailbox', () => {
  const dovecot = new DovecotServer();
  let testApp: TestApp;
  let admin: Agent;
  const ids = {} as Record<'admin' | 'consultant', string>;

  async function seed(values: { email: string; status?: string; assigneeId?: string; createdAt?: Date }) {
    const id = randomUUID();
    await testApp.dataSource.query(
      `INSERT INTO "contact_messages" ("id", "name", "email", "message", "consent", "status", "assignee_id", "created_at")
       VALUES ($1, 'Jo Bloggs', $2, 'Can you help with a risk model?', true, $3, $4, $5)`,
      [id, values.email, values.status ?? 'new', values.assigneeId ?? null, values.createdAt ?? new Date()],
    );
    return id;
  }

  /** Sends a reply from the inbox; answers the Reply-To and Message-ID the enquirer's mail carries. */
  async function reply(enquiryId: string, email: string): Promise<{ replyTo: string; messageId: string }> {
    const sent = await admin
      .post(`/api/admin/enquiries/${enquiryId}/replies`)
      .send({ subject: 'Your enquiry to Northbeam', body: 'Dear Jo,\n\nYes, we can help. When suits you?' });
    expect(sent.status).toBe(201);
    const rows = await testApp.dataSource.query<{ headers: Record<string, string> | string }[]>(
      `SELECT "headers" FROM "email_outbox" WHERE "kind" = 'enquiry_reply' AND "to_address" = $1 ORDER BY "created_at" DESC LIMIT 1`,
      [email],
    );
    const headers = typeof rows[0].headers === 'string' ? JSON.parse(rows[0].headers) : rows[0].headers;
    const replyTo = /<([^>]+)>/.exec(headers['Reply-To'] as string)![1];
    return { replyTo, messageId: headers['Message-ID'] as string };
  }

  const poll = () => testApp.app.get(InboundMailPoller).poll();
  const detail = async (id: string) => (await admin.get(`/api/admin/enquiries/${id}`)).body as EnquiryDetail;
  const unmatched = async () => (await admin.get('/api/admin/inbound-mail/unmatched')).body as ListPage<InboundMail>;

  beforeAll(async () => {
    await dovecot.start();
    testApp = await createTestApp({
      env: { INBOUND_IMAP_URL: dovecot.url },
      config: { seedContent: false, mailDispatchIntervalMs: 0, inboundPollIntervalMs: 0 },
    });
    ids.admin = (await createStaff(testApp, 'admin')).id;
    ids.consultant = (await createStaff(testApp, 'consultant')).id;
    admin = await signedInAgent(testApp, 'admin@northbeam.example');
  }, hookTimeoutMs);

  afterAll(async () => {
    await testApp?.close();
    await dovecot.destroy();
  }, hookTimeoutMs);

  it('threads the enquirer’s answer onto the enquiry within one poll: awaiting us, clock restarted, the assignee told', async () => {
    const sentAt = new Date(Date.now() - 72 * 3_600_000);
    const id = await seed({ email: 'jo@answers.example', assigneeId: ids.consultant, createdAt: sentAt });
    const { replyTo, messageId } = await reply(id, 'jo@answers.example');
    expect(replyTo).toMatch(/^replies\+[a-z0-9]{24}@northbeam\.test$/);
    expect(messageId).toContain(replyTo.slice('replies+'.length, 'replies+'.length + 24));
    expect((await detail(id)).status).toBe('replied');

    await dovecot.append(
      rawMail({
        from: 'Jo Bloggs <jo@answers.example>',
        to: `Northbeam <${replyTo}>`,
        subject: 'Re: Your enquiry to Northbeam',
        headers: { 'In-Reply-To': messageId, References: messageId },
        text: 'Tuesday at 10 works for us.\n\nOn Mon, 23 Nov 2026, Northbeam wrote:\n> Dear Jo,\n> Yes, we can help.',
      }),
    );
    const result = await poll();
    expect(result).toMatchObject({ ran: true, result: { fetched: 1, outcomes: { threaded: 1 } } });

    const after = await detail(id);
    expect(after.status).toBe('awaiting');
    expect(after.answers).toEqual([
      expect.objectContaining({
        kind: 'answer',
        from: { name: 'Jo Bloggs', address: 'jo@answers.example' },
        subject: 'Re: Your enquiry to Northbeam',
        text: 'Tuesday at 10 works for us.',
        quoted: expect.stringContaining('> Yes, we can help.'),
      }),
    ]);
    // The 48-hour clock starts again from the answer, not the 72-hour-old arrival.
    expect(Date.now() - new Date(after.waitingSince!).getTime()).toBeLessThan(60_000);
    expect(after.overdue).toBe(false);

    const bell = await testApp.dataSource.query<{ user_id: string; title: string; url: string }[]>(
      `SELECT "user_id", "title", "url" FROM "staff_notifications" WHERE "kind" = 'enquiry_answered' AND "enquiry_id" = $1`,
      [id],
    );
    expect(bell).toEqual([
      {
        user_id: ids.consultant,
        title: 'Jo Bloggs answered: Re: Your enquiry to Northbeam',
        url: `/admin/enquiries/${id}`,
      },
    ]);
    const told = await testApp.dataSource.query<{ text_body: string }[]>(
      `SELECT "text_body" FROM "email_outbox" WHERE "kind" = 'enquiry_answered' AND "to_address" = 'consultant@northbeam.example'`,
    );
    expect(told).toHaveLength(1);
    expect(told[0].text_body).toContain('Answer it in the inbox');
    expect(told[0].text_body).not.toContain('jo@answers.example');

    // Taken once: flagged as read in the mailbox, and a second poll takes nothing.
    expect((await dovecot.messages()).every((message) => message.flags.includes('\\Seen'))).toBe(true);
    expect(await poll()).toMatchObject({ ran: true, result: { fetched: 0 } });
    expect((await detail(id)).answers).toHaveLength(1);
  });

  it('puts a mail that matches nothing, or forges In-Reply-To without the token, in Unmatched; admins attach or dismiss it', async () => {
    const target = await seed({ email: 'target@answers.example' });
    const other = await seed({ email: 'other@answers.example' });
    const { messageId } = await reply(other, 'other@answers.example');
    // The Message-ID of another enquiry's reply without its token (the reply's id alone).
    const forged = messageId.replace(/\.[a-z0-9]{24}@/, '@');
    await dovecot.append(
      rawMail({
        from: 'mallory@attacker.example',
        to: dovecot.user,
        subject: 'Re: Your enquiry',
        headers: { 'In-Reply-To': forged },
        text: 'Please send the contract to me instead.',
      }),
    );
    await dovecot.append(
      rawMail({ from: 'stranger@answers.example', to: dovecot.user, subject: 'Hello', text: 'Hi there' }),
    );
    expect(await poll()).toMatchObject({ ran: true, result: { fetched: 2, outcomes: { unmatched: 2 } } });

    expect((await detail(other)).answers).toEqual([]);
    expect((await detail(other)).status).toBe('replied');
    const list = await unmatched();
    expect(list.items.map((mail) => mail.from.address).sort()).toEqual([
      'mallory@attacker.example',
      'stranger@answers.example',
    ]);
    expect((await admin.get('/api/admin/inbound-mail/status')).body).toMatchObject({ state: 'ok', unmatched: 2 });

    const stranger = list.items.find((mail) => mail.from.address === 'stranger@answers.example')!;
    const attached = await admin
      .post(`/api/admin/inbound-mail/unmatched/${stranger.id}/attach`)
      .send({ enquiryId: target });
    expect(attached.status).toBe(200);
    const onTarget = await detail(target);
    expect(onTarget.answers.map((mail) => mail.text)).toEqual(['Hi there']);
    expect(onTarget.status).toBe('awaiting');

    const mallory = list.items.find((mail) => mail.from.address === 'mallory@attacker.example')!;
    expect((await admin.post(`/api/admin/inbound-mail/unmatched/${mallory.id}/dismiss`)).status).toBe(204);
    expect((await unmatched()).items).toEqual([]);
    const again = await admin.post(`/api/admin/inbound-mail/unmatched/${mallory.id}/dismiss`);
    expect(again.status).toBe(409);
    const missing = await admin
      .post(`/api/admin/inbound-mail/unmatched/${stranger.id}/attach`)
      .send({ enquiryId: 'nope' });
    expect(missing.status).toBe(400);
  });

  it('records an auto-reply and a bounce on the enquiry without changing its status or telling anyone', async () => {
    const id = await seed({ email: 'away@answers.example', assigneeId: ids.consultant });
    const { replyTo } = await reply(id, 'away@answers.example');
    await dovecot.append(
      rawMail({
        from: 'Jo Away <away@answers.example>',
        to: replyTo,
        subject: 'Out of office',
        headers: { 'Auto-Submitted': 'auto-replied' },
        text: 'I am away until Monday.',
      }),
    );
    await dovecot.append(
      rawMail({
        from: 'MAILER-DAEMON@mx.answers.example',
        to: replyTo,
        subject: 'Undelivered Mail Returned to Sender',
        headers: { 'X-Failed-Recipients': 'away@answers.example' },
        text: 'This is the mail system. The mail could not be delivered.',
      }),
    );
    expect(await poll()).toMatchObject({ ran: true, result: { fetched: 2, outcomes: { threaded: 2 } } });
    const after = await detail(id);
    expect(after.status).toBe('replied');
    expect(after.answers.map((mail) => mail.kind)).toEqual(['auto_reply', 'bounce']);
    const bell = await testApp.dataSource.query<unknown[]>(
      `SELECT 1 FROM "staff_notifications" WHERE "kind" = 'enquiry_answered' AND "enquiry_id" = $1`,
      [id],
    );
    expect(bell).toEqual([]);
  });

  it('sanitises HTML, stores an attachment up to the limit and lists a 30 MB one without storing it', async () => {
    const id = await seed({ email: 'files@answers.example' });
    const { replyTo } = await reply(id, 'files@answers.example');
    const big = Buffer.alloc(30 * 1024 * 1024, 7);
    await dovecot.append(
      rawMail({
        from: 'files@answers.example',
        to: replyTo,
        subject: 'Files',
        text: 'Here are the files.',
        html: '<p onclick="steal()">Here are <b>the files</b>.</p><script>alert(1)</script><img src="https://tracker.example/x.gif"><a href="javascript:alert(2)">x</a>',
        attachments: [
          { filename: 'brief.txt', contentType: 'text/plain', content: Buffer.from('The brief') },
          { filename: 'huge.bin', contentType: 'application/octet-stream', content: big },
        ],
      }),
    );
    expect(await poll()).toMatchObject({ ran: true, result: { fetched: 1 } });
    const [answer] = (await detail(id)).answers;
    expect(answer.html).toContain('<b>the files</b>');
    expect(answer.html).not.toMatch(/script|onclick|<img|javascript:/i);
    expect(answer.attachments).toEqual([
      expect.objectContaining({ filename: 'brief.txt', size: 9, stored: true }),
      expect.objectContaining({ filename: 'huge.bin', size: big.length, stored: false }),
    ]);
    expect(big.length).toBeGreaterThan(inboundMailLimits.attachmentStoreMaxBytes);
    const download = await admin.get(`/api/admin/inbound-mail/${answer.id}/attachments/${answer.attachments[0].id}`);
    expect(download.status).toBe(200);
    expect(download.headers['content-type']).toBe('application/octet-stream');
    expect(download.headers['content-disposition']).toContain('attachment;');
    expect(Buffer.from(download.body as Buffer).toString()).toBe('The brief');
    const notStored = await admin.get(`/api/admin/inbound-mail/${answer.id}/attachments/${answer.attachments[1].id}`);
    expect(notStored.status).toBe(404);
  }, 120_000);

  it('loses nothing and takes nothing twice when the mailbox stops and starts again', async () => {
    const id = await seed({ email: 'restart@answers.example' });
    const { replyTo } = await reply(id, 'restart@answers.example');
    await dovecot.append(
      rawMail({ from: 'restart@answers.example', to: replyTo, subject: 'First', text: 'First answer' }),
    );
    await poll();

    await dovecot.stop();
    await expect(poll()).rejects.toThrow();
    const failing = (await admin.get('/api/admin/inbound-mail/status')).body as InboundMailboxStatus;
    expect(failing).toMatchObject({ configured: true, state: 'failing', failures: 1 });
    expect(failing.lastError).toBeTruthy();
    expect(failing.lastError).not.toContain(dovecot.password);
    expect(new Date(failing.nextAttemptAt!).getTime()).toBeGreaterThan(Date.now());

    await dovecot.start();
    await dovecot.append(
      rawMail({ from: 'restart@answers.example', to: replyTo, subject: 'Second', text: 'Second answer' }),
    );
    expect(await poll()).toMatchObject({ ran: true, result: { fetched: 1 } });
    expect((await admin.get('/api/admin/inbound-mail/status')).body).toMatchObject({ state: 'ok', failures: 0 });
    expect((await detail(id)).answers.map((mail) => mail.text)).toEqual(['First answer', 'Second answer']);

    // The same mail delivered again (a new UID, the same Message-ID) is not taken twice.
    await dovecot.append(
      rawMail({
        from: 'restart@answers.example',
        to: replyTo,
        subject: 'Second',
        text: 'Second answer',
        messageId: '<same@answers.example>',
      }),
    );
    await dovecot.append(
      rawMail({
        from: 'restart@answers.example',
        to: replyTo,
        subject: 'Second',
        text: 'Second answer',
        messageId: '<same@answers.example>',
      }),
    );
    expect(await poll()).toMatchObject({ ran: true, result: { fetched: 2, outcomes: { threaded: 1, duplicate: 1 } } });
    expect((await detail(id)).answers).toHaveLength(3);
  });

  it('lists overdue enquiries (unanswered for more than 48 hours, oldest first) and marks them', async () => {
    const hours = (count: number) => new Date(Date.now() - count * 3_600_000);
    const late = await seed({ email: 'late@overdue.example', createdAt: hours(50) });
    const later = await seed({ email: 'later@overdue.example', status: 'open', createdAt: hours(80) });
    const fresh = await seed({ email: 'fresh@overdue.example', createdAt: hours(30) });
    const answered = await seed({ email: 'answered@overdue.example', status: 'replied', createdAt: hours(90) });
    const page = (await admin.get('/api/admin/enquiries?overdue=true&q=overdue.example'))
      .body as ListPage<EnquirySummary>;
    expect(page.items.map((item) => item.id)).toEqual([later, late]);
    expect(page.items.every((item) => item.overdue)).toBe(true);
    const all = (await admin.get('/api/admin/enquiries?q=overdue.example')).body as ListPage<EnquirySummary>;
    expect(all.items.find((item) => item.id === fresh)).toMatchObject({ overdue: false });
    expect(all.items.find((item) => item.id === answered)).toMatchObject({ overdue: false, waitingSince: null });
    expect((await admin.get('/api/admin/enquiries?overdue=maybe')).status).toBe(400);
  });

  it('refuses a reply template with an unknown placeholder when it is saved, naming it, and keeps the known ones', async () => {
    const refused = await admin
      .post('/api/admin/reply-templates')
      .send({ name: 'Company greeting', body: 'Hi {firstName} at {company},' });
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors).toEqual({ body: [unknownPlaceholderMessage(['company'])] });
    const saved = await admin
      .post('/api/admin/reply-templates')
      .send({ name: 'Greeting', body: 'Hi {firstName},\n\n{assignee} here about {service}, {name}.' });
    expect(saved.status).toBe(201);
  });

  it('erases the mail of an address (on its enquiries and in Unmatched) with the address, and lists it in its export', async () => {
    const id = await seed({ email: 'forget@answers.example' });
    const { replyTo } = await reply(id, 'forget@answers.example');
    await dovecot.append(
      rawMail({ from: 'forget@answers.example', to: replyTo, subject: 'Mine', text: 'On the enquiry' }),
    );
    await dovecot.append(
      rawMail({ from: 'Forget@Answers.example', to: dovecot.user, subject: 'Loose', text: 'Unmatched one' }),
    );
    await poll();
    const store = testApp.app
      .get<PersonalDataStore[]>(PERSONAL_DATA_STORES)
      .find((candidate) => candidate.name === 'inbound_messages')!;
    expect((await store.collect!(testApp.dataSource.manager, 'forget@answers.example')).map((row) => row.text)).toEqual(
      ['On the enquiry', 'Unmatched one'],
    );
    const counts = await testApp.dataSource.transaction((manager) =>
      testApp.app.get(ErasureService).eraseAddress(manager, 'forget@answers.example'),
    );
    expect(counts).toMatchObject({ inbound_messages: 2, contact_messages: 1 });
    const left = await testApp.dataSource.query<unknown[]>(
      `SELECT 1 FROM "inbound_messages" WHERE lower("from_address") = 'forget@answers.example'`,
    );
    expect(left).toEqual([]);
  });
});

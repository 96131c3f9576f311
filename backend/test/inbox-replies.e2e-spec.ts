import { randomUUID } from 'node:crypto';
import {
  enquiryLimits,
  enquiryMessages,
  messages,
  type EnquiryDetail,
  type ListPage,
  type ReplyTemplate,
} from '@northbeam/common';
import type { PersonalDataStore } from '../src/core/personal-data/personal-data-store.js';
import { ErasureService } from '../src/modules/privacy/erasure.service.js';
import { PERSONAL_DATA_STORES } from '../src/modules/privacy/personal-data-stores.js';
import { createStaff, signedInAgent } from './factories/staff.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/** Replies from the inbox (docs/product.md#enquiries) and the reply templates admins manage. */
const hookTimeoutMs = 120_000;
type Agent = Awaited<ReturnType<typeof signedInAgent>>;

interface OutboxRow {
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
  headers: Record<string, string> | string;
}

describe('Replies from the inbox', () => {
  let testApp: TestApp;
  let admin: Agent;
  let consultant: Agent;
  const ids = {} as Record<'admin' | 'consultant', string>;

  async function seed(values: { email: string; status?: string; assigneeId?: string; createdAt?: string }) {
    const id = randomUUID();
    await testApp.dataSource.query(
      `INSERT INTO "contact_messages" ("id", "name", "email", "message", "consent", "status", "assignee_id", "created_at")
       VALUES ($1, 'Ada Lovelace', $2, 'Can you help with a risk model?', true, $3, $4, $5)`,
      [
        id,
        values.email,
        values.status ?? 'new',
        values.assigneeId ?? null,
        values.createdAt ?? new Date().toISOString(),
      ],
    );
    return id;
  }

  async function outbox(kind: string, to: string): Promise<OutboxRow[]> {
    return testApp.dataSource.query<OutboxRow[]>(
      `SELECT "kind", "to_address", "subject", "text_body", "headers" FROM "email_outbox" WHERE "kind" = $1 AND "to_address" = $2`,
      [kind, to],
    );
  }

  const headersOf = (row: OutboxRow) =>
    typeof row.headers === 'string' ? (JSON.parse(row.headers) as Record<string, string>) : row.headers;

  beforeAll(async () => {
    testApp = await createTestApp({ config: { seedContent: false, mailDispatchIntervalMs: 0 } });
    ids.admin = (await createStaff(testApp, 'admin')).id;
    ids.consultant = (await createStaff(testApp, 'consultant')).id;
    admin = await signedInAgent(testApp, 'admin@northbeam.example');
    consultant = await signedInAgent(testApp, 'consultant@northbeam.example');
  }, hookTimeoutMs);

  afterAll(async () => {
    await testApp?.close();
  }, hookTimeoutMs);

  it('mails the reply from the site with Reply-To the staff member, keeps it in the timeline and marks the enquiry replied', async () => {
    const id = await seed({ email: 'ada@replies.example' });
    const sent = await admin
      .post(`/api/admin/enquiries/${id}/replies`)
      .send({ subject: '  Your enquiry to Northbeam ', body: 'Dear Ada,\n\nYes, we can help.\n\nBest wishes' });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({
      subject: 'Your enquiry to Northbeam',
      body: 'Dear Ada,\n\nYes, we can help.\n\nBest wishes',
      author: { id: ids.admin, name: 'Test admin' },
    });

    const mails = await outbox('enquiry_reply', 'ada@replies.example');
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Your enquiry to Northbeam');
    expect(mails[0].text_body).toContain('Yes, we can help.');
    expect(headersOf(mails[0])).toEqual({ 'Reply-To': '"Test admin" <admin@northbeam.example>' });

    const detail = (await admin.get(`/api/admin/enquiries/${id}`)).body as EnquiryDetail;
    expect(detail.status).toBe('replied');
    expect(detail.replies).toEqual([
      expect.objectContaining({ id: sent.body.id, subject: 'Your enquiry to Northbeam' }),
    ]);

    const lines = await testApp.dataSource.query<{ actor_id: string; target_label: string }[]>(
      `SELECT "actor_id", "target_label" FROM "staff_activity" WHERE "action" = 'enquiry.replied' AND "target_id" = $1`,
      [id],
    );
    expect(lines).toEqual([{ actor_id: ids.admin, target_label: 'Ada Lovelace: Your enquiry to Northbeam' }]);
  });

  it('leaves a closed enquiry closed when it is answered again', async () => {
    const id = await seed({ email: 'closed@replies.example', status: 'closed' });
    expect(
      (await admin.post(`/api/admin/enquiries/${id}/replies`).send({ subject: 'More', body: 'One more thing.' }))
        .status,
    ).toBe(201);
    expect(((await admin.get(`/api/admin/enquiries/${id}`)).body as EnquiryDetail).status).toBe('closed');
  });

  it('refuses an empty or too long reply with the field’s sentence, and an enquiry under Spam with 409', async () => {
    const id = await seed({ email: 'checks@replies.example' });
    const empty = await admin.post(`/api/admin/enquiries/${id}/replies`).send({ subject: 'Hello', body: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.fieldErrors).toEqual({ body: [enquiryMessages.replyRequired] });
    const long = await admin
      .post(`/api/admin/enquiries/${id}/replies`)
      .send({ subject: 'x'.repeat(201), body: 'Fine' });
    expect(long.status).toBe(400);
    expect(long.body.fieldErrors).toEqual({ subject: [enquiryMessages.replySubjectTooLong] });
    expect(await outbox('enquiry_reply', 'checks@replies.example')).toHaveLength(0);

    const spam = await seed({ email: 'spam@replies.example', status: 'spam' });
    const refused = await admin.post(`/api/admin/enquiries/${spam}/replies`).send({ subject: 'Hi', body: 'Hi' });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(enquiryMessages.replyNotToSpam);
    expect(
      (await admin.post(`/api/admin/enquiries/${randomUUID()}/replies`).send({ subject: 'Hi', body: 'Hi' })).status,
    ).toBe(404);
  });

  it('lets a consultant answer only the enquiries assigned to them', async () => {
    const theirs = await seed({ email: 'theirs@replies.example', assigneeId: ids.consultant });
    const other = await seed({ email: 'other@replies.example' });
    expect(
      (await consultant.post(`/api/admin/enquiries/${theirs}/replies`).send({ subject: 'Hi', body: 'Hello' })).status,
    ).toBe(201);
    const refused = await consultant
      .post(`/api/admin/enquiries/${other}/replies`)
      .send({ subject: 'Hi', body: 'Hello' });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe(messages.forbidden);
    expect(await outbox('enquiry_reply', 'other@replies.example')).toHaveLength(0);
    expect(headersOf((await outbox('enquiry_reply', 'theirs@replies.example'))[0])['Reply-To']).toBe(
      '"Test consultant" <consultant@northbeam.example>',
    );
  });

  it('limits replies per enquiry and per staff member with a sentence and Retry-After, mailing nothing refused', async () => {
    await createStaff(testApp, 'admin', 'busy-admin@northbeam.example');
    const busy = await signedInAgent(testApp, 'busy-admin@northbeam.example');
    const send = (id: string) =>
      busy.post(`/api/admin/enquiries/${id}/replies`).send({ subject: 'Hi', body: 'Hello.' });

    const flooded = await seed({ email: 'flooded@replies.example' });
    for (let count = 0; count < enquiryLimits.repliesPerEnquiry; count += 1)
      expect((await send(flooded)).status).toBe(201);
    const refused = await send(flooded);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ statusCode: 429, error: enquiryMessages.repliesTooManyToEnquiry });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await outbox('enquiry_reply', 'flooded@replies.example')).toHaveLength(enquiryLimits.repliesPerEnquiry);
    // The limit is the enquiry's, whoever sends.
    expect(
      (await admin.post(`/api/admin/enquiries/${flooded}/replies`).send({ subject: 'Hi', body: 'Hi' })).status,
    ).toBe(429);

    // Across enquiries, one staff member sends at most `repliesPerStaff` an hour.
    let sent = enquiryLimits.repliesPerEnquiry;
    let enquiry = '';
    while (sent < enquiryLimits.repliesPerStaff) {
      if ((sent - enquiryLimits.repliesPerEnquiry) % enquiryLimits.repliesPerEnquiry === 0)
        enquiry = await seed({ email: `many-${sent}@replies.example` });
      expect((await send(enquiry)).status).toBe(201);
      sent += 1;
    }
    const last = await seed({ email: 'one-too-many@replies.example' });
    const tooMany = await send(last);
    expect(tooMany.status).toBe(429);
    expect(tooMany.body.error).toBe(enquiryMessages.repliesTooManyByStaff);
    expect(await outbox('enquiry_reply', 'one-too-many@replies.example')).toHaveLength(0);
    // Someone else is not held back by it.
    expect((await admin.post(`/api/admin/enquiries/${last}/replies`).send({ subject: 'Hi', body: 'Hi' })).status).toBe(
      201,
    );
  });

  it('shows the contact’s earlier enquiries, with their replies counted, on the enquiry', async () => {
    const earlier = await seed({ email: 'Grace@History.example', createdAt: '2026-10-01T10:00:00Z' });
    await admin.post(`/api/admin/enquiries/${earlier}/replies`).send({ subject: 'Re', body: 'Answered.' });
    await seed({ email: 'someone-else@history.example' });
    const latest = await seed({ email: ' grace@history.example' });
    const detail = (await admin.get(`/api/admin/enquiries/${latest}`)).body as EnquiryDetail;
    expect(detail.history).toEqual([
      expect.objectContaining({ id: earlier, status: 'replied', replies: 1, createdAt: '2026-10-01T10:00:00.000Z' }),
    ]);
  });

  it('erases replies with the address and gives them in its access export', async () => {
    const id = await seed({ email: 'erase@replies.example' });
    await admin.post(`/api/admin/enquiries/${id}/replies`).send({ subject: 'About your data', body: 'Here it is.' });
    const store = testApp.app
      .get<PersonalDataStore[]>(PERSONAL_DATA_STORES)
      .find((candidate) => candidate.name === 'enquiry_replies')!;
    const collected = await store.collect!(testApp.dataSource.manager, 'erase@replies.example');
    expect(collected).toEqual([
      expect.objectContaining({ enquiryId: id, author: 'Test admin', subject: 'About your data', body: 'Here it is.' }),
    ]);
    const counts = await testApp.dataSource.transaction((manager) =>
      testApp.app.get(ErasureService).eraseAddress(manager, 'Erase@Replies.example'),
    );
    expect(counts).toMatchObject({ enquiry_replies: 1, contact_messages: 1 });
    const left = await testApp.dataSource.query<{ count: number }[]>(
      `SELECT count(*)::int AS "count" FROM "enquiry_replies" WHERE "enquiry_id" = $1`,
      [id],
    );
    expect(left[0].count).toBe(0);
  });

  describe('reply templates', () => {
    it('lets admins create, rename and delete templates, each logged, and lists them by name 15 a page', async () => {
      const created = await admin
        .post('/api/admin/reply-templates')
        .send({ name: 'Thanks, we will call', body: 'Dear {name},\n\nThank you.' });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ name: 'Thanks, we will call', body: 'Dear {name},\n\nThank you.' });
      const duplicate = await admin
        .post('/api/admin/reply-templates')
        .send({ name: 'THANKS, we will call', body: 'x' });
      expect(duplicate.status).toBe(409);
      expect(duplicate.body.fieldErrors).toEqual({ name: [enquiryMessages.templateNameTaken] });
      const blank = await admin.post('/api/admin/reply-templates').send({ name: '', body: '' });
      expect(blank.status).toBe(400);
      expect(blank.body.fieldErrors).toEqual({
        name: [enquiryMessages.templateNameRequired],
        body: [enquiryMessages.templateBodyRequired],
      });

      for (let index = 0; index < 16; index += 1)
        await admin
          .post('/api/admin/reply-templates')
          .send({ name: `Bulk ${String(index).padStart(2, '0')}`, body: 'Text' });
      const first = (await admin.get('/api/admin/reply-templates')).body as ListPage<ReplyTemplate>;
      expect(first).toMatchObject({ total: 17, page: 1, pageSize: 15 });
      expect(first.items[0].name).toBe('Bulk 00');
      const second = (await admin.get('/api/admin/reply-templates').query({ page: 2 })).body as ListPage<ReplyTemplate>;
      expect(second.items.map((item) => item.name)).toEqual(['Bulk 15', 'Thanks, we will call']);

      const renamed = await admin
        .put(`/api/admin/reply-templates/${created.body.id}`)
        .send({ name: 'Thanks, we will ring', body: 'Dear you' });
      expect(renamed.status).toBe(200);
      expect((await admin.get(`/api/admin/reply-templates/${created.body.id}`)).body).toMatchObject({
        name: 'Thanks, we will ring',
        body: 'Dear you',
      });
      expect((await admin.delete(`/api/admin/reply-templates/${created.body.id}`)).status).toBe(204);
      expect((await admin.get(`/api/admin/reply-templates/${created.body.id}`)).status).toBe(404);

      const actions = await testApp.dataSource.query<{ action: string }[]>(
        `SELECT "action" FROM "staff_activity" WHERE "target_id" = $1 ORDER BY "at"`,
        [created.body.id],
      );
      expect(actions.map((line) => line.action)).toEqual([
        'reply_template.created',
        'reply_template.updated',
        'reply_template.deleted',
      ]);
    });

    it('finds any template by a search of its name or text, past the first page, and refuses a too long search', async () => {
      for (let index = 0; index < 20; index += 1)
        await admin
          .post('/api/admin/reply-templates')
          .send({ name: `Search ${String(index).padStart(2, '0')}`, body: index === 19 ? 'About 50%_off' : 'Text' });
      const all = (await consultant.get('/api/admin/reply-templates')).body as ListPage<ReplyTemplate>;
      expect(all.items.map((item) => item.name)).not.toContain('Search 19');

      const byName = (await consultant.get('/api/admin/reply-templates').query({ q: 'search 19' }))
        .body as ListPage<ReplyTemplate>;
      expect(byName).toMatchObject({ total: 1, page: 1, pageSize: 15 });
      expect(byName.items.map((item) => item.name)).toEqual(['Search 19']);
      const byText = (await consultant.get('/api/admin/reply-templates').query({ q: '50%_OFF' }))
        .body as ListPage<ReplyTemplate>;
      expect(byText.items.map((item) => item.name)).toEqual(['Search 19']);
      const paged = (await consultant.get('/api/admin/reply-templates').query({ q: 'Search', page: 2 }))
        .body as ListPage<ReplyTemplate>;
      expect(paged).toMatchObject({ total: 20, page: 2 });
      expect(paged.items.map((item) => item.name)).toEqual([
        'Search 15',
        'Search 16',
        'Search 17',
        'Search 18',
        'Search 19',
      ]);

      const tooLong = await consultant
        .get('/api/admin/reply-templates')
        .query({ q: 'x'.repeat(enquiryLimits.searchMax + 1) });
      expect(tooLong.status).toBe(400);
      expect(tooLong.body.fieldErrors).toEqual({ q: [enquiryMessages.searchTooLong] });
    });

    it('tells admins they may edit and delete each template, a consultant nothing, and refuses what it does not offer', async () => {
      const created = await admin.post('/api/admin/reply-templates').send({ name: 'Offered', body: 'Text' });
      expect(created.body).toMatchObject({ actions: ['edit', 'delete'] });
      const id = created.body.id as string;
      const adminList = (await admin.get('/api/admin/reply-templates')).body as ListPage<ReplyTemplate>;
      for (const item of adminList.items) expect(item.actions).toEqual(['edit', 'delete']);
      expect(((await admin.get(`/api/admin/reply-templates/${id}`)).body as ReplyTemplate).actions).toEqual([
        'edit',
        'delete',
      ]);
      const theirs = (await consultant.get('/api/admin/reply-templates')).body as ListPage<ReplyTemplate>;
      expect(theirs.items.length).toBeGreaterThan(0);
      for (const item of theirs.items) expect(item.actions).toEqual([]);
      expect(((await consultant.get(`/api/admin/reply-templates/${id}`)).body as ReplyTemplate).actions).toEqual([]);
      for (const refused of [
        await consultant.put(`/api/admin/reply-templates/${id}`).send({ name: 'Mine', body: 'Text' }),
        await consultant.delete(`/api/admin/reply-templates/${id}`),
      ])
        expect(refused.body).toEqual({ statusCode: 403, error: messages.forbidden });
    });

    it('lets a consultant read templates but not change them', async () => {
      expect((await consultant.get('/api/admin/reply-templates')).status).toBe(200);
      expect((await consultant.post('/api/admin/reply-templates').send({ name: 'Mine', body: 'Text' })).status).toBe(
        403,
      );
    });
  });
});

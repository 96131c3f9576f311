import { randomUUID } from 'node:crypto';
import {
  enquiryLimits,
  enquiryMessages,
  messages,
  textProblems,
  type EnquiryDetail,
  type EnquirySummary,
  type ListPage,
} from '@northbeam/common';
import { ErasureService } from '../src/modules/privacy/erasure.service.js';
import { RetentionService } from '../src/modules/privacy/retention.service.js';
import { createStaff, signedInAgent } from './factories/staff.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const hookTimeoutMs = 120_000;
type Agent = Awaited<ReturnType<typeof signedInAgent>>;
const hourMs = 60 * 60 * 1000;

interface Seed {
  name: string;
  email: string;
  company?: string | null;
  service?: string | null;
  message: string;
  status?: string;
  assigneeId?: string | null;
  createdAt: string;
}

describe('Enquiries inbox', () => {
  let testApp: TestApp;
  let admin: Agent;
  let consultant: Agent;
  const ids = {} as Record<'admin' | 'consultant' | 'otherConsultant' | 'disabled', string>;
  const enquiries = {} as Record<'ada' | 'grace' | 'formula' | 'old' | 'percent', string>;

  async function seed(enquiry: Seed): Promise<string> {
    const id = randomUUID();
    await testApp.dataSource.query(
      `INSERT INTO "contact_messages" ("id", "name", "email", "company", "service", "message", "consent", "status", "assignee_id", "created_at")
       VALUES ($1, $2, $3, $4, $5, $6, true, $7, $8, $9)`,
      [
        id,
        enquiry.name,
        enquiry.email,
        enquiry.company ?? null,
        enquiry.service ?? null,
        enquiry.message,
        enquiry.status ?? 'new',
        enquiry.assigneeId ?? null,
        enquiry.createdAt,
      ],
    );
    return id;
  }

  async function list(agent: Agent, query: Record<string, string> = {}): Promise<ListPage<EnquirySummary>> {
    const response = await agent.get('/api/admin/enquiries').query(query);
    expect(response.status).toBe(200);
    return response.body as ListPage<EnquirySummary>;
  }

  const names = (page: ListPage<EnquirySummary>) => page.items.map((item) => item.name);

  async function activityCount(action: string, targetId: string): Promise<number> {
    const rows = await testApp.dataSource.query<{ count: number }[]>(
      `SELECT count(*)::int AS "count" FROM "staff_activity" WHERE "action" = $1 AND "target_id" = $2`,
      [action, targetId],
    );
    return rows[0].count;
  }

  beforeAll(async () => {
    testApp = await createTestApp({ config: { seedContent: false } });
    ids.admin = (await createStaff(testApp, 'admin')).id;
    ids.consultant = (await createStaff(testApp, 'consultant')).id;
    ids.otherConsultant = (await createStaff(testApp, 'consultant', 'other-consultant@northbeam.example')).id;
    ids.disabled = (await createStaff(testApp, 'consultant', 'gone@northbeam.example')).id;
    await testApp.dataSource.query(`UPDATE "users" SET "disabled_at" = now() WHERE "id" = $1`, [ids.disabled]);
    admin = await signedInAgent(testApp, 'admin@northbeam.example');
    consultant = await signedInAgent(testApp, 'consultant@northbeam.example');

    enquiries.ada = await seed({
      name: 'Ada Lovelace',
      email: 'ada@analytical.example',
      company: 'Analytical Engines Ltd',
      service: 'consulting',
      message: 'We need help with a risk model.',
      assigneeId: ids.consultant,
      createdAt: '2026-11-20T10:00:00Z',
    });
    enquiries.grace = await seed({
      name: 'Grace Hopper',
      email: 'grace@cobol.example',
      service: 'labs',
      message: 'A compiler prototype, please.',
      status: 'open',
      assigneeId: ids.otherConsultant,
      createdAt: '2026-11-21T10:00:00Z',
    });
    enquiries.formula = await seed({
      name: '=HYPERLINK("http://evil.example","Click")',
      email: 'formula@example.com',
      company: '+44 20 7946 0000',
      service: 'immersive',
      message: '@SUM(A1:A9) and a "quoted" word',
      status: 'replied',
      createdAt: '2026-11-22T10:00:00Z',
    });
    enquiries.old = await seed({
      name: 'Old Enquirer',
      email: 'old@example.com',
      service: 'general',
      message: 'Still waiting.',
      status: 'closed',
      createdAt: '2026-10-01T10:00:00Z',
    });
    enquiries.percent = await seed({
      name: 'Percy Cent',
      email: 'percy@example.com',
      message: 'We grew 100% last year.',
      status: 'spam',
      createdAt: '2026-11-23T10:00:00Z',
    });
    // Enough filler for a second page: all general, all new, unassigned, on 2026-11-01.
    for (let index = 0; index < 14; index += 1) {
      await seed({
        name: `Filler ${String(index).padStart(2, '0')}`,
        email: `filler${index}@example.com`,
        service: 'general',
        message: 'Just saying hello.',
        createdAt: `2026-11-01T0${index % 10}:${String(index).padStart(2, '0')}:00Z`,
      });
    }
  }, hookTimeoutMs);

  afterAll(async () => {
    await testApp?.close();
  }, hookTimeoutMs);

  describe('GET /api/admin/enquiries', () => {
    it('pages the whole inbox newest first, 15 a page', async () => {
      const first = await list(admin);
      expect(first).toMatchObject({ total: 19, page: 1, pageSize: enquiryLimits.listPageSize });
      expect(first.items).toHaveLength(15);
      expect(names(first).slice(0, 4)).toEqual([
        'Percy Cent',
        '=HYPERLINK("http://evil.example","Click")',
        'Grace Hopper',
        'Ada Lovelace',
      ]);
      expect(first.items[3]).toEqual({
        id: enquiries.ada,
        name: 'Ada Lovelace',
        email: 'ada@analytical.example',
        company: 'Analytical Engines Ltd',
        service: 'consulting',
        status: 'new',
        assignee: { id: ids.consultant, name: 'Test consultant' },
        createdAt: '2026-11-20T10:00:00.000Z',
        // Unanswered since it arrived, more than 48 hours ago.
        waitingSince: '2026-11-20T10:00:00.000Z',
        overdue: true,
        excerpt: 'We need help with a risk model.',
        actions: ['change_status', 'add_note', 'reply', 'assign'],
      });
      const second = await list(admin, { page: '2' });
      expect(second.items).toHaveLength(4);
      expect(names(second).at(-1)).toBe('Old Enquirer');
    });

    it('filters by status', async () => {
      expect(names(await list(admin, { status: 'open' }))).toEqual(['Grace Hopper']);
      expect(names(await list(admin, { status: 'spam' }))).toEqual(['Percy Cent']);
    });

    it('filters by service interest', async () => {
      expect(names(await list(admin, { service: 'labs' }))).toEqual(['Grace Hopper']);
      expect((await list(admin, { service: 'general' })).total).toBe(15);
    });

    it('filters by assignee, and "none" finds the unassigned', async () => {
      expect(names(await list(admin, { assignee: ids.otherConsultant }))).toEqual(['Grace Hopper']);
      expect((await list(admin, { assignee: 'none' })).total).toBe(17);
    });

    it('filters by received date, both ends inclusive whole days', async () => {
      expect(names(await list(admin, { from: '2026-11-21', to: '2026-11-22' }))).toEqual([
        '=HYPERLINK("http://evil.example","Click")',
        'Grace Hopper',
      ]);
      expect(names(await list(admin, { to: '2026-10-31' }))).toEqual(['Old Enquirer']);
      expect((await list(admin, { from: '2026-11-23' })).total).toBe(1);
    });

    it.each([
      ['name', 'lovelace', ['Ada Lovelace']],
      ['e-mail', 'COBOL.example', ['Grace Hopper']],
      ['company', 'analytical engines', ['Ada Lovelace']],
      ['message', 'compiler', ['Grace Hopper']],
      ['a literal %', '100%', ['Percy Cent']],
    ])('searches the %s', async (_field, q, expected) => {
      expect(names(await list(admin, { q }))).toEqual(expected);
    });

    it('treats % and _ typed in the search as text', async () => {
      expect((await list(admin, { q: '%' })).items.map((item) => item.name)).toEqual(['Percy Cent']);
      expect((await list(admin, { q: '_' })).total).toBe(0);
    });

    it('combines filters', async () => {
      expect(names(await list(admin, { service: 'general', status: 'closed', q: 'waiting' }))).toEqual([
        'Old Enquirer',
      ]);
    });

    it('refuses malformed filters with 400 and the field', async () => {
      for (const [query, field, sentence] of [
        [{ status: 'archived' }, 'status', enquiryMessages.statusInvalid],
        [{ service: 'astrology' }, 'service', enquiryMessages.serviceInvalid],
        [{ assignee: 'someone' }, 'assignee', enquiryMessages.assigneeFilterInvalid],
        [{ from: '2026-13-01' }, 'from', 'Use a date as YYYY-MM-DD'],
        [{ q: 'x'.repeat(201) }, 'q', enquiryMessages.searchTooLong],
      ] as const) {
        const response = await admin.get('/api/admin/enquiries').query(query);
        expect(response.status).toBe(400);
        expect(response.body.fieldErrors[field]).toEqual([sentence]);
      }
    });

    it('shows a consultant only the enquiries assigned to them, whatever assignee they ask for', async () => {
      expect(names(await list(consultant))).toEqual(['Ada Lovelace']);
      expect(names(await list(consultant, { assignee: ids.otherConsultant }))).toEqual(['Ada Lovelace']);
      expect((await list(consultant, { q: 'grace' })).total).toBe(0);
    });
  });

  describe('GET /api/admin/enquiries/:id', () => {
    it('answers the whole message with its notes', async () => {
      const response = await admin.get(`/api/admin/enquiries/${enquiries.formula}`);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        id: enquiries.formula,
        message: '@SUM(A1:A9) and a "quoted" word',
        notes: [],
        assignee: null,
      });
    });

    it('lets a consultant open their own enquiry and refuses the others with 403', async () => {
      expect((await consultant.get(`/api/admin/enquiries/${enquiries.ada}`)).status).toBe(200);
      const refused = await consultant.get(`/api/admin/enquiries/${enquiries.grace}`);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ statusCode: 403, error: messages.forbidden });
      expect((await consultant.get(`/api/admin/enquiries/${enquiries.old}`)).status).toBe(403);
    });

    it('answers 404 for an unknown or malformed id', async () => {
      expect((await admin.get(`/api/admin/enquiries/${randomUUID()}`)).body).toEqual({
        statusCode: 404,
        error: enquiryMessages.notFound,
      });
      expect((await admin.get('/api/admin/enquiries/not-an-id')).status).toBe(404);
    });
  });

  describe('PATCH /api/admin/enquiries/:id', () => {
    it('changes the status and logs exactly one activity line; the same status again logs nothing', async () => {
      const response = await admin.patch(`/api/admin/enquiries/${enquiries.old}`).send({ status: 'open' });
      expect(response.status).toBe(200);
      expect((response.body as EnquiryDetail).status).toBe('open');
      expect(await activityCount('enquiry.status_changed', enquiries.old)).toBe(1);
      await admin.patch(`/api/admin/enquiries/${enquiries.old}`).send({ status: 'open' });
      expect(await activityCount('enquiry.status_changed', enquiries.old)).toBe(1);
    });

    it('assigns, logs exactly one line and mails the assignee through the outbox', async () => {
      const response = await admin
        .patch(`/api/admin/enquiries/${enquiries.formula}`)
        .send({ assigneeId: ids.otherConsultant });
      expect(response.status).toBe(200);
      expect((response.body as EnquiryDetail).assignee).toEqual({ id: ids.otherConsultant, name: 'Test consultant' });
      expect(await activityCount('enquiry.assigned', enquiries.formula)).toBe(1);
      expect(await activityCount('enquiry.status_changed', enquiries.formula)).toBe(0);
      const mails = await testApp.dataSource.query<{ subject: string; text_body: string; html_body: string }[]>(
        `SELECT "subject", "text_body", "html_body" FROM "email_outbox" WHERE "kind" = 'enquiry_assigned' AND "to_address" = $1`,
        ['other-consultant@northbeam.example'],
      );
      expect(mails).toHaveLength(1);
      expect(mails[0].text_body).toContain(`http://localhost:3000/admin/enquiries/${enquiries.formula}`);
      expect(mails[0].html_body).not.toContain('<a href="http://evil');
    });

    it('status and assignee in one call log one line each', async () => {
      await admin
        .patch(`/api/admin/enquiries/${enquiries.percent}`)
        .send({ status: 'closed', assigneeId: ids.consultant });
      expect(await activityCount('enquiry.status_changed', enquiries.percent)).toBe(1);
      expect(await activityCount('enquiry.assigned', enquiries.percent)).toBe(1);
      const unassigned = await admin.patch(`/api/admin/enquiries/${enquiries.percent}`).send({ assigneeId: null });
      expect((unassigned.body as EnquiryDetail).assignee).toBeNull();
      expect(await activityCount('enquiry.assigned', enquiries.percent)).toBe(2);
    });

    it('refuses a disabled or unknown assignee with 400 and changes nothing', async () => {
      for (const assigneeId of [ids.disabled, randomUUID()]) {
        const response = await admin
          .patch(`/api/admin/enquiries/${enquiries.old}`)
          .send({ status: 'replied', assigneeId });
        expect(response.status).toBe(400);
        expect(response.body.fieldErrors).toEqual({ assigneeId: [enquiryMessages.assigneeInvalid] });
      }
      expect((await admin.get(`/api/admin/enquiries/${enquiries.old}`)).body.status).toBe('open');
      expect(await activityCount('enquiry.status_changed', enquiries.old)).toBe(1);
    });

    it('refuses an unknown status and an empty change with 400', async () => {
      expect(
        (await admin.patch(`/api/admin/enquiries/${enquiries.old}`).send({ status: 'archived' })).body.fieldErrors,
      ).toEqual({
        status: [enquiryMessages.statusInvalid],
      });
      expect((await admin.patch(`/api/admin/enquiries/${enquiries.old}`).send({})).body).toEqual({
        statusCode: 400,
        error: enquiryMessages.nothingToChange,
      });
    });

    it('lets a consultant change the status of their own enquiry, not reassign it, and not touch others', async () => {
      expect((await consultant.patch(`/api/admin/enquiries/${enquiries.ada}`).send({ status: 'open' })).status).toBe(
        200,
      );
      const reassign = await consultant
        .patch(`/api/admin/enquiries/${enquiries.ada}`)
        .send({ assigneeId: ids.otherConsultant });
      expect(reassign.body).toEqual({ statusCode: 403, error: enquiryMessages.onlyAdminsAssign });
      expect(
        (await consultant.patch(`/api/admin/enquiries/${enquiries.grace}`).send({ status: 'closed' })).status,
      ).toBe(403);
      expect(await activityCount('enquiry.status_changed', enquiries.grace)).toBe(0);
    });
  });

  describe('actions', () => {
    it('tells admins every action on every enquiry, a consultant all but reassigning on theirs, and refuses the rest', async () => {
      const everything = ['change_status', 'add_note', 'reply', 'assign'];
      const adminList = await list(admin);
      for (const item of adminList.items) expect(item.actions).toEqual(everything);
      expect(((await admin.get(`/api/admin/enquiries/${enquiries.ada}`)).body as EnquiryDetail).actions).toEqual(
        everything,
      );
      const mine = await list(consultant);
      expect(mine.items.map((item) => [item.id, item.actions])).toEqual([
        [enquiries.ada, ['change_status', 'add_note', 'reply']],
      ]);
      const detail = (await consultant.get(`/api/admin/enquiries/${enquiries.ada}`)).body as EnquiryDetail;
      expect(detail.actions).toEqual(['change_status', 'add_note', 'reply']);
      const reassign = await consultant
        .patch(`/api/admin/enquiries/${enquiries.ada}`)
        .send({ status: 'open', assigneeId: ids.consultant });
      expect(reassign.body).toEqual({ statusCode: 403, error: enquiryMessages.onlyAdminsAssign });
      const replying = await consultant
        .post(`/api/admin/enquiries/${enquiries.grace}/replies`)
        .send({ subject: 'Hello', body: 'Not yours to answer.' });
      expect(replying.body).toEqual({ statusCode: 403, error: messages.forbidden });
    });
  });

  describe('POST /api/admin/enquiries/:id/notes', () => {
    it('adds a note with its author, shown in the enquiry', async () => {
      const response = await consultant
        .post(`/api/admin/enquiries/${enquiries.ada}/notes`)
        .send({ body: '  Called back, waiting for the brief.  ' });
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({
        body: 'Called back, waiting for the brief.',
        author: { id: ids.consultant, name: 'Test consultant' },
      });
      const detail = (await admin.get(`/api/admin/enquiries/${enquiries.ada}`)).body as EnquiryDetail;
      expect(detail.notes.map((note) => note.body)).toEqual(['Called back, waiting for the brief.']);
    });

    it('keeps the line breaks of a multi-line note, and refuses a control character in it with 400', async () => {
      const written = await admin
        .post(`/api/admin/enquiries/${enquiries.percent}/notes`)
        .send({ body: 'Called back.\n\n\tWaiting for the brief.' });
      expect(written.status).toBe(201);
      expect(written.body).toMatchObject({ body: 'Called back.\n\n\tWaiting for the brief.' });
      const refused = await admin
        .post(`/api/admin/enquiries/${enquiries.percent}/notes`)
        .send({ body: 'Bell\u0007 rang' });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe(textProblems.controlCharacter);
      const detail = (await admin.get(`/api/admin/enquiries/${enquiries.percent}`)).body as EnquiryDetail;
      expect(detail.notes.map((note) => note.body)).toContain('Called back.\n\n\tWaiting for the brief.');
      expect(detail.notes.map((note) => note.body)).not.toContain('Bell\u0007 rang');
    });

    it('refuses an empty or too long note, and a consultant on an enquiry not theirs', async () => {
      expect(
        (await admin.post(`/api/admin/enquiries/${enquiries.ada}/notes`).send({ body: '   ' })).body.fieldErrors,
      ).toEqual({
        body: [enquiryMessages.noteRequired],
      });
      expect(
        (
          await admin
            .post(`/api/admin/enquiries/${enquiries.ada}/notes`)
            .send({ body: 'x'.repeat(enquiryLimits.noteMax + 1) })
        ).body.fieldErrors,
      ).toEqual({ body: [enquiryMessages.noteTooLong] });
      expect(
        (await consultant.post(`/api/admin/enquiries/${enquiries.grace}/notes`).send({ body: 'Mine now' })).status,
      ).toBe(403);
    });
  });

  describe('GET /api/admin/enquiries.csv', () => {
    it('exports the filtered list with formula-like cells neutralised, and logs the export once', async () => {
      const before = await testApp.dataSource.query<{ count: number }[]>(
        `SELECT count(*)::int AS "count" FROM "staff_activity" WHERE "action" = 'enquiry.exported'`,
      );
      const response = await admin.get('/api/admin/enquiries.csv').query({ service: 'immersive' });
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe('attachment; filename="enquiries.csv"');
      const lines = response.text.trimEnd().split('\r\n');
      expect(lines).toEqual([
        '\uFEFF"Received","Status","Name","Email","Company","Service","Assignee","Message"',
        `"22/11/2026 10:00","Replied","'=HYPERLINK(""http://evil.example"",""Click"")","formula@example.com","'+44 20 7946 0000","Immersive (XR and CGI)","Test consultant","'@SUM(A1:A9) and a ""quoted"" word"`,
      ]);
      const after = await testApp.dataSource.query<{ count: number; label: string }[]>(
        `SELECT count(*)::int AS "count", max("target_label") AS "label" FROM "staff_activity" WHERE "action" = 'enquiry.exported'`,
      );
      expect(after[0].count).toBe(before[0].count + 1);
      expect(after[0].label).toBe('1 enquiries (service=immersive)');
    });

    it('exports every match, not one page, and only a consultant’s own', async () => {
      expect((await admin.get('/api/admin/enquiries.csv')).text.trimEnd().split('\r\n')).toHaveLength(20);
      const mine = (await consultant.get('/api/admin/enquiries.csv')).text.trimEnd().split('\r\n');
      expect(mine).toHaveLength(2);
      expect(mine.slice(1).every((line) => line.includes('Test consultant'))).toBe(true);
    });
  });

  describe('GET /api/admin/enquiries/counts', () => {
    it('counts new enquiries, those new or open for more than 48 hours, and those under Spam', async () => {
      const now = Date.now();
      const fresh = await seed({
        name: 'Fresh',
        email: 'fresh@example.com',
        message: 'Hi',
        createdAt: new Date(now - hourMs).toISOString(),
      });
      const before = (await admin.get('/api/admin/enquiries/counts')).body as {
        new: number;
        unanswered: number;
        spam: number;
      };
      await seed({
        name: 'Late',
        email: 'late@example.com',
        message: 'Hi',
        status: 'open',
        createdAt: new Date(now - 49 * hourMs).toISOString(),
      });
      await seed({
        name: 'Nearly',
        email: 'nearly@example.com',
        message: 'Hi',
        status: 'open',
        createdAt: new Date(now - 47 * hourMs).toISOString(),
      });
      await seed({
        name: 'Done',
        email: 'done@example.com',
        message: 'Hi',
        status: 'replied',
        createdAt: new Date(now - 90 * hourMs).toISOString(),
      });
      await seed({
        name: 'Junk',
        email: 'junk@example.com',
        message: 'Cheap pills',
        status: 'spam',
        createdAt: new Date(now - 2 * hourMs).toISOString(),
      });
      const after = (await admin.get('/api/admin/enquiries/counts')).body as { new: number; unanswered: number };
      expect(after).toEqual({ new: before.new, unanswered: before.unanswered + 1, spam: before.spam + 1 });
      // The consultant holds Ada's enquiry (open since 20 November, so late) and now this fresh one.
      await testApp.dataSource.query(`UPDATE "contact_messages" SET "assignee_id" = $1 WHERE "id" = $2`, [
        ids.consultant,
        fresh,
      ]);
      expect((await consultant.get('/api/admin/enquiries/counts')).body).toEqual({ new: 1, unanswered: 1, spam: 0 });
    });
  });

  describe('erasure', () => {
    it('erases the address’s enquiries with their notes and assignments, and leaves other enquiries’ notes', async () => {
      await admin.patch(`/api/admin/enquiries/${enquiries.grace}`).send({ assigneeId: ids.consultant });
      await admin.post(`/api/admin/enquiries/${enquiries.grace}/notes`).send({ body: 'Asked about the timeline.' });
      const counts = await testApp.dataSource.transaction((manager) =>
        testApp.app.get(ErasureService).eraseAddress(manager, ' Grace@COBOL.example '),
      );
      expect(counts).toMatchObject({ enquiry_notes: 1, contact_messages: 1 });
      const left = await testApp.dataSource.query<{ count: number }[]>(
        `SELECT count(*)::int AS "count" FROM "enquiry_notes" n JOIN "contact_messages" m ON m."id" = n."enquiry_id" WHERE m."email" = 'grace@cobol.example'`,
      );
      expect(left[0].count).toBe(0);
      expect((await admin.get(`/api/admin/enquiries/${enquiries.grace}`)).status).toBe(404);
      expect((await admin.get(`/api/admin/enquiries/${enquiries.ada}`)).body.notes).toHaveLength(1);
    });

    it('the retention purge of enquiries older than 3 years takes their notes with them', async () => {
      const old = await seed({
        name: 'Ancient',
        email: 'ancient@example.com',
        message: 'Long ago',
        createdAt: '2023-01-01T10:00:00Z',
      });
      await admin.post(`/api/admin/enquiries/${old}/notes`).send({ body: 'Never answered.' });
      await testApp.app.get(RetentionService).runRetention(new Date('2026-11-25T00:00:00Z'));
      const notes = await testApp.dataSource.query<{ count: number }[]>(
        `SELECT count(*)::int AS "count" FROM "enquiry_notes" WHERE "enquiry_id" = $1`,
        [old],
      );
      expect(notes[0].count).toBe(0);
      expect((await admin.get(`/api/admin/enquiries/${enquiries.ada}`)).body.notes).toHaveLength(1);
    });
  });
});

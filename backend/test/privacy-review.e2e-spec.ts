import { strFromU8, unzipSync } from 'fflate';
import {
  accessReviewMessages,
  enquiryMessages,
  type AccessFindings,
  type DeletionRequestDetail,
} from '@northbeam/common';
import { UsersService } from '../src/modules/users/users.service.js';
import { signedInAgent, staffPassword } from './factories/staff.js';
import { downloadTokenFrom, recordMails, tokenFrom, type RecordedMail } from './fixtures/mail-recorder.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const browser = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

function binary(
  response: { on: (event: string, listener: (chunk?: Buffer) => void) => void },
  done: (error: Error | null, body: Buffer) => void,
) {
  const chunks: Buffer[] = [];
  response.on('data', (chunk) => chunks.push(chunk!));
  response.on('end', () => done(null, Buffer.concat(chunks)));
}

/**
 * Review before disclosure (docs/product.md#privacy-review): a privacy officer sees what an access
 * request found, kind by kind, and the export holds the requester's own data and no other person's
 * name or address unless the officer includes the record; the history says what was left out and why.
 */
describe('Privacy: review of an access request before disclosure', () => {
  let testApp: TestApp;
  let mails: RecordedMail[];
  let admin: Awaited<ReturnType<typeof signedInAgent>>;
  let officer: Awaited<ReturnType<typeof signedInAgent>>;
  let consultantId: string;
  let officerId: string;
  const people = {
    admin: { name: 'Grace Admin', email: 'grace.admin@northbeam.example' },
    consultant: { name: 'Oliver Quinn', email: 'oliver.quinn@northbeam.example' },
    officer: { name: 'Helena Marsh', email: 'helena.marsh@northbeam.example' },
  };

  beforeAll(async () => {
    testApp = await createTestApp({ config: { seedContent: false } });
    const users = testApp.app.get(UsersService);
    await users.create({ ...people.admin, role: 'admin', password: staffPassword });
    consultantId = (await users.create({ ...people.consultant, role: 'consultant', password: staffPassword })).id;
    officerId = (await users.create({ ...people.officer, role: 'privacy_officer', password: staffPassword })).id;
    admin = await signedInAgent(testApp, people.admin.email);
    officer = await signedInAgent(testApp, people.officer.email);
    mails = recordMails(testApp);
  }, 180_000);

  afterAll(async () => {
    await testApp?.close();
  }, 60_000);

  /** A requester who enquired, was assigned to a consultant, and was noted about (the note names someone else). */
  async function enquirer(email: string, name: string): Promise<void> {
    const contact = await testApp
      .request()
      .post('/api/contact')
      .set('User-Agent', browser)
      .send({
        name,
        email,
        message: `Hello, I am ${name} and I would like a data strategy review.`,
        consent: true,
        turnstileToken: 'development-fallback-token',
        website: '',
        startedAt: String(Date.now() - 60_000),
      });
    expect(contact.status).toBe(201);
    const [enquiry] = await testApp.dataSource.query<{ id: string }[]>(
      'SELECT "id" FROM "contact_messages" WHERE "email" = $1',
      [email],
    );
    expect((await admin.patch(`/api/admin/enquiries/${enquiry.id}`).send({ assigneeId: consultantId })).status).toBe(
      200,
    );
    const note = await admin.post(`/api/admin/enquiries/${enquiry.id}/notes`).send({
      body: `Oliver Quinn to call. Her colleague Mara Vance (mara.vance@othercorp.example) signs off the budget.`,
    });
    expect(note.status).toBe(201);
  }

  async function verifiedAccessRequest(email: string): Promise<{ id: string; requestId: string }> {
    const created = await testApp.request().post('/api/request-data-access').send({ email, consent: true });
    expect(created.status).toBe(201);
    const mail = mails.filter((entry) => entry.kind === 'deletion_verification').at(-1)!;
    expect(
      (
        await testApp
          .request()
          .post('/api/request-data-access/verify')
          .send({ token: tokenFrom(mail) })
      ).status,
    ).toBe(200);
    const [row] = await testApp.dataSource.query<{ id: string }[]>(
      'SELECT "id" FROM "deletion_requests" WHERE "request_id" = $1',
      [created.body.requestId],
    );
    return { id: row.id, requestId: created.body.requestId as string };
  }

  async function downloadExport(): Promise<{ json: string; html: string; token: string }> {
    const token = downloadTokenFrom(mails.filter((mail) => mail.kind === 'access_export_ready').at(-1)!);
    const response = await testApp
      .request()
      .post('/api/request-data-access/download')
      .send({ token })
      .buffer(true)
      .parse(binary);
    expect(response.status).toBe(200);
    const files = unzipSync(new Uint8Array(response.body as Buffer));
    return { json: strFromU8(files['your-data.json']), html: strFromU8(files['your-data.html']), token };
  }

  const otherPeople = [
    people.admin.name,
    people.admin.email,
    people.consultant.name,
    people.consultant.email,
    people.officer.name,
    people.officer.email,
    'Mara Vance',
    'mara.vance@othercorp.example',
  ];

  it('shows the records by kind with counts and previews, flags those about other people, and discloses only the requester’s own', async () => {
    const email = 'rhea.requester@example.com';
    await enquirer(email, 'Rhea Requester');
    const { id, requestId } = await verifiedAccessRequest(email);

    // Approving without a review is refused.
    const blind = await officer.post(`/api/admin/deletion-requests/${id}/approve`).send({});
    expect(blind.status).toBe(400);
    expect(blind.body.error).toBe(accessReviewMessages.reviewRequired);

    const response = await officer.get(`/api/admin/deletion-requests/${id}/findings`);
    expect(response.status).toBe(200);
    const findings = response.body as AccessFindings;
    const kind = (store: string) => findings.kinds.find((entry) => entry.store === store)!;
    expect(kind('contact_messages')).toMatchObject({ title: 'Messages you sent us', count: 1 });
    expect(kind('contact_messages').records[0].review).toBeNull();
    expect(kind('contact_messages').records[0].preview).toContainEqual({
      label: 'Message',
      value: 'Hello, I am Rhea Requester and I would like a data strategy review.',
    });
    expect(kind('enquiry_notes').count).toBe(1);
    expect(kind('enquiry_notes').records[0].review).toMatch(/^An internal note by staff/);
    expect(kind('enquiry_notes').records[0].review).toContain('Oliver Quinn');
    expect(kind('enquiry_notes').records[0].review).toContain('mara.vance@othercorp.example');
    // "Grace Admin assigned you the enquiry from Rhea Requester": a notification between staff.
    expect(kind('staff_notifications').count).toBe(1);
    expect(kind('staff_notifications').records[0].review).toContain('A notification between members of staff');
    expect(findings.flagged).toBe(2);
    expect(findings.total).toBe(findings.kinds.reduce((sum, entry) => sum + entry.count, 0));

    // A stale review and a decision about a record not found are refused.
    const stale = await officer
      .post(`/api/admin/deletion-requests/${id}/approve`)
      .send({ digest: 'f'.repeat(32), include: [], exclude: [] });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toBe(accessReviewMessages.findingsChanged);
    const unknown = await officer
      .post(`/api/admin/deletion-requests/${id}/approve`)
      .send({ digest: findings.digest, include: ['0123456789abcdef0123'], exclude: [] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe(accessReviewMessages.unknownRecord);

    const approved = await officer
      .post(`/api/admin/deletion-requests/${id}/approve`)
      .send({ digest: findings.digest, include: [], exclude: [] });
    expect(approved.status).toBe(200);
    const { json, html } = await downloadExport();
    for (const text of [json, html]) {
      expect(text).toContain('Hello, I am Rhea Requester and I would like a data strategy review.');
      expect(text).toContain(email);
      for (const other of otherPeople) expect([other, text.includes(other)]).toEqual([other, false]);
    }
    expect(html).toContain('We left out 2 records');
    expect(JSON.parse(json)).toMatchObject({ withheldRecords: 2 });

    // The history names the officer and says what was left out and why.
    const detail = approved.body as DeletionRequestDetail;
    const reviewed = detail.history.find((entry) => entry.action === 'export_reviewed')!;
    expect(reviewed.actor).toEqual({ name: people.officer.name, email: people.officer.email });
    expect(reviewed.notes[0]).toMatch(/ disclosed, 2 left out\.$/);
    expect(reviewed.notes).toContainEqual(
      expect.stringMatching(
        /^Left out: Notes our team wrote about your messages, .+\. Why: Not included after review: An internal note by staff/,
      ),
    );
    expect(detail.history.find((entry) => entry.action === 'approved')!.actor).toEqual({
      name: people.officer.name,
      email: people.officer.email,
    });
    const activity = await testApp.dataSource.query<{ action: string; actor_name: string }[]>(
      `SELECT "action", "actor_name" FROM "staff_activity" WHERE "target_label" LIKE $1 ORDER BY "at", "action"`,
      [`${requestId}%`],
    );
    expect(activity).toEqual([
      { action: 'privacy.export_reviewed', actor_name: people.officer.name },
      { action: 'privacy.request_approved', actor_name: people.officer.name },
    ]);
  });

  it('discloses a flagged record the officer includes and leaves out one of the requester’s own with the reason given', async () => {
    const email = 'sam.second@example.com';
    await enquirer(email, 'Sam Second');
    const { id } = await verifiedAccessRequest(email);
    const findings = (await officer.get(`/api/admin/deletion-requests/${id}/findings`)).body as AccessFindings;
    const note = findings.kinds.find((kind) => kind.store === 'enquiry_notes')!.records[0];
    const message = findings.kinds.find((kind) => kind.store === 'contact_messages')!.records[0];
    const missingReason = await officer
      .post(`/api/admin/deletion-requests/${id}/approve`)
      .send({ digest: findings.digest, include: [note.id], exclude: [{ id: message.id, reason: '  ' }] });
    expect(missingReason.status).toBe(400);
    expect(JSON.stringify(missingReason.body)).toContain(accessReviewMessages.reasonRequired);

    const approved = await officer.post(`/api/admin/deletion-requests/${id}/approve`).send({
      digest: findings.digest,
      include: [note.id],
      exclude: [{ id: message.id, reason: 'Legal advice withheld under the exemption' }],
    });
    expect(approved.status).toBe(200);
    const { json } = await downloadExport();
    expect(json).toContain('Mara Vance');
    const stores = (JSON.parse(json) as { stores: Record<string, { rows: unknown[] }> }).stores;
    expect(stores.enquiry_notes.rows).toHaveLength(1);
    // The message itself is left out (its receipt mail, another record of theirs, stays).
    expect(stores.contact_messages.rows).toEqual([]);
    const reviewed = (approved.body as DeletionRequestDetail).history.find(
      (entry) => entry.action === 'export_reviewed',
    )!;
    expect(reviewed.notes).toContainEqual(expect.stringMatching(/^Disclosed after review: Notes our team wrote/));
    expect(reviewed.notes).toContainEqual(
      expect.stringMatching(/^Left out: Messages you sent us, .+\. Why: Legal advice withheld under the exemption$/),
    );
  });

  it('never makes the privacy officer hold an enquiry (they would be told of it)', async () => {
    const [enquiry] = await testApp.dataSource.query<{ id: string }[]>('SELECT "id" FROM "contact_messages" LIMIT 1');
    const refused = await admin.patch(`/api/admin/enquiries/${enquiry.id}`).send({ assigneeId: officerId });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain(enquiryMessages.assigneeInvalid);
    expect(
      await testApp.dataSource.query(
        `SELECT 1 FROM "staff_notifications" WHERE "user_id" = $1 AND "kind" LIKE 'enquiry%'`,
        [officerId],
      ),
    ).toEqual([]);
  });

  it('a used or expired download link says so and gives nothing', async () => {
    const { id } = await verifiedAccessRequest('link.state@example.com');
    const findings = (await officer.get(`/api/admin/deletion-requests/${id}/findings`)).body as AccessFindings;
    await officer
      .post(`/api/admin/deletion-requests/${id}/approve`)
      .send({ digest: findings.digest, include: [], exclude: [] });
    const token = downloadTokenFrom(mails.filter((mail) => mail.kind === 'access_export_ready').at(-1)!);
    const state = () => testApp.request().get(`/api/request-data-access/download?token=${token}`);

    expect((await state()).body).toEqual({ state: 'ready', expiresAt: expect.any(String) });
    // Asking does not take the file.
    expect((await state()).body.state).toBe('ready');
    await downloadExport();
    expect((await state()).body).toEqual({ state: 'used', downloadedAt: expect.any(String) });
    const again = await testApp.request().post('/api/request-data-access/download').send({ token });
    expect(again.status).toBe(400);
    expect(await testApp.dataSource.query('SELECT 1 FROM "privacy_exports" WHERE "archive" IS NOT NULL')).toHaveLength(
      0,
    );

    const { id: later } = await verifiedAccessRequest('link.expired@example.com');
    const laterFindings = (await officer.get(`/api/admin/deletion-requests/${later}/findings`)).body as AccessFindings;
    await officer
      .post(`/api/admin/deletion-requests/${later}/approve`)
      .send({ digest: laterFindings.digest, include: [], exclude: [] });
    const expiredToken = downloadTokenFrom(mails.filter((mail) => mail.kind === 'access_export_ready').at(-1)!);
    await testApp.dataSource.query(
      `UPDATE "privacy_exports" SET "expires_at" = now() - interval '1 minute' WHERE "archive" IS NOT NULL`,
    );
    expect((await testApp.request().get(`/api/request-data-access/download?token=${expiredToken}`)).body).toEqual({
      state: 'expired',
    });
    expect((await testApp.request().get(`/api/request-data-access/download?token=unknown-token`)).body).toEqual({
      state: 'expired',
    });
    expect(
      (await testApp.request().post('/api/request-data-access/download').send({ token: expiredToken })).status,
    ).toBe(400);
  });
});

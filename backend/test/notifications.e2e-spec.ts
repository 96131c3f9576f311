import { randomUUID } from 'node:crypto';
import { notificationMessages, type DataMapEntry, type NotificationPage } from '@northbeam/common';
import { EnquiryReminders } from '../src/modules/enquiries/enquiry-reminders.js';
import { staffNotificationsStore } from '../src/modules/notifications/notifications.personal-data.js';
import { PostScheduler } from '../src/modules/posts/post-scheduler.js';
import { PrivacyScheduler } from '../src/modules/privacy/privacy.scheduler.js';
import { RetentionService } from '../src/modules/privacy/retention.service.js';
import { createStaff, signedInAgent } from './factories/staff.js';
import { createSharedTestDatabase } from './helpers/shared-database.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import type { TestDatabase } from './helpers/test-database.js';

/**
 * Staff notifications (docs/product.md#notifications): each is one line under the bell and one mail
 * in the outbox, written once with what it is about, never for whoever acted, and not for a person
 * who turned its kind off. The reminder and the digest run on the clock they are called with (their
 * own timers never reach these times), on two instances sharing one database.
 */
const hookTimeoutMs = 180_000;
const hourMs = 60 * 60 * 1000;
const dayMs = 24 * hourMs;
type Agent = Awaited<ReturnType<typeof signedInAgent>>;
const testConfig = { seedContent: false, scheduledPublishIntervalMs: 0, mailDispatchIntervalMs: 0 };

describe('Staff notifications', () => {
  let database: TestDatabase;
  let first: TestApp;
  let second: TestApp;
  let superAdmin: Agent;
  let admin: Agent;
  let consultant: Agent;
  const ids = {} as Record<'superAdmin' | 'admin' | 'consultant' | 'officer', string>;
  const emails = {
    superAdmin: 'super-admin@northbeam.example',
    admin: 'admin@northbeam.example',
    consultant: 'consultant@northbeam.example',
    officer: 'privacy-officer@northbeam.example',
  };

  /** Bell lines of a kind, per recipient id. */
  async function lines(kind: string, extra = ''): Promise<{ user_id: string; title: string; url: string }[]> {
    return first.dataSource.query(
      `SELECT "user_id", "title", "url" FROM "staff_notifications" WHERE "kind" = $1 ${extra} ORDER BY "created_at"`,
      [kind],
    );
  }

  async function mails(kind: string): Promise<{ to_address: string; subject: string; text_body: string }[]> {
    return first.dataSource.query(
      `SELECT "to_address", "subject", "text_body" FROM "email_outbox" WHERE "kind" = $1 ORDER BY "to_address"`,
      [kind],
    );
  }

  async function clear(): Promise<void> {
    await first.dataSource.query(`DELETE FROM "staff_notifications"`);
    await first.dataSource.query(`DELETE FROM "email_outbox"`);
    await first.dataSource.query(`DELETE FROM "notification_opt_outs"`);
  }

  async function seedEnquiry(values: { name: string; createdAt: Date; status?: string; assigneeId?: string }) {
    const id = randomUUID();
    await first.dataSource.query(
      `INSERT INTO "contact_messages" ("id", "name", "email", "message", "consent", "status", "assignee_id", "created_at")
       VALUES ($1, $2, $3, 'Please get in touch.', true, $4, $5, $6)`,
      [id, values.name, `${id}@example.com`, values.status ?? 'new', values.assigneeId ?? null, values.createdAt],
    );
    return id;
  }

  function postBody(slug: string, extra: Record<string, unknown> = {}) {
    return {
      title: `Post ${slug}`,
      slug,
      excerpt: `Excerpt of ${slug}.`,
      body: `The body of ${slug}, long enough to read.`,
      section: 'labs',
      tags: ['notes'],
      ...extra,
    };
  }

  beforeAll(async () => {
    database = await createSharedTestDatabase();
    first = await createTestApp({ database, config: testConfig });
    second = await createTestApp({ database, config: testConfig });
    ids.superAdmin = (await createStaff(first, 'super_admin')).id;
    ids.admin = (await createStaff(first, 'admin')).id;
    ids.consultant = (await createStaff(first, 'consultant')).id;
    // In every test below: told of privacy requests only, never of posts or enquiries (the exact
    // audiences of the post and enquiry kinds leave the officer out).
    ids.officer = (await createStaff(first, 'privacy_officer')).id;
    superAdmin = await signedInAgent(first, emails.superAdmin);
    admin = await signedInAgent(first, emails.admin);
    consultant = await signedInAgent(first, emails.consultant);
  }, hookTimeoutMs);

  afterAll(async () => {
    await first?.close();
    await second?.close();
    await database?.drop();
  }, hookTimeoutMs);

  beforeEach(clear);

  describe('posts', () => {
    it('tells every admin once when a consultant submits a post for review, and nobody when it is saved again', async () => {
      const created = await consultant.post('/api/admin/posts').send(postBody('for-review', { status: 'in_review' }));
      expect(created.status).toBe(201);
      const told = await lines('post_submitted');
      expect(told.map((line) => line.user_id).sort()).toEqual([ids.superAdmin, ids.admin].sort());
      expect(told[0]).toMatchObject({
        title: 'Test consultant submitted "Post for-review" for review',
        url: `/admin/posts/edit/${created.body.id}`,
      });
      expect((await mails('post_submitted')).map((mail) => mail.to_address)).toEqual([emails.admin, emails.superAdmin]);
      expect((await mails('post_submitted'))[0].text_body).toContain(`/admin/posts/edit/${created.body.id}`);

      // Saved again while in review: no second notification.
      await admin.put(`/api/admin/posts/${created.body.id}`).send(postBody('for-review', { status: 'in_review' }));
      expect(await lines('post_submitted')).toHaveLength(2);
    });

    it('respects an admin who turned "submitted for review" off: neither line nor mail', async () => {
      const off = await admin.put('/api/admin/account/notifications').send({ off: ['post_submitted'] });
      expect(off.status).toBe(200);
      expect(off.body).toEqual({ off: ['post_submitted'] });
      expect((await admin.get('/api/admin/account/notifications')).body).toEqual({ off: ['post_submitted'] });
      await consultant.post('/api/admin/posts').send(postBody('quiet-review', { status: 'in_review' }));
      expect((await lines('post_submitted')).map((line) => line.user_id)).toEqual([ids.superAdmin]);
      expect((await mails('post_submitted')).map((mail) => mail.to_address)).toEqual([emails.superAdmin]);
    });

    it('tells the author when their post is sent back or published by an admin, but not the admin', async () => {
      const created = await consultant.post('/api/admin/posts').send(postBody('author-news', { status: 'in_review' }));
      await clear();
      const sentBack = await admin
        .post(`/api/admin/posts/${created.body.id}/send-back`)
        .send({ note: 'Shorten the introduction.' });
      expect(sentBack.status).toBe(200);
      expect(await lines('post_sent_back')).toEqual([
        expect.objectContaining({
          user_id: ids.consultant,
          title: 'Test admin sent "Post author-news" back with a note',
        }),
      ]);
      expect((await mails('post_sent_back')).map((mail) => mail.to_address)).toEqual([emails.consultant]);
      expect((await mails('post_sent_back'))[0].text_body).toContain('Shorten the introduction.');

      const published = await admin
        .put(`/api/admin/posts/${created.body.id}`)
        .send(postBody('author-news', { status: 'published' }));
      expect(published.status).toBe(200);
      expect(await lines('post_published')).toEqual([
        expect.objectContaining({ user_id: ids.consultant, title: 'Test admin published "Post author-news"' }),
      ]);
      expect((await mails('post_published'))[0].text_body).toContain('/blog/labs/author-news');

      // An admin publishing their own post is told nothing.
      await admin.post('/api/admin/posts').send(postBody('admins-own'));
      const own = (await admin.get('/api/admin/posts').query({ q: 'admins-own' })).body.items[0].id as string;
      await admin.put(`/api/admin/posts/${own}`).send(postBody('admins-own', { status: 'published' }));
      expect(await lines('post_published')).toHaveLength(1);
    });

    it('tells the author once when the scheduler puts their post live', async () => {
      const publishAt = new Date(Date.now() + dayMs);
      const created = await admin.post('/api/admin/posts').send(postBody('goes-live'));
      await first.dataSource.query(`UPDATE "posts" SET "created_by_id" = $1 WHERE "id" = $2`, [
        ids.consultant,
        created.body.id,
      ]);
      await admin
        .put(`/api/admin/posts/${created.body.id}`)
        .send(postBody('goes-live', { status: 'scheduled', publishAt: publishAt.toISOString() }));
      const clock = new Date(publishAt.getTime() + 1000);
      await first.app.get(PostScheduler).publishDue(clock);
      await second.app.get(PostScheduler).publishDue(clock);
      expect(await lines('post_live')).toEqual([
        expect.objectContaining({ user_id: ids.consultant, title: '"Post goes-live" went live as scheduled' }),
      ]);
      expect((await mails('post_live')).map((mail) => mail.to_address)).toEqual([emails.consultant]);
    });
  });

  describe('enquiries', () => {
    it('tells the new assignee (not an admin who takes it) and links to the enquiry', async () => {
      const id = await seedEnquiry({ name: 'Assigned Person', createdAt: new Date() });
      await admin.patch(`/api/admin/enquiries/${id}`).send({ assigneeId: ids.consultant });
      expect(await lines('enquiry_assigned')).toEqual([
        {
          user_id: ids.consultant,
          title: 'Test admin assigned you the enquiry from Assigned Person',
          url: `/admin/enquiries/${id}`,
        },
      ]);
      expect((await mails('enquiry_assigned')).map((mail) => mail.to_address)).toEqual([emails.consultant]);
      await admin.patch(`/api/admin/enquiries/${id}`).send({ assigneeId: ids.admin });
      // The admin who takes it is not told; the consultant's line went with the enquiry.
      expect(await lines('enquiry_assigned')).toHaveLength(0);
    });

    it('takes the bell lines naming the enquirer from a consultant once the enquiry is reassigned; the admins keep theirs', async () => {
      const id = await seedEnquiry({ name: 'Moving Person', createdAt: new Date() });
      const other = await seedEnquiry({ name: 'Staying Person', createdAt: new Date() });
      await admin.patch(`/api/admin/enquiries/${id}`).send({ assigneeId: ids.consultant }).expect(200);
      await admin.patch(`/api/admin/enquiries/${other}`).send({ assigneeId: ids.consultant }).expect(200);
      await first.dataSource.query(
        `INSERT INTO "staff_notifications" ("user_id", "kind", "title", "url", "enquiry_id") VALUES ($1, 'enquiry_waiting', 'Waiting', $2, $3)`,
        [ids.superAdmin, `/admin/enquiries/${id}`, id],
      );
      await admin.patch(`/api/admin/enquiries/${id}`).send({ assigneeId: ids.admin }).expect(200);

      const titles = ((await consultant.get('/api/admin/notifications')).body as NotificationPage).items.map(
        (item) => item.title,
      );
      expect(titles).toEqual(['Test admin assigned you the enquiry from Staying Person']);
      expect(await lines('enquiry_waiting')).toHaveLength(1);
    });

    it('reminds the assignee, or the admins when nobody holds it, once an enquiry has waited 24 hours, and only once across instances', async () => {
      await first.dataSource.query(`UPDATE "contact_messages" SET "status" = 'closed'`);
      const now = new Date('2026-12-01T10:00:00Z');
      const unassigned = await seedEnquiry({ name: 'Nobody Holds', createdAt: new Date(now.getTime() - 25 * hourMs) });
      const held = await seedEnquiry({
        name: 'Consultant Holds',
        status: 'open',
        assigneeId: ids.consultant,
        createdAt: new Date(now.getTime() - 30 * hourMs),
      });
      const fresh = await seedEnquiry({ name: 'Too Fresh', createdAt: new Date(now.getTime() - 23 * hourMs) });
      await seedEnquiry({
        name: 'Already Replied',
        status: 'replied',
        createdAt: new Date(now.getTime() - 40 * hourMs),
      });

      const runs = await Promise.all([
        first.app.get(EnquiryReminders).remindWaiting(now),
        second.app.get(EnquiryReminders).remindWaiting(now),
      ]);
      expect(runs.filter((run) => run.ran).length).toBeGreaterThanOrEqual(1);
      await second.app.get(EnquiryReminders).remindWaiting(now);

      const told = await lines('enquiry_waiting');
      expect(
        told
          .filter((line) => line.url === `/admin/enquiries/${unassigned}`)
          .map((line) => line.user_id)
          .sort(),
      ).toEqual([ids.superAdmin, ids.admin].sort());
      expect(told.filter((line) => line.url === `/admin/enquiries/${held}`)).toEqual([
        {
          user_id: ids.consultant,
          title: 'The enquiry from Consultant Holds has waited 30 hours for a reply',
          url: `/admin/enquiries/${held}`,
        },
      ]);
      expect(told).toHaveLength(3);
      const reminderMails = await mails('enquiry_waiting');
      expect(reminderMails).toHaveLength(3);
      const consultantMail = reminderMails.find((mail) => mail.to_address === emails.consultant)!.text_body;
      expect(consultantMail).toContain('18 hours left');
      // The real age, and the way to answer: in the inbox, not around it.
      expect(consultantMail).toContain('arrived 30 hours ago');
      expect(consultantMail).toContain('Answer it in the inbox');

      // An hour later the fresh one has waited 24 hours too: the admins hear of it, and of nothing else again.
      await first.app.get(EnquiryReminders).remindWaiting(new Date(now.getTime() + hourMs));
      const later = await lines('enquiry_waiting');
      expect(later).toHaveLength(5);
      expect(later.slice(3).map((line) => line.url)).toEqual([
        `/admin/enquiries/${fresh}`,
        `/admin/enquiries/${fresh}`,
      ]);
    });

    it('tells the admins instead when the assignee of a waiting enquiry was disabled, naming the assignee', async () => {
      await first.dataSource.query(`UPDATE "contact_messages" SET "status" = 'closed'`);
      const now = new Date('2026-12-05T10:00:00Z');
      const gone = await createStaff(first, 'consultant', 'gone-consultant@northbeam.example');
      const enquiry = await seedEnquiry({
        name: 'Left Behind',
        assigneeId: gone.id,
        createdAt: new Date(now.getTime() - 25 * hourMs),
      });
      await first.dataSource.query(`UPDATE "users" SET "disabled_at" = now() WHERE "id" = $1`, [gone.id]);

      await first.app.get(EnquiryReminders).remindWaiting(now);
      const told = await lines('enquiry_waiting');
      expect(told.map((line) => line.user_id).sort()).toEqual([ids.superAdmin, ids.admin].sort());
      expect(told.every((line) => line.url === `/admin/enquiries/${enquiry}`)).toBe(true);
      const reminderMails = await mails('enquiry_waiting');
      expect(reminderMails.map((mail) => mail.to_address)).toEqual([emails.admin, emails.superAdmin].sort());
      expect(reminderMails[0].text_body).toContain('It is assigned to Test consultant, whose account is disabled');
      // Marked reminded once the admins were told: the next run tells nobody again.
      await first.app.get(EnquiryReminders).remindWaiting(new Date(now.getTime() + hourMs));
      expect(await lines('enquiry_waiting')).toHaveLength(2);
    });

    it('sends the admins one morning digest of the enquiries at risk of the 48-hour promise, once a day, and none when nothing is at risk', async () => {
      await first.dataSource.query(`UPDATE "contact_messages" SET "status" = 'closed'`);
      const quiet = new Date('2026-12-02T08:00:00Z');
      expect(await first.app.get(EnquiryReminders).sendDigest(quiet)).toEqual({ ran: true, result: 0 });
      expect(await mails('enquiry_digest')).toHaveLength(0);

      const morning = new Date('2026-12-03T08:00:00Z');
      await seedEnquiry({ name: 'Late One', createdAt: new Date(morning.getTime() - 50 * hourMs) });
      await seedEnquiry({ name: 'At Risk', status: 'open', createdAt: new Date(morning.getTime() - 30 * hourMs) });
      await seedEnquiry({ name: 'Fresh One', createdAt: new Date(morning.getTime() - 2 * hourMs) });
      await superAdmin.put('/api/admin/account/notifications').send({ off: ['enquiry_digest'] });

      const results = await Promise.all([
        first.app.get(EnquiryReminders).sendDigest(morning),
        second.app.get(EnquiryReminders).sendDigest(morning),
      ]);
      expect(results.filter((run) => run.ran && run.result > 0)).toHaveLength(1);
      expect(await second.app.get(EnquiryReminders).sendDigest(new Date(morning.getTime() + hourMs))).toEqual({
        ran: true,
        result: 0,
      });

      const digests = await mails('enquiry_digest');
      expect(digests.map((mail) => mail.to_address)).toEqual([emails.admin]);
      expect(digests[0].subject).toBe('Enquiries digest: 2 enquiries at risk of the 48-hour promise');
      expect(digests[0].text_body).toContain('Late One');
      expect(digests[0].text_body).toContain('2 hours late');
      expect(digests[0].text_body).toContain('At Risk');
      expect(digests[0].text_body).toContain('18 hours left');
      expect(digests[0].text_body).not.toContain('Fresh One');
      expect(await lines('enquiry_digest')).toEqual([
        {
          user_id: ids.admin,
          title: '2 enquiries at risk of the 48-hour reply promise (1 late)',
          url: '/admin/enquiries',
        },
      ]);
    });
  });

  describe('privacy requests', () => {
    it('tells the privacy team (officer and admins) when a request is confirmed, extended by someone else, or near its deadline; never the consultant', async () => {
      const created = await first
        .request()
        .post('/api/request-data-access')
        .send({ email: 'asker@example.com', consent: true });
      expect(created.status).toBe(201);
      const requestId = created.body.requestId as string;
      const [verification] = await mails('deletion_verification');
      const token = /token=([A-Za-z0-9_-]+)/.exec(verification.text_body)![1];
      expect((await first.request().post('/api/request-data-access/verify').send({ token })).status).toBe(200);

      const confirmed = await lines('privacy_request_confirmed');
      expect(confirmed.map((line) => line.user_id).sort()).toEqual([ids.superAdmin, ids.admin, ids.officer].sort());
      expect(confirmed[0].title).toMatch(
        new RegExp(
          `^Privacy request ${requestId} \\(access \\(copy of data\\)\\) was confirmed: due \\d{1,2} [A-Z][a-z]+ \\d{4}$`,
        ),
      );
      expect(confirmed[0].url).toBe(`/admin/privacy?q=${requestId}`);
      expect((await mails('privacy_request_confirmed')).map((mail) => mail.to_address)).toEqual([
        emails.admin,
        emails.officer,
        emails.superAdmin,
      ]);
      // The line names the request, never the requester's address.
      expect(JSON.stringify(confirmed)).not.toContain('asker@example.com');

      const [request] = await first.dataSource.query<{ id: string }[]>(
        `SELECT "id" FROM "deletion_requests" WHERE "request_id" = $1`,
        [requestId],
      );
      const extended = await admin
        .post(`/api/admin/deletion-requests/${request.id}/extend`)
        .send({ months: 1, reason: 'Records in several systems' });
      expect(extended.status).toBe(200);
      const extendedLines = await lines('privacy_request_extended');
      expect(extendedLines.map((line) => line.user_id).sort()).toEqual([ids.superAdmin, ids.officer].sort());
      expect(extendedLines[0].title).toMatch(new RegExp(`^Test admin extended privacy request ${requestId} to `));
      expect((await mails('privacy_request_extended'))[0].text_body).toContain('Records in several systems');

      await first.dataSource.query(`UPDATE "deletion_requests" SET "deadline_at" = now() + interval '3 days'`);
      const run = await first.app.get(PrivacyScheduler).sendDigest(new Date());
      expect(run).toEqual({ ran: true, result: 1 });
      const due = await lines('privacy_requests_due');
      expect(due.map((line) => line.user_id).sort()).toEqual([ids.superAdmin, ids.admin, ids.officer].sort());
      expect(due[0]).toMatchObject({
        title: '1 privacy request due within 7 days or overdue',
        url: '/admin/privacy?due=soon',
      });
      expect((await mails('privacy_requests_due'))[0].text_body).toContain(requestId);
      // The privacy inbox keeps its own digest.
      expect(await mails('privacy_digest')).toHaveLength(1);

      const officer = await signedInAgent(first, emails.officer);
      const bell = (await officer.get('/api/admin/notifications')).body as NotificationPage;
      expect(bell.items.map((item) => item.kind).sort()).toEqual([
        'privacy_request_confirmed',
        'privacy_request_extended',
        'privacy_requests_due',
      ]);
      expect(await lines('privacy_request_confirmed', `AND "user_id" = '${ids.consultant}'`)).toEqual([]);
    });
  });

  describe('the bell', () => {
    it('lists one’s own notifications newest first with the unread count, and marks one or all read', async () => {
      const a = await seedEnquiry({ name: 'Bell One', createdAt: new Date() });
      const b = await seedEnquiry({ name: 'Bell Two', createdAt: new Date() });
      await admin.patch(`/api/admin/enquiries/${a}`).send({ assigneeId: ids.consultant });
      await admin.patch(`/api/admin/enquiries/${b}`).send({ assigneeId: ids.consultant });

      const page = (await consultant.get('/api/admin/notifications')).body as NotificationPage;
      expect(page).toMatchObject({ unread: 2, total: 2, page: 1, pageSize: 10 });
      expect(page.items.map((item) => item.title)).toEqual([
        'Test admin assigned you the enquiry from Bell Two',
        'Test admin assigned you the enquiry from Bell One',
      ]);
      expect(page.items.every((item) => !item.read)).toBe(true);
      expect(((await admin.get('/api/admin/notifications')).body as NotificationPage).total).toBe(0);

      // Someone else's notification is not found for them.
      const foreign = await admin.post(`/api/admin/notifications/${page.items[0].id}/read`);
      expect(foreign.status).toBe(404);
      expect(foreign.body.error).toBe(notificationMessages.notFound);
      expect((await consultant.post(`/api/admin/notifications/not-an-id/read`)).status).toBe(404);

      expect((await consultant.post(`/api/admin/notifications/${page.items[0].id}/read`)).status).toBe(204);
      const afterOne = (await consultant.get('/api/admin/notifications')).body as NotificationPage;
      expect(afterOne.unread).toBe(1);
      expect(afterOne.items[0].read).toBe(true);
      expect((await consultant.post('/api/admin/notifications/read')).status).toBe(204);
      expect(((await consultant.get('/api/admin/notifications')).body as NotificationPage).unread).toBe(0);
    });

    it('refuses an unknown kind in the preferences with a sentence', async () => {
      const refused = await consultant.put('/api/admin/account/notifications').send({ off: ['post_live', 'gossip'] });
      expect(refused.status).toBe(400);
      expect(refused.body.fieldErrors).toEqual({ off: [notificationMessages.kindInvalid] });
      expect((await consultant.put('/api/admin/account/notifications').send({})).status).toBe(400);
    });
  });

  describe('retention and the data map', () => {
    async function seedLine(title: string, values: { createdAt: Date; readAt: Date | null; enquiryId?: string }) {
      await first.dataSource.query(
        `INSERT INTO "staff_notifications" ("user_id", "kind", "title", "url", "enquiry_id", "read_at", "created_at")
         VALUES ($1, 'enquiry_assigned', $2, '/admin/enquiries', $3, $4, $5)`,
        [ids.consultant, title, values.enquiryId ?? null, values.readAt, values.createdAt],
      );
    }
    const titles = async () =>
      (
        await first.dataSource.query<{ title: string }[]>(`SELECT "title" FROM "staff_notifications" ORDER BY "title"`)
      ).map((row) => row.title);

    it('the daily purge removes lines read over 90 days ago and unread ones over a year old, on its clock', async () => {
      const now = new Date('2026-11-22T02:30:00Z');
      const ago = (days: number) => new Date(now.getTime() - days * dayMs);
      await seedLine('read long ago', { createdAt: ago(200), readAt: ago(91) });
      await seedLine('read lately', { createdAt: ago(200), readAt: ago(89) });
      await seedLine('unread, old', { createdAt: ago(366), readAt: null });
      await seedLine('unread, recent', { createdAt: ago(300), readAt: null });

      const purged = await first.app.get(RetentionService).runRetention(now);
      expect(purged['staff_notifications read more than 90 days ago']).toBe(1);
      expect(purged['unread staff_notifications older than a year']).toBe(1);
      expect(await titles()).toEqual(['read lately', 'unread, recent']);

      const map = (await admin.get('/api/admin/privacy/data-map').expect(200)).body as DataMapEntry[];
      expect(map).toContainEqual(
        expect.objectContaining({
          store: 'staff_notifications',
          retention: 'staff_notifications read more than 90 days ago',
          rows: 2,
        }),
      );
      expect(map).toContainEqual(
        expect.objectContaining({
          store: 'staff_notifications (unread)',
          retention: 'unread staff_notifications older than a year',
          rows: 1,
        }),
      );
    });

    it('an erasure of an enquirer takes the lines about their enquiries; an access request of a staff member collects theirs', async () => {
      const enquiry = await seedEnquiry({ name: 'Erased Sender', createdAt: new Date() });
      await seedLine('about the erased sender', { createdAt: new Date(), readAt: null, enquiryId: enquiry });
      await seedLine('about nobody in particular', { createdAt: new Date(), readAt: null });

      const erased = await first.dataSource.transaction((manager) =>
        staffNotificationsStore.erase!(manager, `${enquiry}@example.com`),
      );
      expect(erased).toBe(1);
      expect(await titles()).toEqual(['about nobody in particular']);

      const collected = await first.dataSource.transaction((manager) =>
        staffNotificationsStore.collect!(manager, emails.consultant),
      );
      expect(collected).toEqual([expect.objectContaining({ title: 'about nobody in particular', readAt: null })]);
    });
  });
});

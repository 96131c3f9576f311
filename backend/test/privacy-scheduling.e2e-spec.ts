import pg from 'pg';
import { taskLockKeys } from '../src/core/scheduling/advisory-lock.js';
import { PrivacyScheduler } from '../src/modules/privacy/privacy.scheduler.js';
import { recordMails, tokenFrom, type RecordedMail } from './fixtures/mail-recorder.js';
import { createStaff, sessionCookie, staffPassword } from './factories/staff.js';
import { createSharedTestDatabase } from './helpers/shared-database.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import type { TestDatabase } from './helpers/test-database.js';

const sessionSecret = 'test-session-secret-that-is-long-enough-0123456789';

describe('Privacy scheduled tasks with two application instances on one database', () => {
  let database: TestDatabase & { url: string };
  let first: TestApp;
  let second: TestApp;
  /** Session cookie of an admin who signed in on the first instance. */
  let adminCookieFromFirst: string;
  let firstMails: RecordedMail[];
  let secondMails: RecordedMail[];

  beforeAll(async () => {
    database = await createSharedTestDatabase();
    first = await createTestApp({ database, config: { sessionSecret } });
    second = await createTestApp({ database, config: { sessionSecret } });
    // A session made on one instance is valid on the other: both use the same database.
    await createStaff(first, 'admin');
    const login = await first
      .request()
      .post('/api/admin/login')
      .send({ email: 'admin@northbeam.example', password: staffPassword });
    adminCookieFromFirst = sessionCookie(login.headers['set-cookie'])!.split(';')[0];
    firstMails = recordMails(first);
    secondMails = recordMails(second);
  }, 90_000);

  afterAll(async () => {
    await first?.close();
    await second?.close();
    await database?.drop();
  });

  const allMails = () => [...firstMails, ...secondMails];

  async function approvedRequest(email: string): Promise<string> {
    const created = await first.request().post('/api/request-data-deletion').send({ email, consent: true });
    const mail = firstMails.find((entry) => entry.kind === 'deletion_verification' && entry.to === email)!;
    await second
      .request()
      .post('/api/request-data-deletion/verify')
      .send({ token: tokenFrom(mail) });
    const [row] = await first.dataSource.query('SELECT "id" FROM "deletion_requests" WHERE "request_id" = $1', [
      created.body.requestId,
    ]);
    // Approved on the second instance with the session made on the first.
    const approved = await second
      .request()
      .post(`/api/admin/deletion-requests/${row.id}/approve`)
      .set('Cookie', adminCookieFromFirst);
    expect(approved.status).toBe(200);
    return created.body.requestId as string;
  }

  it('carries out each approved deletion once when both instances run the task together', async () => {
    const ids: string[] = [];
    for (const email of ['one@example.com', 'two@example.com', 'three@example.com'])
      ids.push(await approvedRequest(email));
    const runs = await Promise.all([
      first.app.get(PrivacyScheduler).processDeletions(),
      second.app.get(PrivacyScheduler).processDeletions(),
      first.app.get(PrivacyScheduler).processDeletions(),
    ]);
    const completedByRuns = runs.reduce((sum, run) => sum + (run.ran ? run.result : 0), 0);
    expect(completedByRuns).toBe(3);
    const finals = allMails().filter((mail) => mail.kind === 'deletion_completed');
    expect(finals.map((mail) => mail.to).sort()).toEqual(['one@example.com', 'three@example.com', 'two@example.com']);
    const audit = await first.dataSource.query(
      `SELECT "request_id" FROM "deletion_audit" WHERE "action" = 'completed' ORDER BY "request_id"`,
    );
    expect(audit.map((row: { request_id: string }) => row.request_id)).toEqual([...ids].sort());
  });

  it('sends the privacy digest once a day whichever instances run it', async () => {
    await approvedRequest('digest@example.com');
    await first.dataSource.query(
      `UPDATE "deletion_requests" SET "deadline_at" = now() + interval '2 days' WHERE "status" = 'approved'`,
    );
    const now = new Date();
    await Promise.all([
      first.app.get(PrivacyScheduler).sendDigest(now),
      second.app.get(PrivacyScheduler).sendDigest(now),
    ]);
    await Promise.all([
      first.app.get(PrivacyScheduler).sendDigest(now),
      second.app.get(PrivacyScheduler).sendDigest(now),
    ]);
    expect(allMails().filter((mail) => mail.kind === 'privacy_digest')).toHaveLength(1);
  });

  it('purges expired analytics once when both instances run retention together', async () => {
    await first.dataSource.query(
      `INSERT INTO "analytics_events" ("event", "created_at") SELECT 'Page View', now() - interval '3 years' FROM generate_series(1, 25)`,
    );
    const runs = await Promise.all([
      first.app.get(PrivacyScheduler).runRetention(),
      second.app.get(PrivacyScheduler).runRetention(),
    ]);
    const purged = runs.reduce(
      (sum, run) => sum + (run.ran ? run.result['analytics_events older than 2 years'] : 0),
      0,
    );
    expect(purged).toBe(25);
    const [left] = await first.dataSource.query(`SELECT count(*)::int AS "count" FROM "analytics_events"`);
    expect(left.count).toBe(0);
  });

  it('skips a run while another session holds the task lock, and runs once it is released', async () => {
    // A separate server session takes the lock; on the embedded database every connection shares
    // one session, so there the lock cannot exclude and only the release path is checked.
    const holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    try {
      await holder.query('SELECT pg_advisory_lock($1)', [taskLockKeys.retention]);
      const whileHeld = await second.app.get(PrivacyScheduler).runRetention();
      expect(whileHeld.ran).toBe(database.kind === 'embedded');
      await holder.query('SELECT pg_advisory_unlock($1)', [taskLockKeys.retention]);
      const afterRelease = await second.app.get(PrivacyScheduler).runRetention();
      expect(afterRelease.ran).toBe(true);
    } finally {
      await holder.end();
    }
  });
});

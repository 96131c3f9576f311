import supertest from 'supertest';
import { messages, staffMessages, type StaffMember } from '@northbeam/common';
import { createStaff, signedInAgent, staffPassword } from './factories/staff.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const hookTimeoutMs = 120_000;
const chromeOnMac =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
type Agent = Awaited<ReturnType<typeof signedInAgent>>;

describe('Staff accounts API', () => {
  let testApp: TestApp;
  let superAdmin: Agent;
  let superAdminId: string;
  let admin: Agent;
  let addressCounter = 0;
  const nextAddress = () => `10.77.0.${++addressCounter}`;

  /** The token of the newest mail of that kind to that address (the outbox row the action wrote). */
  async function linkToken(to: string, kind: 'staff_invitation' | 'staff_password_reset'): Promise<string> {
    const rows = await testApp.dataSource.query<{ text_body: string }[]>(
      `SELECT "text_body" FROM "email_outbox" WHERE "to_address" = $1 AND "kind" = $2 ORDER BY "created_at" DESC LIMIT 1`,
      [to, kind],
    );
    const match = /\/admin\/(?:invitation|reset-password)\/([A-Za-z0-9_-]{43})/.exec(rows[0]?.text_body ?? '');
    if (!match) throw new Error(`no ${kind} mail to ${to}`);
    return match[1];
  }

  async function mailCount(to: string): Promise<number> {
    const [{ count }] = await testApp.dataSource.query<{ count: number }[]>(
      `SELECT count(*)::int AS "count" FROM "email_outbox" WHERE "to_address" = $1`,
      [to],
    );
    return count;
  }

  async function memberByEmail(email: string): Promise<StaffMember> {
    const list = await superAdmin.get('/api/admin/staff').query({ q: email });
    const member = (list.body.items as StaffMember[]).find((item) => item.email === email);
    if (!member) throw new Error(`${email} not listed`);
    return member;
  }

  async function invite(email: string, role = 'admin') {
    const response = await superAdmin.post('/api/admin/staff/invitations').send({ email, role });
    expect(response.status).toBe(201);
    return linkToken(email, 'staff_invitation');
  }

  beforeAll(async () => {
    testApp = await createTestApp({ config: { seedContent: false } });
    superAdminId = (await createStaff(testApp, 'super_admin')).id;
    await createStaff(testApp, 'admin');
    superAdmin = await signedInAgent(testApp, 'super-admin@northbeam.example');
    admin = await signedInAgent(testApp, 'admin@northbeam.example');
  }, hookTimeoutMs);

  afterAll(async () => {
    await testApp?.close();
  }, hookTimeoutMs);

  describe('invitations', () => {
    it('invites by mail, lets the invitee set name and password once, then sign in', async () => {
      const response = await superAdmin
        .post('/api/admin/staff/invitations')
        .send({ email: ' New.Person@Northbeam.example ', role: 'consultant' });
      expect(response.status).toBe(201);
      expect(response.body).toEqual({ message: 'Invitation sent to new.person@northbeam.example.' });
      const token = await linkToken('new.person@northbeam.example', 'staff_invitation');

      const invited = await memberByEmail('new.person@northbeam.example');
      expect(invited).toMatchObject({
        name: '',
        role: 'consultant',
        disabled: false,
        lastSignInAt: null,
        invitation: { expiresAt: expect.any(String) },
      });
      const hoursLeft = (new Date(invited.invitation!.expiresAt).getTime() - Date.now()) / 3_600_000;
      expect(hoursLeft).toBeGreaterThan(71.9);
      expect(hoursLeft).toBeLessThanOrEqual(72);

      expect((await testApp.request().get(`/api/staff-invitations/${token}`)).body).toEqual({
        email: 'new.person@northbeam.example',
        role: 'consultant',
      });
      const weak = await testApp
        .request()
        .post(`/api/staff-invitations/${token}`)
        .send({ name: 'Nia New', password: 'short' });
      expect(weak.status).toBe(400);
      expect(weak.body.fieldErrors).toEqual({ password: ['Password must be at least 8 characters'] });
      const nameless = await testApp
        .request()
        .post(`/api/staff-invitations/${token}`)
        .send({ name: ' ', password: staffPassword });
      expect(nameless.body.fieldErrors).toEqual({ name: [messages.nameRequired] });

      // Accepting signs the new account's owner in: the same browser is in the admin at once, for the first time.
      const invitee = supertest.agent(testApp.app.getHttpServer());
      const accepted = await invitee
        .post(`/api/staff-invitations/${token}`)
        .send({ name: ' Nia New ', password: staffPassword });
      expect(accepted.status).toBe(201);
      expect(accepted.body).toEqual({
        message: staffMessages.invitationAccepted,
        user: expect.objectContaining({ name: 'Nia New', role: 'consultant', firstSignIn: true }),
      });
      const current = await invitee.get('/api/admin/user');
      expect(current.status).toBe(200);
      expect(current.body).toMatchObject({ email: 'new.person@northbeam.example', firstSignIn: true });

      const reused = await testApp
        .request()
        .post(`/api/staff-invitations/${token}`)
        .send({ name: 'Someone Else', password: staffPassword });
      expect(reused.status).toBe(410);
      expect(reused.body).toEqual({ statusCode: 410, error: staffMessages.invitationInvalid });
      expect((await testApp.request().get(`/api/staff-invitations/${token}`)).status).toBe(410);

      const signIn = await testApp
        .request()
        .post('/api/admin/login')
        .send({ email: 'new.person@northbeam.example', password: staffPassword });
      expect(signIn.status).toBe(200);
      expect(signIn.body.user).toMatchObject({
        name: 'Nia New',
        role: 'consultant',
        permissions: { staff: 'none', activity: 'own' },
      });
      // The second sign-in is no longer the first.
      expect(signIn.body.user).not.toHaveProperty('firstSignIn');
      expect(await memberByEmail('new.person@northbeam.example')).toMatchObject({
        name: 'Nia New',
        invitation: null,
        lastSignInAt: expect.any(String),
      });
    });

    it('refuses an expired invitation with 410', async () => {
      const token = await invite('late@northbeam.example');
      await testApp.dataSource.query(
        `UPDATE "staff_tokens" SET "expires_at" = now() - interval '1 minute' WHERE "email" = $1`,
        ['late@northbeam.example'],
      );
      expect((await testApp.request().get(`/api/staff-invitations/${token}`)).body).toEqual({
        statusCode: 410,
        error: staffMessages.invitationInvalid,
      });
      const accept = await testApp
        .request()
        .post(`/api/staff-invitations/${token}`)
        .send({ name: 'Late', password: staffPassword });
      expect(accept.status).toBe(410);
    });

    it('refuses an unknown or malformed token with 410', async () => {
      expect((await testApp.request().get('/api/staff-invitations/not-a-token')).status).toBe(410);
      expect((await testApp.request().get(`/api/staff-invitations/${'a'.repeat(43)}`)).status).toBe(410);
    });

    it('answers 409 for an address that already has an account, and replaces an earlier invitation', async () => {
      const taken = await superAdmin
        .post('/api/admin/staff/invitations')
        .send({ email: 'admin@northbeam.example', role: 'admin' });
      expect(taken.status).toBe(409);
      expect(taken.body).toEqual({ statusCode: 409, error: staffMessages.staffEmailTaken });
      const first = await invite('twice@northbeam.example');
      const second = await invite('twice@northbeam.example');
      expect((await testApp.request().get(`/api/staff-invitations/${first}`)).status).toBe(410);
      expect((await testApp.request().get(`/api/staff-invitations/${second}`)).status).toBe(200);
    });

    it('withdraws an invitation with DELETE', async () => {
      const token = await invite('withdrawn@northbeam.example');
      const member = await memberByEmail('withdrawn@northbeam.example');
      expect((await superAdmin.delete(`/api/admin/staff/${member.id}`)).status).toBe(204);
      expect((await testApp.request().get(`/api/staff-invitations/${token}`)).status).toBe(410);
    });

    it('validates the invitation body', async () => {
      const response = await superAdmin.post('/api/admin/staff/invitations').send({ email: 'nope', role: 'owner' });
      expect(response.status).toBe(400);
      expect(response.body.fieldErrors).toEqual({ email: [messages.emailInvalid], role: [staffMessages.roleInvalid] });
    });
  });

  describe('the staff list', () => {
    it('pages 15 at a time and filters by search, role and status in the query string', async () => {
      for (let index = 0; index < 16; index += 1)
        await createStaff(testApp, 'consultant', `bulk-${String(index).padStart(2, '0')}@northbeam.example`);
      const first = await admin.get('/api/admin/staff').query({ q: 'bulk-' });
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ total: 16, page: 1, pageSize: 15 });
      expect(first.body.items).toHaveLength(15);
      const second = await admin.get('/api/admin/staff').query({ q: 'bulk-', page: 2 });
      expect(second.body.items).toHaveLength(1);
      const admins = await admin.get('/api/admin/staff').query({ role: 'super_admin' });
      expect((admins.body.items as StaffMember[]).map((item) => item.email)).toEqual(['super-admin@northbeam.example']);
      await invite('pending@northbeam.example', 'consultant');
      const invited = await admin.get('/api/admin/staff').query({ status: 'invited' });
      expect((invited.body.items as StaffMember[]).every((item) => item.invitation !== null)).toBe(true);
      expect((invited.body.items as StaffMember[]).map((item) => item.email)).toContain('pending@northbeam.example');
      expect((await admin.get('/api/admin/staff').query({ status: 'gone' })).status).toBe(400);
    });
  });

  describe("each row's actions", () => {
    it('tells a super admin what each row allows: only renaming and the team link on their own row, resend or withdraw on an invitation, enable or disable by state', async () => {
      const member = await createStaff(testApp, 'consultant', 'row-actions@northbeam.example');
      await invite('row-actions-invited@northbeam.example', 'consultant');
      expect((await memberByEmail('row-actions@northbeam.example')).actions).toEqual([
        'rename',
        'link_team_member',
        'change_role',
        'send_password_reset',
        'sign_out_everywhere',
        'disable',
        'remove',
      ]);
      expect((await memberByEmail('super-admin@northbeam.example')).actions).toEqual(['rename', 'link_team_member']);
      expect((await memberByEmail('row-actions-invited@northbeam.example')).actions).toEqual([
        'resend_invitation',
        'withdraw_invitation',
      ]);

      const disabled = await superAdmin.patch(`/api/admin/staff/${member.id}`).send({ disabled: true });
      expect(disabled.body.actions).toEqual([
        'rename',
        'link_team_member',
        'change_role',
        'send_password_reset',
        'sign_out_everywhere',
        'enable',
        'remove',
      ]);
      expect((await memberByEmail('row-actions@northbeam.example')).actions).toContain('enable');
    });

    it('offers no action to an admin, who may read the list, and refuses the change itself with 403', async () => {
      const member = await createStaff(testApp, 'consultant', 'read-only-row@northbeam.example');
      const list = await admin.get('/api/admin/staff').query({ q: 'read-only-row@' });
      expect((list.body.items as StaffMember[]).map((item) => item.actions)).toEqual([[]]);
      expect((await admin.patch(`/api/admin/staff/${member.id}`).send({ disabled: true })).status).toBe(403);
    });
  });

  describe('the last active super admin', () => {
    it('cannot be demoted, disabled or removed (409), and can be once another exists', async () => {
      for (const change of [
        superAdmin.patch(`/api/admin/staff/${superAdminId}`).send({ role: 'admin' }),
        superAdmin.patch(`/api/admin/staff/${superAdminId}`).send({ disabled: true }),
        superAdmin.delete(`/api/admin/staff/${superAdminId}`),
      ]) {
        const response = await change;
        expect(response.status).toBe(409);
        expect(response.body).toEqual({ statusCode: 409, error: staffMessages.lastSuperAdmin });
      }
      const second = await createStaff(testApp, 'super_admin', 'second-super@northbeam.example');
      const demoted = await superAdmin.patch(`/api/admin/staff/${second.id}`).send({ role: 'admin' });
      expect(demoted.status).toBe(200);
      expect(demoted.body).toMatchObject({ id: second.id, role: 'admin' });
    });

    it('survives two super admins demoting each other at the same moment: exactly one wins', async () => {
      const other = await createStaff(testApp, 'super_admin', 'rival-super@northbeam.example');
      const rival = await signedInAgent(testApp, 'rival-super@northbeam.example');
      const [mine, theirs] = await Promise.all([
        superAdmin.patch(`/api/admin/staff/${other.id}`).send({ role: 'admin' }),
        rival.patch(`/api/admin/staff/${superAdminId}`).send({ role: 'admin' }),
      ]);
      // The loser is refused either by the last-super-admin check (409, both requests inside the
      // lock at once) or, when the winner's change committed before its request was authorised,
      // because it is no longer a super admin (403). Never both 200.
      const statuses = [mine.status, theirs.status];
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      const refused = statuses.filter((status) => status !== 200);
      expect(refused).toHaveLength(1);
      expect([403, 409]).toContain(refused[0]);
      const [{ count }] = await testApp.dataSource.query<{ count: number }[]>(
        `SELECT count(*)::int AS "count" FROM "users" WHERE "role" = 'super_admin' AND "disabled_at" IS NULL`,
      );
      expect(count).toBe(1);
      // Put the suite's own super admin back if the rival won.
      if (theirs.status === 200)
        await testApp.dataSource.query(`UPDATE "users" SET "role" = 'super_admin' WHERE "id" = $1`, [superAdminId]);
      if (theirs.status === 200)
        await testApp.dataSource.query(`UPDATE "users" SET "role" = 'admin' WHERE "id" = $1`, [other.id]);
    });
  });

  describe('disable, enable, sign out everywhere, remove', () => {
    it('disabling ends the sessions at once; enabling lets the person sign in again', async () => {
      const member = await createStaff(testApp, 'admin', 'to-disable@northbeam.example');
      const agent = await signedInAgent(testApp, 'to-disable@northbeam.example');
      expect((await agent.get('/api/admin/user')).status).toBe(200);
      const disabled = await superAdmin.patch(`/api/admin/staff/${member.id}`).send({ disabled: true });
      expect(disabled.status).toBe(200);
      expect(disabled.body).toMatchObject({ disabled: true });
      const [{ count }] = await testApp.dataSource.query<{ count: number }[]>(
        `SELECT count(*)::int AS "count" FROM "sessions" WHERE "sess"->>'userId' = $1`,
        [member.id],
      );
      expect(count).toBe(0);
      expect((await agent.get('/api/admin/user')).status).toBe(401);
      expect(
        (
          await testApp
            .request()
            .post('/api/admin/login')
            .send({ email: 'to-disable@northbeam.example', password: staffPassword })
        ).status,
      ).toBe(401);
      expect((await superAdmin.patch(`/api/admin/staff/${member.id}`).send({ disabled: false })).body).toMatchObject({
        disabled: false,
      });
      expect(
        (
          await testApp
            .request()
            .post('/api/admin/login')
            .send({ email: 'to-disable@northbeam.example', password: staffPassword })
        ).status,
      ).toBe(200);
    });

    it('signs a staff member out of every session', async () => {
      const member = await createStaff(testApp, 'consultant', 'everywhere@northbeam.example');
      const first = await signedInAgent(testApp, 'everywhere@northbeam.example');
      const second = await signedInAgent(testApp, 'everywhere@northbeam.example');
      expect((await superAdmin.post(`/api/admin/staff/${member.id}/sign-out-everywhere`).send({})).status).toBe(204);
      expect((await first.get('/api/admin/user')).status).toBe(401);
      expect((await second.get('/api/admin/user')).status).toBe(401);
      expect((await superAdmin.get('/api/admin/user')).status).toBe(200);
    });

    it('keeps a session ended even when a request in flight writes it back afterwards', async () => {
      const member = await createStaff(testApp, 'consultant', 'written-back@northbeam.example');
      const agent = await signedInAgent(testApp, 'written-back@northbeam.example');
      const rows = await testApp.dataSource.query<{ sid: string; sess: unknown; expire: Date }[]>(
        `SELECT "sid", "sess", "expire" FROM "sessions" WHERE "sess"->>'userId' = $1`,
        [member.id],
      );
      expect(rows).toHaveLength(1);
      expect((await superAdmin.post(`/api/admin/staff/${member.id}/sign-out-everywhere`).send({})).status).toBe(204);
      // What express-session does when a request that started before the sign-out saves its session.
      await testApp.dataSource.query(`INSERT INTO "sessions" ("sid", "sess", "expire") VALUES ($1, $2, $3)`, [
        rows[0].sid,
        JSON.stringify(rows[0].sess),
        rows[0].expire,
      ]);
      expect((await agent.get('/api/admin/user')).status).toBe(401);
      const again = await testApp
        .request()
        .post('/api/admin/login')
        .send({ email: 'written-back@northbeam.example', password: staffPassword });
      expect(again.status).toBe(200);
    });

    it('removes an account: its sessions end and it can no longer sign in', async () => {
      const member = await createStaff(testApp, 'consultant', 'removed@northbeam.example');
      const agent = await signedInAgent(testApp, 'removed@northbeam.example');
      expect((await superAdmin.delete(`/api/admin/staff/${member.id}`)).status).toBe(204);
      expect((await agent.get('/api/admin/user')).status).toBe(401);
      expect(
        (
          await testApp
            .request()
            .post('/api/admin/login')
            .send({ email: 'removed@northbeam.example', password: staffPassword })
        ).status,
      ).toBe(401);
      expect((await superAdmin.delete(`/api/admin/staff/${member.id}`)).status).toBe(404);
    });

    it('answers 404 for an unknown id', async () => {
      const unknown = '00000000-0000-4000-8000-000000000000';
      expect((await superAdmin.patch(`/api/admin/staff/${unknown}`).send({ role: 'admin' })).body).toEqual({
        statusCode: 404,
        error: staffMessages.staffNotFound,
      });
      expect((await superAdmin.patch('/api/admin/staff/not-an-id').send({ role: 'admin' })).status).toBe(404);
    });
  });

  describe('password reset', () => {
    it('answers the same sentence for known and unknown addresses and mails only the known one', async () => {
      await createStaff(testApp, 'consultant', 'forgetful@northbeam.example');
      const known = await testApp
        .request()
        .post('/api/password-reset')
        .set('X-Forwarded-For', nextAddress())
        .send({ email: 'Forgetful@northbeam.example' });
      const unknown = await testApp
        .request()
        .post('/api/password-reset')
        .set('X-Forwarded-For', nextAddress())
        .send({ email: 'nobody@northbeam.example' });
      expect(known.status).toBe(200);
      expect(unknown.status).toBe(200);
      expect(known.body).toEqual({ message: staffMessages.passwordResetRequested });
      expect(unknown.body).toEqual(known.body);
      expect(await mailCount('forgetful@northbeam.example')).toBe(1);
      expect(await mailCount('nobody@northbeam.example')).toBe(0);
    });

    it('changes the password once, ends the other sessions, and refuses the link afterwards', async () => {
      await createStaff(testApp, 'admin', 'resetter@northbeam.example');
      const elsewhere = await signedInAgent(testApp, 'resetter@northbeam.example');
      await testApp
        .request()
        .post('/api/password-reset')
        .set('X-Forwarded-For', nextAddress())
        .send({ email: 'resetter@northbeam.example' });
      const token = await linkToken('resetter@northbeam.example', 'staff_password_reset');
      expect((await testApp.request().get(`/api/password-reset/${token}`)).body).toEqual({
        email: 'resetter@northbeam.example',
      });
      const weak = await testApp.request().post(`/api/password-reset/${token}`).send({ password: 'short' });
      expect(weak.status).toBe(400);
      expect(weak.body.fieldErrors).toEqual({ password: ['Password must be at least 8 characters'] });
      const done = await testApp
        .request()
        .post(`/api/password-reset/${token}`)
        .send({ password: 'a brand new passphrase' });
      expect(done.status).toBe(200);
      expect(done.body).toEqual({ message: staffMessages.passwordChanged });
      expect((await elsewhere.get('/api/admin/user')).status).toBe(401);
      const again = await testApp
        .request()
        .post(`/api/password-reset/${token}`)
        .send({ password: 'another new passphrase' });
      expect(again.status).toBe(410);
      expect(again.body).toEqual({ statusCode: 410, error: staffMessages.passwordResetLinkInvalid });
      expect(
        (
          await testApp
            .request()
            .post('/api/admin/login')
            .send({ email: 'resetter@northbeam.example', password: staffPassword })
        ).status,
      ).toBe(401);
      expect(
        (
          await testApp
            .request()
            .post('/api/admin/login')
            .send({ email: 'resetter@northbeam.example', password: 'a brand new passphrase' })
        ).status,
      ).toBe(200);
    });

    it('refuses a link older than an hour with 410', async () => {
      await createStaff(testApp, 'admin', 'slow@northbeam.example');
      await testApp
        .request()
        .post('/api/password-reset')
        .set('X-Forwarded-For', nextAddress())
        .send({ email: 'slow@northbeam.example' });
      const token = await linkToken('slow@northbeam.example', 'staff_password_reset');
      const [{ minutes }] = await testApp.dataSource.query<{ minutes: number }[]>(
        `SELECT round(extract(epoch FROM ("expires_at" - "created_at")) / 60)::int AS "minutes" FROM "staff_tokens" WHERE "email" = $1`,
        ['slow@northbeam.example'],
      );
      expect(minutes).toBe(60);
      await testApp.dataSource.query(
        `UPDATE "staff_tokens" SET "expires_at" = now() - interval '1 second' WHERE "email" = $1`,
        ['slow@northbeam.example'],
      );
      expect((await testApp.request().get(`/api/password-reset/${token}`)).status).toBe(410);
      expect(
        (await testApp.request().post(`/api/password-reset/${token}`).send({ password: 'a brand new passphrase' }))
          .status,
      ).toBe(410);
    });

    it('limits requests per client address with the shared rate limiter', async () => {
      const address = nextAddress();
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 6; attempt += 1) {
        statuses.push(
          (
            await testApp
              .request()
              .post('/api/password-reset')
              .set('X-Forwarded-For', address)
              .send({ email: `probe-${attempt}@northbeam.example` })
          ).status,
        );
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    });

    it('lets a super admin mail a reset link to a staff member', async () => {
      const member = await createStaff(testApp, 'consultant', 'sent-a-link@northbeam.example');
      expect((await superAdmin.post(`/api/admin/staff/${member.id}/password-reset`).send({})).status).toBe(204);
      expect(await linkToken('sent-a-link@northbeam.example', 'staff_password_reset')).toHaveLength(43);
    });
  });

  describe('my sessions', () => {
    it('lists each browser with first and last seen, and ends another session', async () => {
      await createStaff(testApp, 'consultant', 'two-browsers@northbeam.example');
      const laptop = supertest.agent(testApp.app.getHttpServer());
      await laptop
        .post('/api/admin/login')
        .set('User-Agent', chromeOnMac)
        .send({ email: 'two-browsers@northbeam.example', password: staffPassword });
      const phone = await signedInAgent(testApp, 'two-browsers@northbeam.example');
      const list = await laptop.get('/api/admin/account/sessions');
      expect(list.status).toBe(200);
      expect(list.body).toHaveLength(2);
      const current = list.body.find((session: { current: boolean }) => session.current);
      expect(current).toMatchObject({
        browser: 'Chrome on macOS',
        firstSeenAt: expect.any(String),
        lastSeenAt: expect.any(String),
      });
      expect(current.id).not.toMatch(/^s:/);
      const other = list.body.find((session: { current: boolean }) => !session.current);
      expect((await laptop.delete(`/api/admin/account/sessions/${other.id}`)).status).toBe(204);
      expect((await phone.get('/api/admin/user')).status).toBe(401);
      expect((await laptop.get('/api/admin/user')).status).toBe(200);
      expect((await laptop.delete(`/api/admin/account/sessions/${other.id}`)).body).toEqual({
        statusCode: 404,
        error: staffMessages.sessionNotFound,
      });
    });

    it("cannot end someone else's session", async () => {
      const mine = await superAdmin.get('/api/admin/account/sessions');
      const id = (mine.body as { id: string; current: boolean }[]).find((session) => session.current)!.id;
      expect((await admin.delete(`/api/admin/account/sessions/${id}`)).status).toBe(404);
      expect((await superAdmin.get('/api/admin/user')).status).toBe(200);
    });
  });
});

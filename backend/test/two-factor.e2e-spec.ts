import supertest from 'supertest';
import { Secret, TOTP } from 'otpauth';
import { messages, recoveryCodePattern, staffMessages } from '@northbeam/common';
import {
  accountThrottleKey,
  addressThrottleKey,
  freeFailuresPerAccount,
} from '../src/modules/auth/login-throttle.service.js';
import { sessionRevocations, type SessionRevocation } from '../src/modules/auth/sessions.repository.js';
import { TwoFactorService } from '../src/modules/auth/two-factor/two-factor.service.js';
import { UsersRepository } from '../src/modules/users/users.repository.js';
import { UsersService } from '../src/modules/users/users.service.js';
import { createStaff, signedInAgent, staffPassword } from './factories/staff.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const hookTimeoutMs = 120_000;
const stepMs = 30_000;
type Agent = Awaited<ReturnType<typeof signedInAgent>>;

/** The code an authenticator app shows for the secret, `steps` time-steps from now (same library, RFC 6238). */
function codeFor(secret: string, steps = 0): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    timestamp: Date.now() + steps * stepMs,
  });
}

describe('Two-factor sign-in', () => {
  let testApp: TestApp;
  let addressCounter = 0;
  const nextAddress = () => `10.88.0.${++addressCounter}`;

  /** Enrols the account: setup, confirm with the current code; answers the secret and the recovery codes. */
  async function enrol(agent: Agent): Promise<{ secret: string; recoveryCodes: string[] }> {
    const setup = await agent.post('/api/admin/account/two-factor/setup').send({});
    expect(setup.status).toBe(200);
    const secret = setup.body.secret as string;
    // The previous step's code: the sign-ins below use the current one, later than the step spent here.
    const enabled = await agent.post('/api/admin/account/two-factor/enable').send({ code: codeFor(secret, -1) });
    expect(enabled.status).toBe(200);
    return { secret, recoveryCodes: enabled.body.recoveryCodes as string[] };
  }

  /** Password step from a fresh browser: answers the agent holding the pending sign-in. */
  async function passwordStep(email: string, address = nextAddress()) {
    const agent = supertest.agent(testApp.app.getHttpServer());
    const response = await agent
      .post('/api/admin/login')
      .set('X-Forwarded-For', address)
      .send({ email, password: staffPassword });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ twoFactorRequired: true });
    return agent;
  }

  beforeAll(async () => {
    testApp = await createTestApp({ config: { seedContent: false } });
  }, hookTimeoutMs);

  afterAll(async () => {
    await testApp?.close();
  }, hookTimeoutMs);

  it('enrols with a QR code and a secret, then asks for a code at sign-in', async () => {
    await createStaff(testApp, 'admin', 'enrol@northbeam.example');
    const agent = await signedInAgent(testApp, 'enrol@northbeam.example');
    const setup = await agent.post('/api/admin/account/two-factor/setup').send({});
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Northbeam[^?]*\?.*secret=/);
    expect(setup.body.otpauthUrl).toContain(`secret=${setup.body.secret}`);
    expect(setup.body.qrCodeSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    // Opening the setup again (a reload) shows the same secret: the one a phone may already have scanned.
    const again = await agent.post('/api/admin/account/two-factor/setup').send({});
    expect(again.body.secret).toBe(setup.body.secret);
    expect(again.body.qrCodeSvg).toBe(setup.body.qrCodeSvg);
    // Not on until a code confirms it.
    expect((await agent.get('/api/admin/user')).body.twoFactorEnabled).toBe(false);
    const wrong = await agent
      .post('/api/admin/account/two-factor/enable')
      .send({ code: '000000' === codeFor(setup.body.secret) ? '111111' : '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ statusCode: 400, error: staffMessages.invalidCode });

    const enabled = await agent
      .post('/api/admin/account/two-factor/enable')
      .send({ code: codeFor(setup.body.secret, -1) });
    expect(enabled.status).toBe(200);
    expect(enabled.body.recoveryCodes).toHaveLength(10);
    expect(new Set(enabled.body.recoveryCodes).size).toBe(10);
    for (const code of enabled.body.recoveryCodes) expect(code).toMatch(recoveryCodePattern);
    const stored = await testApp.dataSource.query<{ code_hash: string }[]>(
      `SELECT "code_hash" FROM "staff_recovery_codes" r JOIN "users" u ON u."id" = r."user_id" WHERE u."email" = $1`,
      ['enrol@northbeam.example'],
    );
    expect(stored).toHaveLength(10);
    for (const row of stored) expect(row.code_hash).toMatch(/^\$argon2id\$/);
    const [secretRow] = await testApp.dataSource.query<{ two_factor_secret: string }[]>(
      `SELECT "two_factor_secret" FROM "users" WHERE "email" = $1`,
      ['enrol@northbeam.example'],
    );
    expect(secretRow.two_factor_secret).not.toContain(setup.body.secret);
    expect((await agent.get('/api/admin/user')).body.twoFactorEnabled).toBe(true);

    const pending = await passwordStep('enrol@northbeam.example');
    // Not signed in yet.
    expect((await pending.get('/api/admin/user')).status).toBe(401);
    const signedIn = await pending.post('/api/admin/login/two-factor').send({ code: codeFor(setup.body.secret) });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user).toMatchObject({ email: 'enrol@northbeam.example', twoFactorEnabled: true });
    expect((await pending.get('/api/admin/user')).status).toBe(200);
  });

  it('refuses a replayed code, even from another browser', async () => {
    await createStaff(testApp, 'admin', 'replay@northbeam.example');
    const { secret } = await enrol(await signedInAgent(testApp, 'replay@northbeam.example'));
    const code = codeFor(secret);
    const first = await passwordStep('replay@northbeam.example');
    expect((await first.post('/api/admin/login/two-factor').send({ code })).status).toBe(200);
    const second = await passwordStep('replay@northbeam.example');
    const replayed = await second.post('/api/admin/login/two-factor').send({ code });
    expect(replayed.status).toBe(401);
    expect(replayed.body).toEqual({ statusCode: 401, error: staffMessages.invalidCode });
    // An older code of the window is refused too once a later step was used.
    expect((await second.post('/api/admin/login/two-factor').send({ code: codeFor(secret, -1) })).status).toBe(401);
  });

  it('signs in with a recovery code once, then refuses that code', async () => {
    await createStaff(testApp, 'consultant', 'recovery@northbeam.example');
    const { recoveryCodes } = await enrol(await signedInAgent(testApp, 'recovery@northbeam.example'));
    const first = await passwordStep('recovery@northbeam.example');
    const used = await first.post('/api/admin/login/two-factor').send({ code: ` ${recoveryCodes[3].toUpperCase()} ` });
    expect(used.status).toBe(200);
    const second = await passwordStep('recovery@northbeam.example');
    expect((await second.post('/api/admin/login/two-factor').send({ code: recoveryCodes[3] })).body).toEqual({
      statusCode: 401,
      error: staffMessages.invalidCode,
    });
    expect((await second.post('/api/admin/login/two-factor').send({ code: recoveryCodes[4] })).status).toBe(200);
  });

  it('throttles wrong codes like wrong passwords, and a correct password does not reset the count', async () => {
    await createStaff(testApp, 'admin', 'guess@northbeam.example');
    const { secret } = await enrol(await signedInAgent(testApp, 'guess@northbeam.example'));
    const wrong = codeFor(secret) === '123456' ? '654321' : '123456';
    const statuses: number[] = [];
    for (let attempt = 0; attempt < freeFailuresPerAccount; attempt += 1) {
      // A new password step each time, from new addresses: only the account's count can stop this.
      const agent = await passwordStep('guess@northbeam.example');
      statuses.push(
        (await agent.post('/api/admin/login/two-factor').set('X-Forwarded-For', nextAddress()).send({ code: wrong }))
          .status,
      );
    }
    expect(statuses).toEqual(Array(freeFailuresPerAccount).fill(401));
    const blocked = await supertest(testApp.app.getHttpServer())
      .post('/api/admin/login')
      .set('X-Forwarded-For', nextAddress())
      .send({ email: 'guess@northbeam.example', password: staffPassword });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ statusCode: 429, error: messages.tooManyRequests });
  });

  it('lets the owner in with the right password and code once the announced wait is over, however often the password step is repeated', async () => {
    const email = 'locked-out@northbeam.example';
    await createStaff(testApp, 'admin', email);
    const { secret } = await enrol(await signedInAgent(testApp, email));
    const address = nextAddress();
    const signIn = (password: string) =>
      testApp.request().post('/api/admin/login').set('X-Forwarded-For', address).send({ email, password });
    for (let attempt = 0; attempt < freeFailuresPerAccount; attempt += 1)
      expect((await signIn('wrong password')).status).toBe(401);
    const blocked = await signIn(staffPassword);
    expect(blocked.status).toBe(429);
    const announcedSeconds = Number(blocked.headers['retry-after']);
    expect(announcedSeconds).toBeLessThanOrEqual(60);
    // The announced wait passes: the counter's clock is moved back by it (the throttle reads times from its rows).
    await testApp.dataSource.query(
      `UPDATE "login_attempts" SET "blocked_until" = "blocked_until" - make_interval(secs => $2),
         "last_failure_at" = "last_failure_at" - make_interval(secs => $2) WHERE "key" = $1`,
      [accountThrottleKey(email), announcedSeconds],
    );
    // A right password is not a failure: repeating the step (a reload, a second tab) never makes the owner wait again.
    await passwordStep(email, address);
    await passwordStep(email, address);
    const agent = await passwordStep(email, address);
    const signedIn = await agent
      .post('/api/admin/login/two-factor')
      .set('X-Forwarded-For', address)
      .send({ code: codeFor(secret) });
    expect(signedIn.status).toBe(200);
    expect((await agent.get('/api/admin/user')).body).toMatchObject({ email });
    // The complete sign-in cleared the account's count; the address keeps its wrong passwords and nothing more.
    const counters = await testApp.dataSource.query<{ key: string; failures: number; blocked_until: Date | null }[]>(
      `SELECT "key", "failures", "blocked_until" FROM "login_attempts" WHERE "key" = ANY($1)`,
      [[accountThrottleKey(email), addressThrottleKey(address)]],
    );
    expect(counters).toEqual([
      { key: addressThrottleKey(address), failures: freeFailuresPerAccount, blocked_until: null },
    ]);
  });

  it('asks to sign in again without a pending sign-in, or after five minutes', async () => {
    const none = await testApp.request().post('/api/admin/login/two-factor').send({ code: '123456' });
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ statusCode: 401, error: staffMessages.signInAgain });

    await createStaff(testApp, 'admin', 'slow-coder@northbeam.example');
    const { secret } = await enrol(await signedInAgent(testApp, 'slow-coder@northbeam.example'));
    const agent = await passwordStep('slow-coder@northbeam.example');
    await testApp.dataSource.query(
      `UPDATE "sessions" SET "sess" = jsonb_set("sess", '{pendingTwoFactor,startedAt}', to_jsonb($1::bigint)) WHERE "sess"->'pendingTwoFactor'->>'userId' IS NOT NULL`,
      [Date.now() - 5 * 60 * 1000 - 1000],
    );
    const late = await agent.post('/api/admin/login/two-factor').send({ code: codeFor(secret) });
    expect(late.body).toEqual({ statusCode: 401, error: staffMessages.signInAgain });
  });

  it('makes new recovery codes and turns two-factor off with the password', async () => {
    await createStaff(testApp, 'admin', 'toggle@northbeam.example');
    const agent = await signedInAgent(testApp, 'toggle@northbeam.example');
    const { recoveryCodes } = await enrol(agent);
    const wrongPassword = await agent
      .post('/api/admin/account/two-factor/recovery-codes')
      .send({ password: 'not my password' });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.error).toBe(staffMessages.passwordIncorrect);
    const renewed = await agent.post('/api/admin/account/two-factor/recovery-codes').send({ password: staffPassword });
    expect(renewed.status).toBe(200);
    expect(renewed.body.recoveryCodes).toHaveLength(10);
    const old = await passwordStep('toggle@northbeam.example');
    expect((await old.post('/api/admin/login/two-factor').send({ code: recoveryCodes[0] })).status).toBe(401);

    expect((await agent.post('/api/admin/account/two-factor/disable').send({ password: staffPassword })).status).toBe(
      204,
    );
    expect((await agent.get('/api/admin/user')).body.twoFactorEnabled).toBe(false);
    const plain = await testApp
      .request()
      .post('/api/admin/login')
      .send({ email: 'toggle@northbeam.example', password: staffPassword });
    expect(plain.body.user).toMatchObject({ email: 'toggle@northbeam.example' });
  });

  it('lets the command line reset two-factor sign-in for an account that lost its device', async () => {
    await createStaff(testApp, 'admin', 'lost-phone@northbeam.example');
    await enrol(await signedInAgent(testApp, 'lost-phone@northbeam.example'));
    const account = await testApp.app.get(UsersRepository).findByEmail('lost-phone@northbeam.example');
    await testApp.app.get(TwoFactorService).reset(account!);
    const plain = await testApp
      .request()
      .post('/api/admin/login')
      .send({ email: 'lost-phone@northbeam.example', password: staffPassword });
    expect(plain.status).toBe(200);
    expect(plain.body.user).toMatchObject({ twoFactorEnabled: false });
  });

  /**
   * A sign-in waiting for its code holds the account in a session that is not signed in. Every way of
   * ending all of an account's sessions must end that one too: the table has a line for each
   * (`sessionRevocations`; the type makes a new one add its line here).
   */
  describe("a sign-in waiting for its code is ended with the account's sessions", () => {
    let superAdmin: Agent;
    let caseNumber = 0;

    /** The account's stored sessions, signed in or waiting for a code. */
    const sessionsOf = (userId: string) =>
      testApp.dataSource.query<{ sid: string }[]>(
        `SELECT "sid" FROM "sessions" WHERE "sess"->>'userId' = $1 OR "sess"->'pendingTwoFactor'->>'userId' = $1`,
        [userId],
      );

    /** The newest reset link mailed to the address. */
    async function resetToken(email: string): Promise<string> {
      const rows = await testApp.dataSource.query<{ text_body: string }[]>(
        `SELECT "text_body" FROM "email_outbox" WHERE "to_address" = $1 AND "kind" = 'staff_password_reset' ORDER BY "created_at" DESC LIMIT 1`,
        [email],
      );
      const match = /\/admin\/reset-password\/([A-Za-z0-9_-]{43})/.exec(rows[0]?.text_body ?? '');
      if (!match) throw new Error(`no reset mail to ${email}`);
      return match[1];
    }

    const revoke: Record<SessionRevocation, (account: { id: string; email: string }) => Promise<void>> = {
      'staff sign-out everywhere': async ({ id }) => {
        expect((await superAdmin.post(`/api/admin/staff/${id}/sign-out-everywhere`).send({})).status).toBe(204);
      },
      'staff disable': async ({ id }) => {
        expect((await superAdmin.patch(`/api/admin/staff/${id}`).send({ disabled: true })).status).toBe(200);
      },
      'staff removal': async ({ id }) => {
        expect((await superAdmin.delete(`/api/admin/staff/${id}`)).status).toBe(204);
      },
      'password reset': async ({ email }) => {
        await testApp.request().post('/api/password-reset').set('X-Forwarded-For', nextAddress()).send({ email });
        const done = await testApp
          .request()
          .post(`/api/password-reset/${await resetToken(email)}`)
          .send({ password: 'a brand new passphrase' });
        expect(done.status).toBe(200);
      },
      'command-line set-password': async ({ email }) => {
        await testApp.app.get(UsersService).setPassword(email, 'a brand new passphrase');
      },
      'command-line disable': async ({ email }) => {
        await testApp.app.get(UsersService).disable(email);
      },
      'command-line reset-2fa': async ({ email }) => {
        await testApp.app.get(TwoFactorService).reset((await testApp.app.get(UsersRepository).findByEmail(email))!);
      },
    };

    beforeAll(async () => {
      await createStaff(testApp, 'super_admin', 'revoker@northbeam.example');
      superAdmin = await signedInAgent(testApp, 'revoker@northbeam.example');
    });

    it.each(sessionRevocations)(
      'ends a sign-in waiting for its code on %s, and refuses its right code afterwards',
      async (way) => {
        const email = `pending${(caseNumber += 1)}@northbeam.example`;
        const account = await createStaff(testApp, 'admin', email);
        const { secret } = await enrol(await signedInAgent(testApp, email));
        const pending = await passwordStep(email);

        await revoke[way]({ id: account.id, email });
        // Ended at once, the waiting sign-in with the signed-in sessions.
        expect(await sessionsOf(account.id)).toEqual([]);

        const code = await pending.post('/api/admin/login/two-factor').send({ code: codeFor(secret) });
        expect(code.status).toBe(401);
        expect(code.body).toEqual({ statusCode: 401, error: staffMessages.signInAgain });
        expect((await pending.get('/api/admin/user')).status).toBe(401);
      },
    );

    it('refuses the right code of a waiting sign-in written back after the revocation by a request in flight', async () => {
      const email = 'in-flight@northbeam.example';
      const account = await createStaff(testApp, 'admin', email);
      const { secret } = await enrol(await signedInAgent(testApp, email));
      const pending = await passwordStep(email);
      const stored = await testApp.dataSource.query<{ sid: string; sess: unknown; expire: Date }[]>(
        `SELECT "sid", "sess", "expire" FROM "sessions" WHERE "sess"->'pendingTwoFactor'->>'userId' = $1`,
        [account.id],
      );
      expect(stored).toHaveLength(1);
      await revoke['staff sign-out everywhere'](account);
      // Another instance answering a request of that browser writes the session back afterwards.
      await testApp.dataSource.query(`INSERT INTO "sessions" ("sid", "sess", "expire") VALUES ($1, $2, $3)`, [
        stored[0].sid,
        JSON.stringify(stored[0].sess),
        stored[0].expire,
      ]);
      const code = await pending.post('/api/admin/login/two-factor').send({ code: codeFor(secret) });
      expect(code.status).toBe(401);
      expect((await pending.get('/api/admin/user')).status).toBe(401);
    });
  });

  describe('when STAFF_2FA requires it for the role', () => {
    let strict: TestApp;

    beforeAll(async () => {
      strict = await createTestApp({ config: { seedContent: false, staffTwoFactor: 'admins' } });
      await createStaff(strict, 'admin');
      await createStaff(strict, 'consultant');
    }, hookTimeoutMs);

    afterAll(async () => {
      await strict?.close();
    }, hookTimeoutMs);

    it('requires enrolment of admins only, and refuses to turn it off', async () => {
      const consultant = await signedInAgent(strict, 'consultant@northbeam.example');
      expect((await consultant.get('/api/admin/user')).body.twoFactorSetupRequired).toBe(false);
      expect((await consultant.get('/api/admin/posts')).status).toBe(200);

      const admin = await signedInAgent(strict, 'admin@northbeam.example');
      expect((await admin.get('/api/admin/user')).body.twoFactorSetupRequired).toBe(true);
      expect((await admin.get('/api/admin/posts')).body).toEqual({
        statusCode: 403,
        error: staffMessages.setUpTwoFactor,
      });
      const setup = await admin.post('/api/admin/account/two-factor/setup').send({});
      expect(
        (await admin.post('/api/admin/account/two-factor/enable').send({ code: codeFor(setup.body.secret) })).status,
      ).toBe(200);
      expect((await admin.get('/api/admin/user')).body.twoFactorSetupRequired).toBe(false);
      expect((await admin.get('/api/admin/posts')).status).toBe(200);
      const off = await admin.post('/api/admin/account/two-factor/disable').send({ password: staffPassword });
      expect(off.body).toEqual({ statusCode: 403, error: staffMessages.twoFactorRequiredByPolicy });
    });
  });
});

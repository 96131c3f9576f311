import { messages, permissionsFor } from '@northbeam/common';
import { LoginThrottleRepository } from '../src/modules/auth/login-throttle.repository.js';
import {
  accountThrottleKey,
  addressThrottleKey,
  freeFailuresPerAccount,
  freeFailuresPerAddress,
  LoginThrottleService,
  TooManySignInAttempts,
} from '../src/modules/auth/login-throttle.service.js';
import { UsersService } from '../src/modules/users/users.service.js';
import { createStaff, sessionCookie, signedInAgent, staffPassword } from './factories/staff.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/** Starting an app on a fresh database can be slow on a busy machine (Jest's project testTimeout does not reach hooks). */
const hookTimeoutMs = 120_000;

describe('Staff sign-in and sessions', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({ config: { seedContent: false } });
    await createStaff(testApp, 'admin', 'admin@northbeam.example');
  }, hookTimeoutMs);

  afterAll(async () => {
    await testApp?.close();
  }, hookTimeoutMs);

  describe('POST /api/admin/login', () => {
    it('marks the account\'s first sign-in (the admin says "Welcome"), and only that session', async () => {
      const email = 'first-time@northbeam.example';
      await createStaff(testApp, 'consultant', email);
      const first = await signedInAgent(testApp, email);
      expect((await first.get('/api/admin/user')).body).toMatchObject({ email, firstSignIn: true });
      const second = await signedInAgent(testApp, email);
      expect((await second.get('/api/admin/user')).body).not.toHaveProperty('firstSignIn');
      // The first session keeps its welcome until it ends.
      expect((await first.get('/api/admin/user')).body).toMatchObject({ firstSignIn: true });
    });

    it('answers 200 {user} and sets an HttpOnly, SameSite=Lax session cookie', async () => {
      const response = await testApp
        .request()
        .post('/api/admin/login')
        .send({ email: 'Admin@Northbeam.example ', password: staffPassword });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        user: {
          id: expect.any(String),
          name: 'Test admin',
          email: 'admin@northbeam.example',
          role: 'admin',
          twoFactorEnabled: false,
          twoFactorSetupRequired: false,
          teamMemberId: null,
          permissions: permissionsFor('admin'),
          // No sign-in of this account before this one.
          firstSignIn: true,
        },
      });
      const cookie = sessionCookie(response.headers['set-cookie']);
      expect(cookie).toBeDefined();
      expect(cookie).toMatch(/; HttpOnly/);
      expect(cookie).toMatch(/; SameSite=Lax/);
      expect(cookie).toMatch(/; Path=\//);
      expect(cookie).not.toMatch(/; Secure/);
      // Idle timeout: the cookie (and the stored session) expire 30 minutes after the last answer.
      const expires = new Date(/Expires=([^;]+)/.exec(cookie!)![1]).getTime();
      expect(Math.abs(expires - (Date.now() + 30 * 60 * 1000))).toBeLessThan(5000);
      // express-session ids: 24 random bytes, base64url (≥ 128 bits).
      const id = decodeURIComponent(cookie!.split(';')[0].split('=')[1]).slice(2).split('.')[0];
      expect(id.length).toBeGreaterThanOrEqual(32);
    });

    it('issues a new session id at sign-in and ends the one presented', async () => {
      const first = await testApp
        .request()
        .post('/api/admin/login')
        .send({ email: 'admin@northbeam.example', password: staffPassword });
      const firstCookie = sessionCookie(first.headers['set-cookie'])!.split(';')[0];
      const second = await testApp
        .request()
        .post('/api/admin/login')
        .set('Cookie', firstCookie)
        .send({ email: 'admin@northbeam.example', password: staffPassword });
      const secondCookie = sessionCookie(second.headers['set-cookie'])!.split(';')[0];
      expect(secondCookie).not.toBe(firstCookie);
      expect((await testApp.request().get('/api/admin/user').set('Cookie', firstCookie)).status).toBe(401);
      expect((await testApp.request().get('/api/admin/user').set('Cookie', secondCookie)).status).toBe(200);
    });

    it('stores the session in the sessions table of PostgreSQL', async () => {
      const response = await testApp
        .request()
        .post('/api/admin/login')
        .send({ email: 'admin@northbeam.example', password: staffPassword });
      const signed = decodeURIComponent(sessionCookie(response.headers['set-cookie'])!.split(';')[0].split('=')[1]);
      const sid = signed.slice(2).split('.')[0];
      const rows: { sess: { userId: string } }[] = await testApp.dataSource.query(
        'SELECT sess FROM sessions WHERE sid = $1',
        [sid],
      );
      expect(rows).toHaveLength(1);
      expect(rows[0].sess.userId).toBe(response.body.user.id);
    });

    it('answers the same 401 for a wrong password and an unknown e-mail', async () => {
      const wrong = await testApp
        .request()
        .post('/api/admin/login')
        .set('X-Forwarded-For', '10.0.0.1')
        .send({ email: 'admin@northbeam.example', password: 'not the password' });
      const unknown = await testApp
        .request()
        .post('/api/admin/login')
        .set('X-Forwarded-For', '10.0.0.1')
        .send({ email: 'nobody@northbeam.example', password: 'whatever1' });
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      expect(wrong.body).toEqual({ statusCode: 401, error: messages.invalidCredentials });
      expect(unknown.body).toEqual(wrong.body);
      expect(sessionCookie(wrong.headers['set-cookie'])).toBeUndefined();
    });

    it('refuses an invalid e-mail with "Please enter a valid email address"', async () => {
      const response = await testApp.request().post('/api/admin/login').send({ email: 'not-an-email', password: 'x' });
      expect(response.status).toBe(400);
      expect(response.body.error).toBe(messages.emailInvalid);
      expect(response.body.fieldErrors.email).toContain(messages.emailInvalid);
    });

    it('refuses a missing password with "Password is required"', async () => {
      const response = await testApp
        .request()
        .post('/api/admin/login')
        .send({ email: 'admin@northbeam.example', password: '' });
      expect(response.status).toBe(400);
      expect(response.body.fieldErrors.password).toContain(messages.passwordRequired);
    });

    it('refuses a disabled account with the same 401', async () => {
      await createStaff(testApp, 'consultant', 'leaver@northbeam.example');
      await testApp.app.get(UsersService).disable('leaver@northbeam.example');
      const response = await testApp
        .request()
        .post('/api/admin/login')
        .send({ email: 'leaver@northbeam.example', password: staffPassword });
      expect(response.status).toBe(401);
      expect(response.body.error).toBe(messages.invalidCredentials);
    });
  });

  describe('throttling', () => {
    it(`answers 429 with Retry-After after ${freeFailuresPerAccount} wrong passwords for one account, even for the right one`, async () => {
      await createStaff(testApp, 'consultant', 'target@northbeam.example');
      for (let attempt = 0; attempt < freeFailuresPerAccount; attempt += 1) {
        const response = await testApp
          .request()
          .post('/api/admin/login')
          .set('X-Forwarded-For', `10.1.0.${attempt + 1}`)
          .send({ email: 'target@northbeam.example', password: 'wrong password' });
        expect(response.status).toBe(401);
      }
      const blocked = await testApp
        .request()
        .post('/api/admin/login')
        .set('X-Forwarded-For', '10.1.1.1')
        .send({ email: 'target@northbeam.example', password: staffPassword });
      expect(blocked.status).toBe(429);
      expect(blocked.body).toEqual({ statusCode: 429, error: messages.tooManyRequests });
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(60);
      const rows: { failures: number }[] = await testApp.dataSource.query(
        `SELECT failures FROM login_attempts WHERE key = $1`,
        [accountThrottleKey('target@northbeam.example')],
      );
      expect(rows[0].failures).toBe(freeFailuresPerAccount);
    });

    it('doubles the wait with each further failure once the wait has passed', async () => {
      await testApp.dataSource.query(
        `UPDATE login_attempts SET blocked_until = now() - interval '1 second' WHERE key = $1`,
        [accountThrottleKey('target@northbeam.example')],
      );
      const again = await testApp
        .request()
        .post('/api/admin/login')
        .set('X-Forwarded-For', '10.1.2.1')
        .send({ email: 'target@northbeam.example', password: 'still wrong' });
      expect(again.status).toBe(401);
      const blocked = await testApp
        .request()
        .post('/api/admin/login')
        .set('X-Forwarded-For', '10.1.2.1')
        .send({ email: 'target@northbeam.example', password: staffPassword });
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(60);
      expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(120);
    });

    it(`throttles one address after ${freeFailuresPerAddress} failures across many accounts`, async () => {
      for (let attempt = 0; attempt < freeFailuresPerAddress; attempt += 1) {
        const response = await testApp
          .request()
          .post('/api/admin/login')
          .set('X-Forwarded-For', '10.9.9.9')
          .send({ email: `guess${attempt}@northbeam.example`, password: 'wrong password' });
        expect(response.status).toBe(401);
      }
      const blocked = await testApp
        .request()
        .post('/api/admin/login')
        .set('X-Forwarded-For', '10.9.9.9')
        .send({ email: 'admin@northbeam.example', password: staffPassword });
      expect(blocked.status).toBe(429);
      const elsewhere = await testApp
        .request()
        .post('/api/admin/login')
        .set('X-Forwarded-For', '10.9.9.10')
        .send({ email: 'admin@northbeam.example', password: staffPassword });
      expect(elsewhere.status).toBe(200);
    });
  });

  /**
   * Every attempt is counted as a failure before it is checked; an attempt that turns out not to be one
   * is given back. Generated for both counters, every way an attempt is given back, and failure
   * histories below, at and beyond the free ones (each earlier wait waited out): giving the attempt
   * back leaves the counter as it found it, so the owner is never made to wait by a right answer.
   * The throttle takes its clock as an argument, so the histories run on a clock of their own.
   */
  describe('giving back an attempt that was not a failure', () => {
    const counters = [
      {
        name: 'account',
        free: freeFailuresPerAccount,
        key: (id: string) => accountThrottleKey(`${id}@northbeam.example`),
        // The counter under test is the account: each failure comes from another address.
        failure: (id: string, index: number) => [`${id}@northbeam.example`, `${id}/${index}`] as const,
        rightAttempt: (id: string) => [`${id}@northbeam.example`, `${id}/right`] as const,
        // A wait on the address: this account's attempt is refused on the other counter.
        refusedAttempt: (id: string) => [`${id}@northbeam.example`, `${id}/waiting`] as const,
        makeOtherWait: (id: string) =>
          Array.from(
            { length: freeFailuresPerAddress },
            (_, index) => [`${id}.${index}@other.example`, `${id}/waiting`] as const,
          ),
      },
      {
        name: 'address',
        free: freeFailuresPerAddress,
        key: (id: string) => addressThrottleKey(id),
        failure: (id: string, index: number) => [`${id}.${index}@northbeam.example`, id] as const,
        rightAttempt: (id: string) => [`${id}.right@northbeam.example`, id] as const,
        refusedAttempt: (id: string) => [`${id}.waiting@northbeam.example`, id] as const,
        makeOtherWait: (id: string) =>
          Array.from(
            { length: freeFailuresPerAccount },
            (_, index) => [`${id}.waiting@northbeam.example`, `${id}/other/${index}`] as const,
          ),
      },
    ];
    const ways = [
      {
        name: 'a correct password that still owes a code',
        run: async (throttle: LoginThrottleService, [email, address]: readonly [string, string], now: Date) => {
          await throttle.reserveAttempt(email, address, now);
          await throttle.releaseAttempt(email, address);
        },
      },
      {
        name: 'a complete sign-in',
        run: async (throttle: LoginThrottleService, [email, address]: readonly [string, string], now: Date) => {
          await throttle.reserveAttempt(email, address, now);
          await throttle.recordSuccess(email, address);
        },
      },
      {
        name: 'an attempt refused on its other counter',
        refused: true,
        run: async (throttle: LoginThrottleService, [email, address]: readonly [string, string], now: Date) => {
          await expect(throttle.reserveAttempt(email, address, now)).rejects.toBeInstanceOf(TooManySignInAttempts);
        },
      },
    ];
    let caseNumber = 0;

    for (const counter of counters) {
      const histories = [0, counter.free - 1, counter.free, counter.free + 2];
      for (const way of ways) {
        for (const failures of histories) {
          // A complete sign-in clears the account's counter outright: only the address is given its attempt back.
          if (way.name === 'a complete sign-in' && counter.name === 'account') continue;
          it(`leaves the ${counter.name} counter as it was after ${failures} failures when given back by ${way.name}`, async () => {
            const throttle = testApp.app.get(LoginThrottleService);
            const repository = testApp.app.get(LoginThrottleRepository);
            const id = `giveback${(caseNumber += 1)}`;
            const key = counter.key(id);
            const read = async (at: Date) => {
              const [row] = await repository.findByKeys([key]);
              return { failures: row?.failures ?? 0, waiting: (row?.blockedUntil?.getTime() ?? 0) > at.getTime() };
            };
            let clock = Date.now() - 60 * 60 * 1000 * (failures + 2);
            for (let index = 0; index < failures; index += 1) {
              const [email, address] = counter.failure(id, index);
              await throttle.reserveAttempt(email, address, new Date(clock));
              const [row] = await repository.findByKeys([key]);
              // The next failure comes once this one's wait is over.
              clock = Math.max(clock, row.blockedUntil?.getTime() ?? 0) + 1000;
            }
            const now = new Date(clock);
            if (way.refused)
              for (const [email, address] of counter.makeOtherWait(id))
                await throttle.reserveAttempt(email, address, new Date(clock - 1000)).catch(() => undefined);
            const before = await read(now);
            expect(before).toEqual({ failures, waiting: false });

            await way.run(throttle, way.refused ? counter.refusedAttempt(id) : counter.rightAttempt(id), now);

            expect(await read(now)).toEqual(before);
            // And the next attempt at that moment is let through to its check.
            const [email, address] = counter.failure(id, failures);
            await expect(throttle.reserveAttempt(email, address, now)).resolves.toBeUndefined();
          });
        }
      }
    }
  });

  describe('throttling attempts sent together', () => {
    const attempt = (email: string, address: string, password = 'wrong password') =>
      testApp.request().post('/api/admin/login').set('X-Forwarded-For', address).send({ email, password });

    it(`checks at most ${freeFailuresPerAccount} of 100 wrong passwords for one account sent at once; the rest get 429 with Retry-After`, async () => {
      await createStaff(testApp, 'consultant', 'stormed@northbeam.example');
      const responses = await Promise.all(
        Array.from({ length: 100 }, (_, index) =>
          attempt('stormed@northbeam.example', `10.70.${Math.floor(index / 200)}.${(index % 200) + 1}`),
        ),
      );
      const statuses = responses.map((response) => response.status);
      console.log(
        `Auth/concurrent: 100 wrong passwords at once → ${statuses.filter((status) => status === 401).length}×401, ${statuses.filter((status) => status === 429).length}×429`,
      );
      expect(statuses.filter((status) => status === 401)).toHaveLength(freeFailuresPerAccount);
      expect(statuses.filter((status) => status === 429)).toHaveLength(100 - freeFailuresPerAccount);
      for (const response of responses.filter((response) => response.status === 429)) {
        expect(response.body).toEqual({ statusCode: 429, error: messages.tooManyRequests });
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
        // The minute runs from the reservation that used the last free failure, which may have been
        // made a few milliseconds after this request read its clock: rounded up, 61 s.
        expect(Number(response.headers['retry-after'])).toBeLessThanOrEqual(61);
      }
      expect((await attempt('stormed@northbeam.example', '10.71.0.1', staffPassword)).status).toBe(429);
    });

    it(`checks at most ${freeFailuresPerAddress} of 100 wrong passwords from one address for many accounts sent at once`, async () => {
      const responses = await Promise.all(
        Array.from({ length: 100 }, (_, index) => attempt(`crowd${index}@northbeam.example`, '10.72.0.1')),
      );
      const statuses = responses.map((response) => response.status);
      expect(statuses.filter((status) => status === 401)).toHaveLength(freeFailuresPerAddress);
      expect(statuses.filter((status) => status === 429)).toHaveLength(100 - freeFailuresPerAddress);
    });

    it('does not count successful sign-ins against the address', async () => {
      await createStaff(testApp, 'consultant', 'regular@northbeam.example');
      for (let index = 0; index < freeFailuresPerAddress + 5; index += 1) {
        expect((await attempt('regular@northbeam.example', '10.73.0.1', staffPassword)).status).toBe(200);
      }
      expect((await attempt('regular@northbeam.example', '10.73.0.1')).status).toBe(401);
    });

    it('refuses an unknown e-mail the same way as a known one, and throttles it alike', async () => {
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, index) => attempt('nobody-here@northbeam.example', `10.74.0.${index + 1}`)),
      );
      const statuses = responses.map((response) => response.status);
      expect(statuses.filter((status) => status === 401)).toHaveLength(freeFailuresPerAccount);
      expect(responses.find((response) => response.status === 401)?.body).toEqual({
        statusCode: 401,
        error: messages.invalidCredentials,
      });
      expect(statuses.filter((status) => status === 429)).toHaveLength(20 - freeFailuresPerAccount);
    });
  });

  describe('GET /api/admin/user', () => {
    it('answers 401 when signed out', async () => {
      const response = await testApp.request().get('/api/admin/user');
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ statusCode: 401, error: messages.notSignedIn });
    });

    it('answers {id, name, email, role, two-factor state, linked team member, permissions} when signed in', async () => {
      const agent = await signedInAgent(testApp, 'admin@northbeam.example');
      const response = await agent.get('/api/admin/user');
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        id: expect.any(String),
        name: 'Test admin',
        email: 'admin@northbeam.example',
        role: 'admin',
        twoFactorEnabled: false,
        twoFactorSetupRequired: false,
        teamMemberId: null,
        permissions: permissionsFor('admin'),
      });
    });

    it('ends a session older than the 12-hour absolute timeout', async () => {
      const agent = await signedInAgent(testApp, 'admin@northbeam.example');
      const user = await agent.get('/api/admin/user');
      await testApp.dataSource.query(
        `UPDATE sessions SET sess = jsonb_set(sess, '{signedInAt}', to_jsonb($1::bigint)) WHERE sess->>'userId' = $2`,
        [Date.now() - 12 * 60 * 60 * 1000 - 1000, user.body.id],
      );
      expect((await agent.get('/api/admin/user')).status).toBe(401);
    });
  });

  describe('POST /api/admin/logout', () => {
    it('answers 204, clears the cookie and deletes the session server-side', async () => {
      const agent = await signedInAgent(testApp, 'admin@northbeam.example');
      const before: { count: string }[] = await testApp.dataSource.query(
        'SELECT count(*)::text AS count FROM sessions',
      );
      const response = await agent.post('/api/admin/logout').send({});
      expect(response.status).toBe(204);
      expect(sessionCookie(response.headers['set-cookie'])).toMatch(/Expires=Thu, 01 Jan 1970/);
      const after: { count: string }[] = await testApp.dataSource.query('SELECT count(*)::text AS count FROM sessions');
      expect(Number(after[0].count)).toBe(Number(before[0].count) - 1);
      expect((await agent.get('/api/admin/user')).status).toBe(401);
    });
  });
});

describe('Session cookie in production', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({ config: { production: true, seedContent: false } });
    await createStaff(testApp, 'super_admin', 'boss@northbeam.example');
  }, hookTimeoutMs);

  afterAll(async () => {
    await testApp?.close();
  }, hookTimeoutMs);

  it('is named __Host-nb.sid and marked Secure, HttpOnly and SameSite=Lax', async () => {
    const response = await testApp
      .request()
      .post('/api/admin/login')
      .set('X-Forwarded-Proto', 'https')
      .send({ email: 'boss@northbeam.example', password: staffPassword });
    expect(response.status).toBe(200);
    const cookie = sessionCookie(response.headers['set-cookie'], '__Host-nb.sid');
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).not.toMatch(/; Domain=/);
  });
});

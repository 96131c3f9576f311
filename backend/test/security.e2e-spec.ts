import { createHmac } from 'node:crypto';
import { leadMessages, messages, turnstileFallbackToken } from '@northbeam/common';
import type supertest from 'supertest';
import { MailDispatcher } from '../src/modules/mail/mail-dispatcher.js';
import { createStaff, sessionCookie, signedInAgent, staffPassword } from './factories/staff.js';
import { SmtpCatcher } from './helpers/smtp-catcher.js';
import { routeCatalogue, type CatalogueRoute } from './helpers/route-catalogue.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * Security (docs/product.md#sessions, #security-headers). Extends auth.e2e-spec.ts (cookie flags, id rotation
 * at sign-in, throttling with 429 + Retry-After) and error-contract.e2e-spec.ts (the cross-site guard
 * on a fixture) to the real endpoints, forged session ids, header grading and log hygiene.
 */
const hookTimeoutMs = 120_000;
const sessionSecret = 'security-suite-session-secret-0123456789abcdef';

/**
 * The deductions and bonuses of the Mozilla HTTP Observatory (v2 scoring) for the tests that a
 * response's headers decide. Starts at 100; A+ is 100 or more.
 */
export function observatoryScore(
  headers: Record<string, string | string[] | undefined>,
  https: boolean,
): { score: number; notes: string[] } {
  const notes: string[] = [];
  let score = 100;
  const header = (name: string) => {
    const value = headers[name.toLowerCase()];
    return Array.isArray(value) ? value.join(', ') : value;
  };
  const adjust = (points: number, note: string) => {
    score += points;
    notes.push(`${points >= 0 ? '+' : ''}${points} ${note}`);
  };
  const csp = header('content-security-policy');
  const directives = new Map<string, string[]>();
  for (const part of (csp ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), values);
  }
  const scriptSrc = directives.get('script-src') ?? directives.get('default-src') ?? [];
  if (!csp) adjust(-25, 'csp-not-implemented');
  else if (scriptSrc.includes("'unsafe-inline'")) adjust(-20, 'csp-implemented-with-unsafe-inline');
  else if (scriptSrc.includes("'unsafe-eval'")) adjust(-10, 'csp-implemented-with-unsafe-eval');
  else if (!directives.get('object-src')?.includes("'none'") && !directives.get('default-src')?.includes("'none'"))
    adjust(-10, 'csp-implemented-with-insecure-object-src');
  else if (directives.get('default-src')?.join(' ') === "'none'")
    adjust(10, 'csp-implemented-with-no-unsafe-default-src-none');
  else adjust(0, 'csp-implemented-with-no-unsafe');

  const cookies = ([] as string[]).concat(headers['set-cookie'] ?? []);
  if (cookies.length > 0) {
    const session = cookies.filter((cookie) => /sid=/i.test(cookie.split(';')[0]));
    const allSecure = cookies.every((cookie) => /;\s*secure/i.test(cookie));
    const sessionsHttpOnly = session.every((cookie) => /;\s*httponly/i.test(cookie));
    const sameSite = cookies.every((cookie) => /;\s*samesite=(lax|strict)/i.test(cookie));
    if (!https) adjust(0, 'cookies-without-secure-flag-but-protected-by-hsts (plain HTTP in tests)');
    else if (!allSecure) adjust(session.length ? -40 : -20, 'cookies-without-secure-flag');
    else if (!sessionsHttpOnly) adjust(-30, 'cookies-session-without-httponly-flag');
    else if (sameSite) adjust(5, 'cookies-secure-with-httponly-sessions-and-samesite');
    else adjust(0, 'cookies-secure-with-httponly-sessions');
  }

  const referrer = (header('referrer-policy') ?? '').toLowerCase();
  if (!referrer) adjust(0, 'referrer-policy-not-implemented');
  else if (
    ['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'].includes(
      referrer.split(',').pop()!.trim(),
    )
  )
    adjust(5, 'referrer-policy-private');
  else adjust(-5, 'referrer-policy-unsafe');

  if (https) {
    const hsts = header('strict-transport-security');
    const maxAge = Number(/max-age=(\d+)/i.exec(hsts ?? '')?.[1] ?? 0);
    if (!hsts) adjust(-20, 'hsts-not-implemented');
    else if (maxAge < 15_768_000) adjust(-10, 'hsts-implemented-max-age-less-than-six-months');
    else adjust(0, 'hsts-implemented-max-age-at-least-six-months');
  }

  if ((header('x-content-type-options') ?? '').toLowerCase() !== 'nosniff')
    adjust(-5, 'x-content-type-options-not-implemented');
  if (directives.has('frame-ancestors')) adjust(5, 'x-frame-options-implemented-via-csp');
  else if (/^(deny|sameorigin)$/i.test(header('x-frame-options') ?? ''))
    adjust(0, 'x-frame-options-sameorigin-or-deny');
  else adjust(-20, 'x-frame-options-not-implemented');

  if (header('access-control-allow-origin') === '*')
    adjust(0, 'cross-origin-resource-sharing-implemented-with-public-access');
  return { score, notes };
}

function stateChangingCalls(): { method: 'post' | 'put' | 'delete'; path: string; body: Record<string, unknown> }[] {
  return [
    {
      method: 'post',
      path: '/api/contact',
      body: {
        name: 'Mallory',
        email: 'mallory@example.com',
        message: 'A cross-site message long enough.',
        consent: true,
      },
    },
    { method: 'post', path: '/api/subscribe', body: { email: 'victim@example.com' } },
    { method: 'post', path: '/api/playbook-download', body: { email: 'victim@example.com' } },
    { method: 'post', path: '/api/request-data-deletion', body: { email: 'victim@example.com', consent: true } },
    { method: 'post', path: '/api/analytics/track', body: { event: 'page_view', properties: {} } },
    { method: 'post', path: '/api/admin/login', body: { email: 'admin@northbeam.example', password: staffPassword } },
    { method: 'post', path: '/api/admin/logout', body: {} },
    {
      method: 'post',
      path: '/api/admin/posts',
      body: { title: 'Forged', slug: 'forged', excerpt: 'x', body: 'x', section: 'labs' },
    },
    { method: 'put', path: '/api/admin/posts/00000000-0000-4000-8000-000000000000', body: { title: 'Forged' } },
    { method: 'delete', path: '/api/admin/posts/00000000-0000-4000-8000-000000000000', body: {} },
  ];
}

/**
 * Every case spelling of the API prefix (`/api`, `/API`, `/Api`, `/aPi` …): Express routes them all to
 * the same handlers, so each must meet the same guards.
 */
function apiPrefixSpellings(): string[] {
  const spellings: string[] = [];
  for (let mask = 0; mask < 8; mask += 1)
    spellings.push(
      `/${[...'api'].map((letter, index) => (mask & (1 << index) ? letter.toUpperCase() : letter)).join('')}`,
    );
  return spellings;
}

/** Routes that third parties post to from their own origin, where a signed token decides (RFC 8058 one-click). */
const thirdPartyPosts = new Set(['POST /api/unsubscribe/one-click']);

/** A route's path with a placeholder id in every parameter and the API prefix spelled as given. */
function spelledPath(route: CatalogueRoute, prefix: string): string {
  return route.path.replace(/:[A-Za-z0-9_]+/g, '00000000-0000-4000-8000-000000000000').replace(/^\/api(?=\/)/, prefix);
}

/** express-session's cookie signature (cookie-signature): value.HMAC-SHA256 in base64 without padding. */
function signCookieValue(value: string, secret: string): string {
  return `${value}.${createHmac('sha256', secret).update(value).digest('base64').replace(/=+$/, '')}`;
}

function formEncode(body: Record<string, unknown>): string {
  return Object.entries(body)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
    .join('&');
}

describe('Security of the real endpoints', () => {
  let testApp: TestApp;
  let admin: supertest.Agent;

  beforeAll(async () => {
    testApp = await createTestApp({ config: { seedContent: false, sessionSecret, contactRateLimitMax: 1000 } });
    await createStaff(testApp, 'admin', 'admin@northbeam.example');
    await createStaff(testApp, 'super_admin', 'owner@northbeam.example');
    admin = await signedInAgent(testApp, 'admin@northbeam.example');
  }, hookTimeoutMs);

  afterAll(async () => {
    await testApp?.close();
  }, hookTimeoutMs);

  async function storedRows(): Promise<number> {
    const tables = [
      'contact_messages',
      'subscribers',
      'playbook_downloads',
      'deletion_requests',
      'analytics_events',
      'posts',
    ];
    let total = 0;
    for (const table of tables)
      total += Number((await testApp.dataSource.query(`SELECT count(*)::int AS n FROM "${table}"`))[0].n);
    return total;
  }

  describe('cross-site requests', () => {
    it('refuses a plain form post and a foreign Origin on every state-changing call with 403, signed in or not, and stores nothing', async () => {
      const before = await storedRows();
      let refused = 0;
      for (const call of stateChangingCalls()) {
        for (const client of [testApp.request(), admin]) {
          for (const contentType of [
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=x',
            'text/plain',
          ]) {
            const form = await client[call.method](call.path)
              .set('Content-Type', contentType)
              .send(formEncode(call.body));
            expect({ call: call.path, contentType, status: form.status }).toEqual({
              call: call.path,
              contentType,
              status: 403,
            });
            expect(form.body.statusCode).toBe(403);
            refused += 1;
          }
          const foreign = await client[call.method](call.path).set('Origin', 'https://evil.example').send(call.body);
          expect({ call: call.path, origin: 'evil', status: foreign.status }).toEqual({
            call: call.path,
            origin: 'evil',
            status: 403,
          });
          const nullOrigin = await client[call.method](call.path).set('Origin', 'null').send(call.body);
          expect({ call: call.path, origin: 'null', status: nullOrigin.status }).toEqual({
            call: call.path,
            origin: 'null',
            status: 403,
          });
          refused += 2;
        }
      }
      expect(await storedRows()).toBe(before);
      expect((await admin.get('/api/admin/user')).status).toBe(200);
      console.log(
        `Cross-site: ${refused} forged requests refused with 403, rows before ${before}, after ${await storedRows()}`,
      );
    });
  });

  describe('the API prefix in any case spelling', () => {
    it('refuses a cross-site form and a foreign Origin on every state-changing route of the catalogue under every spelling of /api with 403, signed in as a super admin', async () => {
      const owner = await signedInAgent(testApp, 'owner@northbeam.example');
      const routes = routeCatalogue(testApp.app).filter(
        (route) => route.method !== 'get' && !thirdPartyPosts.has(`${route.method.toUpperCase()} ${route.path}`),
      );
      expect(routes.length).toBeGreaterThan(50);
      const spellings = apiPrefixSpellings();
      expect(spellings).toEqual(expect.arrayContaining(['/api', '/API', '/Api', '/aPi', '/apI', '/APi']));
      const before = await storedRows();
      const accepted: string[] = [];
      let refused = 0;
      for (const route of routes) {
        for (const prefix of spellings) {
          for (const path of [spelledPath(route, prefix), `${spelledPath(route, prefix)}/`]) {
            const attempts = [
              owner[route.method](path).type('form').send('email=mallory%40evil.example&role=super_admin'),
              owner[route.method](path)
                .set('Content-Type', 'multipart/form-data; boundary=x')
                .send('--x\r\nContent-Disposition: form-data; name="email"\r\n\r\nmallory@evil.example\r\n--x--\r\n'),
              owner[route.method](path).set('Origin', 'https://evil.example').send({ email: 'mallory@evil.example' }),
            ];
            for (const [index, answer] of (await Promise.all(attempts)).entries()) {
              // The guard's own refusal, not a handler's 404 for the placeholder id.
              if (answer.status === 403 && answer.body.error === messages.crossSiteRefused) refused += 1;
              else
                accepted.push(
                  `${route.method.toUpperCase()} ${path} (${['form', 'multipart', 'foreign Origin'][index]}): ${answer.status}`,
                );
            }
          }
        }
      }
      // The one-click route takes foreign posts in every spelling, and its token check refuses a forged one.
      for (const prefix of spellings) {
        const forged = await owner
          .post(`${prefix}/unsubscribe/one-click?email=victim%40example.com&token=forged-token`)
          .set('Origin', 'https://evil.example')
          .type('form')
          .send('List-Unsubscribe=One-Click');
        expect({ prefix, status: forged.status, error: forged.body.error }).toEqual({
          prefix,
          status: 400,
          error: leadMessages.unsubscribeLinkInvalid,
        });
      }
      expect(accepted).toEqual([]);
      expect(await storedRows()).toBe(before);
      expect((await owner.get('/api/admin/user')).status).toBe(200);
      console.log(
        `API prefix spellings: ${routes.length} routes x ${spellings.length} spellings, ${refused} forged requests refused`,
      );
    });

    it('refuses the invitation of a super admin posted as a cross-site form to /API while a super admin is signed in, and stores no invitation', async () => {
      const owner = await signedInAgent(testApp, 'owner@northbeam.example');
      const invitations = async () =>
        Number((await testApp.dataSource.query('SELECT count(*)::int AS n FROM "staff_tokens"'))[0].n);
      const before = await invitations();
      for (const prefix of ['/API', '/Api', '/aPI']) {
        const form = await owner
          .post(`${prefix}/admin/staff/invitations`)
          .set('Origin', 'https://evil.example')
          .type('form')
          .send('email=mallory%40evil.example&role=super_admin');
        expect({ prefix, status: form.status }).toEqual({ prefix, status: 403 });
      }
      expect(await invitations()).toBe(before);
    });

    it('refuses a cross-site sign-in form to /API/admin/login (login CSRF) without issuing a session cookie', async () => {
      for (const prefix of ['/API', '/Api', '/apI']) {
        const login = await testApp
          .request()
          .post(`${prefix}/admin/login`)
          .type('form')
          .send(`email=admin%40northbeam.example&password=${encodeURIComponent(staffPassword)}`);
        expect({ prefix, status: login.status }).toEqual({ prefix, status: 403 });
        expect(sessionCookie(login.headers['set-cookie'])).toBeUndefined();
      }
    });
  });

  describe('session fixation', () => {
    it('replaces a session id planted before sign-in, even a validly signed one, and the planted id never becomes valid', async () => {
      const plantedId = 'planted-session-id-chosen-by-an-attacker-0001';
      const expires = new Date(Date.now() + 60 * 60 * 1000).toISOString();
      await testApp.dataSource.query('INSERT INTO sessions (sid, sess, expire) VALUES ($1, $2, $3)', [
        plantedId,
        JSON.stringify({ cookie: { originalMaxAge: 1_800_000, expires, httpOnly: true, path: '/', sameSite: 'lax' } }),
        expires,
      ]);
      const plantedCookie = `nb.sid=${encodeURIComponent(`s:${signCookieValue(plantedId, sessionSecret)}`)}`;
      const login = await testApp
        .request()
        .post('/api/admin/login')
        .set('Cookie', plantedCookie)
        .send({ email: 'admin@northbeam.example', password: staffPassword });
      expect(login.status).toBe(200);
      const issued = sessionCookie(login.headers['set-cookie'])!.split(';')[0];
      expect(issued).not.toBe(plantedCookie);
      expect(issued).not.toContain(plantedId);
      expect((await testApp.request().get('/api/admin/user').set('Cookie', plantedCookie)).status).toBe(401);
      expect((await testApp.request().get('/api/admin/user').set('Cookie', issued)).status).toBe(200);
      const rows: { sess: { userId?: string } }[] = await testApp.dataSource.query(
        'SELECT sess FROM sessions WHERE sid = $1',
        [plantedId],
      );
      expect(rows.every((row) => !row.sess.userId)).toBe(true);
    });

    it('ignores a forged, unsigned session cookie', async () => {
      const forged = 'nb.sid=s%3Aforged-id.not-a-signature';
      const login = await testApp
        .request()
        .post('/api/admin/login')
        .set('Cookie', forged)
        .send({ email: 'admin@northbeam.example', password: staffPassword });
      expect(login.status).toBe(200);
      expect(sessionCookie(login.headers['set-cookie'])).not.toContain('forged-id');
      expect((await testApp.request().get('/api/admin/user').set('Cookie', forged)).status).toBe(401);
    });
  });

  describe('no leaks in answers', () => {
    it('never sends X-Powered-By, a framework version, a stack line or a database error in an error answer', async () => {
      const answers = await Promise.all([
        testApp.request().get('/api/no/such/thing'),
        testApp.request().post('/api/contact').set('Content-Type', 'application/json').send('{"name":'),
        testApp.request().post('/api/contact').send({ name: 'x' }),
        testApp.request().get('/api/admin/user'),
        testApp.request().get('/api/posts/labs/does-not-exist'),
        testApp.request().get('/api/case-studies/does-not-exist'),
        testApp.request().post('/api/admin/login').send({ email: 'nobody@example.com', password: 'wrong-password' }),
        testApp
          .request()
          .post('/api/subscribe')
          .set('Content-Type', 'application/json')
          .send(JSON.stringify({ email: 'x'.repeat(70 * 1024) })),
        admin.get('/api/admin/posts/not-a-uuid'),
        admin.put('/api/admin/posts/00000000-0000-4000-8000-000000000000').send({ title: 'x' }),
      ]);
      for (const answer of answers) {
        expect(answer.status).toBeGreaterThanOrEqual(400);
        expect(answer.status).toBeLessThan(500);
        expect(answer.headers['x-powered-by']).toBeUndefined();
        expect(answer.headers.server).toBeUndefined();
        expect(answer.text).not.toMatch(/\n\s+at |QueryFailedError|TypeORM|Nest|express|node_modules|\.ts:\d+/);
      }
    });
  });
});

describe('Security headers graded like the Mozilla HTTP Observatory', () => {
  it(
    'scores A+ (≥ 100) in production over HTTPS, with HSTS of at least a year and a strict CSP',
    async () => {
      const testApp = await createTestApp({ config: { production: true, seedContent: false, sessionSecret } });
      try {
        await createStaff(testApp, 'admin', 'admin@northbeam.example');
        const health = await testApp.request().get('/api/health').set('X-Forwarded-Proto', 'https');
        const login = await testApp
          .request()
          .post('/api/admin/login')
          .set('X-Forwarded-Proto', 'https')
          .send({ email: 'admin@northbeam.example', password: staffPassword });
        expect(login.status).toBe(200);
        for (const [label, response] of [
          ['GET /api/health', health],
          ['POST /api/admin/login', login],
        ] as const) {
          const { score, notes } = observatoryScore(response.headers, true);
          console.log(`Observatory grade of ${label}: ${score} (${notes.join('; ')})`);
          expect(score).toBeGreaterThanOrEqual(100);
          const csp = String(response.headers['content-security-policy']);
          const scriptSrc = /script-src ([^;]*)/.exec(csp)![1];
          expect(scriptSrc).not.toMatch(/unsafe-inline|unsafe-eval/);
          expect(csp).toMatch(/object-src 'none'/);
          expect(csp).toMatch(/frame-ancestors 'none'/);
          expect(response.headers['x-content-type-options']).toBe('nosniff');
          expect(response.headers['x-frame-options']).toBe('DENY');
          expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
          expect(
            Number(/max-age=(\d+)/.exec(String(response.headers['strict-transport-security']))![1]),
          ).toBeGreaterThanOrEqual(31_536_000);
          expect(response.headers['x-powered-by']).toBeUndefined();
        }
        expect(sessionCookie(login.headers['set-cookie'], '__Host-nb.sid')).toMatch(/; Secure/);
        // Production: the cross-site guard holds for the API prefix in any case spelling.
        const forged = await testApp
          .request()
          .post('/API/admin/login')
          .set('X-Forwarded-Proto', 'https')
          .type('form')
          .send(`email=admin%40northbeam.example&password=${encodeURIComponent(staffPassword)}`);
        expect(forged.status).toBe(403);
        expect(sessionCookie(forged.headers['set-cookie'], '__Host-nb.sid')).toBeUndefined();
      } finally {
        await testApp.close();
      }
    },
    hookTimeoutMs,
  );

  it('deducts points for a weak policy (the grader itself can fail)', () => {
    expect(
      observatoryScore({ 'content-security-policy': "script-src 'self' 'unsafe-inline'" }, true).score,
    ).toBeLessThan(100);
    expect(observatoryScore({}, true).score).toBeLessThan(50);
  });
});

describe('Secrets never logged', () => {
  it(
    'keeps SESSION_SECRET, ADMIN_PASSWORD and the SMTP password out of the log during start, sign-in, contact and mail',
    async () => {
      const secrets = {
        session: 'log-check-session-secret-Zq8Xv2Lw9Rt4Yp6N',
        admin: 'log-check-admin-password-Hk3Jd7Fs',
        smtp: 'log-check-smtp-password-Mb5Nc1Vx',
      };
      const smtp = new SmtpCatcher();
      await smtp.start();
      const smtpUrl = new URL(smtp.url);
      smtpUrl.username = 'mailer';
      smtpUrl.password = secrets.smtp;
      const captured: string[] = [];
      const stdout = process.stdout.write.bind(process.stdout);
      const stderr = process.stderr.write.bind(process.stderr);
      const capture = (chunk: unknown) => {
        captured.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8'));
        return true;
      };
      process.stdout.write = capture;
      process.stderr.write = capture;
      let testApp: TestApp | undefined;
      try {
        testApp = await createTestApp({
          env: {
            ADMIN_EMAIL: 'owner@northbeam.example',
            ADMIN_PASSWORD: secrets.admin,
            SESSION_SECRET: secrets.session,
            SMTP_URL: smtpUrl.toString(),
          },
          config: {
            logLevel: 'debug',
            sessionSecret: secrets.session,
            smtpUrl: smtpUrl.toString(),
            mailDispatchIntervalMs: 0,
            seedContent: false,
          },
        });
        const wrong = await testApp
          .request()
          .post('/api/admin/login')
          .send({ email: 'owner@northbeam.example', password: `${secrets.admin}-wrong` });
        const right = await testApp
          .request()
          .post('/api/admin/login')
          .send({ email: 'owner@northbeam.example', password: secrets.admin });
        const contact = await testApp
          .request()
          .post('/api/contact')
          .send({
            name: 'Ada',
            email: 'ada@example.com',
            service: 'labs',
            message: 'Please call me about a prototype.',
            consent: true,
            turnstileToken: turnstileFallbackToken,
            website: '',
            startedAt: String(Date.now() - 30_000),
          });
        await testApp.app.get(MailDispatcher).dispatchDue();
        process.stdout.write = stdout;
        process.stderr.write = stderr;
        expect([wrong.status, right.status, contact.status]).toEqual([401, 200, 201]);
      } finally {
        process.stdout.write = stdout;
        process.stderr.write = stderr;
        await testApp?.close();
        await smtp.stop();
      }
      const log = captured.join('');
      console.log(`Log capture: ${captured.length} lines, ${log.length} characters checked for 3 secrets`);
      expect(captured.length).toBeGreaterThan(0);
      for (const secret of Object.values(secrets)) expect(log).not.toContain(secret);
      expect(log).not.toContain(encodeURIComponent(secrets.smtp));
    },
    hookTimeoutMs,
  );
});

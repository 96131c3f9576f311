import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import type { Type } from '@nestjs/common';
import fc from 'fast-check';
import type supertest from 'supertest';
import { messages } from '@northbeam/common';
import { LoginDto } from '../src/modules/auth/dto/login.dto.js';
import { createStaff, sessionCookie, signedInAgent, staffPassword } from './factories/staff.js';
import { hostileTexts } from './helpers/hostile-text.js';
import {
  dtoFields,
  dtoMetadata,
  routeCatalogue,
  type CatalogueRoute,
  type HttpMethod,
} from './helpers/route-catalogue.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * Hostile input (docs/product.md#api), generated from the application itself: the routes come from the
 * running Express router, matched to their Nest handlers; the fields of each body and query come
 * from class-validator's metadata of the handler's DTO. Every hostile class then reaches every
 * field, query key, path parameter and JSON key of every route (public and staff), every
 * state-changing route also gets compressed bodies, and every route gets hostile forwarded
 * addresses and cookie spellings. Nothing may answer 5xx and every refusal follows the error
 * contract. A route added later is covered without editing this file; a POST/PUT/PATCH route
 * whose body DTO cannot be found fails the suite.
 */

const hookTimeoutMs = 120_000;
/** A browser's User-Agent: analytics drops events from obvious bots (supertest's own agent) unstored. */
const browserAgent =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const concurrency = 6;
const seed = 20261122;

/** Routes that read no body, said so here because their handler has no `@Body()` to look at. */
const bodylessRoutes = new Set([
  'POST /api/admin/logout',
  'POST /api/admin/deletion-requests/:id/approve',
  'POST /api/unsubscribe/one-click',
  'POST /api/admin/account/two-factor/setup',
  'POST /api/admin/staff/:id/password-reset',
  'POST /api/admin/staff/:id/sign-out-everywhere',
  'POST /api/admin/newsletter/issues/:id/test',
  'POST /api/admin/newsletter/issues/:id/send',
  'POST /api/admin/newsletter/issues/:id/unschedule',
  'POST /api/admin/posts/:id/revisions/:revisionId/restore',
  'POST /api/admin/case-studies/:id/revisions/:revisionId/restore',
  'POST /api/admin/case-studies/:id/publish',
  'POST /api/admin/case-studies/:id/unpublish',
  'POST /api/admin/notifications/read',
  'POST /api/admin/notifications/:id/read',
  'POST /api/admin/api-tokens/:id/revoke',
  'POST /api/admin/webhooks/:id/rotate-secret',
  'POST /api/admin/webhooks/:id/pause',
  'POST /api/admin/webhooks/:id/resume',
  'POST /api/admin/webhooks/:id/test',
  'POST /api/admin/inbound-mail/poll',
  'POST /api/admin/inbound-mail/unmatched/:id/dismiss',
  'POST /api/admin/webhooks/:id/deliveries/:deliveryId/redeliver',
  // A multipart PDF and no field: playbook.e2e-spec sends it files that are not PDFs, too large or absent.
  'POST /api/admin/settings/playbook',
]);

/** Routes whose body is validated by a guard rather than by `@Body()`. */
const guardedBodies: Record<string, Type> = { 'POST /api/admin/login': LoginDto };

/** Routes that must not run with the staff session (signing out would end it for every other case). */
const anonymousRoutes = new Set(['POST /api/admin/logout', 'POST /api/admin/login']);

/** Deeply nested value, past the body depth the guard allows. */
function deeplyNested(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i += 1) value = i % 2 ? [value] : { a: value };
  return value;
}

/** Every class of hostile value a JSON field gets: texts, numbers, wrong types, containers. */
const valueClasses: Record<string, unknown> = {
  ...hostileTexts,
  emptyString: '',
  oversizeString: 'y'.repeat(60 * 1024),
  hugeNumber: 1e308,
  hugeInteger: 1e20,
  negativeNumber: -1,
  fraction: 0.5,
  booleanValue: true,
  nullValue: null,
  arrayOfStrings: ['a', 'b'],
  arrayOfHostileTexts: Object.values(hostileTexts).map((text) => text.slice(0, 40)),
  object: { a: 'b' },
  objectWithHostileKeys: { 'k\ud800': 'v', 'k\u0001': 'v', 'k\r\n': 'v', '\ufffe': 'v' },
  deeplyNested: deeplyNested(40),
  // Each text class alone inside a list and an object (tags, analytics properties: jsonb columns).
  ...Object.fromEntries(
    (
      ['loneHighSurrogate', 'loneLowSurrogate', 'c0Control', 'nul', 'lineBreak', 'nonCharacter', 'cdataEnd'] as const
    ).flatMap((name) => [
      [`arrayOf:${name}`, [hostileTexts[name]]],
      [`objectOf:${name}`, { path: hostileTexts[name] }],
    ]),
  ),
};

/** Classes of hostile JSON key (one extra key per body). */
const keyClasses: Record<string, string> = {
  loneHighSurrogate: 'k\ud800',
  loneLowSurrogate: 'k\udc00',
  c0Control: 'k\u0001',
  lineBreak: 'k\r\n',
  tab: 'k\t',
  nul: 'k\u0000',
  nonCharacter: 'k\uffff',
  cdataEnd: ']]>',
  markup: '<k>&"\'',
  long: 'k'.repeat(5000),
};

/** The key classes that the request-level text rule refuses (the others are only unknown keys). */
const refusedKeyClasses = new Set([
  'loneHighSurrogate',
  'loneLowSurrogate',
  'c0Control',
  'lineBreak',
  'tab',
  'nul',
  'nonCharacter',
]);

/**
 * Percent-encodes a string as WTF-8: UTF-8, except that a lone surrogate is written as the three
 * bytes it would have (ED A0 80 for U+D800), which is how such text reaches a server in a URL.
 */
function percentEncode(value: string): string {
  const bytes: number[] = [];
  for (let index = 0; index < value.length; index += 1) {
    const codePoint = value.codePointAt(index)!;
    if (codePoint > 0xffff) index += 1;
    if (codePoint >= 0xd800 && codePoint <= 0xdfff) {
      bytes.push(0xe0 | (codePoint >> 12), 0x80 | ((codePoint >> 6) & 0x3f), 0x80 | (codePoint & 0x3f));
    } else {
      bytes.push(...Buffer.from(String.fromCodePoint(codePoint), 'utf8'));
    }
  }
  return bytes.map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
}

/** Classes of hostile query value, as they appear after `key=` (and `key[]=`, `key[a]=` forms). */
function queryClasses(key: string): Record<string, string> {
  const k = encodeURIComponent(key);
  const classes: Record<string, string> = {};
  for (const [name, text] of Object.entries(hostileTexts)) {
    if (name === 'oversize') continue;
    classes[name] = `${k}=${percentEncode(text)}`;
  }
  return {
    ...classes,
    oversize: `${k}=${'z'.repeat(6000)}`,
    rawLoneSurrogateBytes: `${k}=%ED%A0%80%ED%B0%80`,
    invalidPercent: `${k}=%ff%fe%zz%`,
    hugeNumber: `${k}=99999999999999999999999`,
    exponent: `${k}=1e308`,
    negative: `${k}=-1`,
    empty: `${k}=`,
    bare: k,
    array: `${k}[]=a&${k}[]=b`,
    repeated: `${k}=a&${k}=b`,
    object: `${k}[a]=b&${k}[__proto__][polluted]=1`,
    hostileKey: `${percentEncode('k\ud800\u0001')}=1&${k}=1`,
  };
}

/** Classes of hostile path segment. */
const pathClasses: Record<string, string> = Object.fromEntries([
  ...Object.entries(hostileTexts)
    .filter(([name]) => name !== 'oversize')
    .map(([name, text]) => [name, percentEncode(text)]),
  ['oversize', 'p'.repeat(4000)],
  ['rawLoneSurrogateBytes', '%ED%A0%80'],
  ['overlongSlash', '%c0%af'],
  ['invalidPercent', '%ff%zz'],
  ['dotSegments', '..%2f..%2fetc%2fpasswd'],
  ['hugeNumber', '99999999999999999999999'],
  ['uuidLike', '00000000-0000-0000-0000-00000000000g'],
]);

/** Hostile X-Forwarded-For values; the `rotating` class differs on every request. */
const forwardedForClasses: Record<string, (index: number) => string> = {
  junk: () => 'not-an-address',
  long300: () => 'x'.repeat(300),
  long5000: () => '1'.repeat(5000),
  rotating: (index) => `rotating-${index}-${'r'.repeat(index % 40)}`,
  manyHops: () => Array.from({ length: 200 }, (_, hop) => `10.0.${hop % 250}.1`).join(', '),
  ipv6: () => '2001:db8::1',
  ipv4MappedIpv6: () => '::ffff:203.0.113.9',
  badOctets: () => '999.999.999.999',
  withPort: () => '203.0.113.9:443',
  empty: () => '',
  unknownToken: () => 'unknown, unknown',
};

/** Hostile Cookie headers; `{sid}` is replaced with a real signed staff session id. */
const cookieClasses: Record<string, string> = {
  spaceBeforeEquals: 'nb.sid ={sid}',
  tabBeforeEquals: 'nb.sid\t={sid}',
  spaceBeforeName: ' nb.sid={sid}',
  upperCaseName: 'NB.SID={sid}',
  quotedValue: 'nb.sid="{sid}"',
  duplicate: 'nb.sid=s%3Aforged.sig; nb.sid={sid}',
  duplicateForgedSecond: 'nb.sid={sid}; nb.sid=s%3Aforged.sig',
  forged: 'nb.sid=s%3Aforged.sig',
  badPercent: 'nb.sid=%',
  nameOnly: 'nb.sid',
  emptyName: '=x',
  semicolons: ';;; ; =; ',
  prototypeKeys: '__proto__=1; constructor=2',
  long: `nb.sid=${'c'.repeat(6000)}`,
  highBytes: 'nb.sid=\u00ff\u00fe',
};

/** Candidate values for fields validated by a pattern, tried in order. */
const patternCandidates = ['page_view', 'user_abcd1234_1700000000000', 'probe', 'probe-text', 'a', '1'];

/**
 * A value that passes a field's validators, built from its class-validator metadata, so that a
 * hostile value in one field meets valid values in all the others (and reaches the service).
 */
function validValue(dto: Type, field: string, unique: string): unknown {
  const metadata = dtoMetadata(dto).filter((entry) => entry.propertyName === field);
  const names = new Set(metadata.map((entry) => entry.name ?? entry.type));
  const constraint = (name: string) => metadata.find((entry) => (entry.name ?? entry.type) === name)?.constraints;
  if (field === 'slug') return `hostile-probe-${unique}`;
  if (names.has('equals')) return constraint('equals')?.[0];
  if (names.has('isIn')) return (constraint('isIn')?.[0] as unknown[])[0];
  if (names.has('isBoolean')) return true;
  if ([...names].some((name) => /email/i.test(name)))
    return field === 'email' ? `probe-${unique}@example.com` : 'probe@example.com';
  if (names.has('isInt') || names.has('isNumber') || names.has('min')) return 1;
  if (names.has('isArray')) return ['probe'];
  if (names.has('isObject')) return { source: 'probe' };
  if (names.has('isUuid')) return randomUUID();
  if (names.has('isDateString') || names.has('isIso8601')) return new Date().toISOString();
  if (names.has('matches')) {
    const pattern = constraint('matches')?.[0] as RegExp;
    return patternCandidates.find((candidate) => pattern.test(candidate)) ?? 'probe';
  }
  return 'A probe text that is long enough for any minimum.';
}

function validBody(dto: Type | undefined, unique: string): Record<string, unknown> {
  if (!dto) return {};
  return Object.fromEntries(dtoFields(dto).map((field) => [field, validValue(dto, field, unique)]));
}

interface Case {
  label: string;
  route: CatalogueRoute;
  /** Sends the request. */
  send(): Promise<supertest.Response>;
  /** The only statuses this case may answer (default: anything below 500). */
  expectStatus?: number;
}

describe('Hostile input never breaks the API', () => {
  let testApp: TestApp;
  let feedServer: Server;
  let staff: ReturnType<typeof supertest.agent>;
  let sessionId: string;
  let postId: string;
  let catalogue: CatalogueRoute[];
  const tally = { cases: 0, ok: 0, refused: 0, failed: 0 };
  const failures: string[] = [];
  let counter = 0;

  beforeAll(async () => {
    // The external feed that /api/rss/simulation-creation relays, served locally: a 502 there would
    // mean "the studio's blog is down", not a fault of the request.
    feedServer = createServer((_request, response) => {
      response.setHeader('Content-Type', 'application/rss+xml');
      response.end(
        '<rss version="2.0"><channel><title>Studio</title><item><title>One</title><link>https://studio.example/1</link></item></channel></rss>',
      );
    });
    await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve));
    testApp = await createTestApp({
      config: {
        // Every per-client limit out of the way, so that each hostile case reaches the validation behind it.
        contactRateLimitMax: 1_000_000,
        deletionRateLimitMax: 1_000_000,
        privacyRecipientRateLimitMax: 1_000_000,
        passwordResetRateLimitMax: 1_000_000,
        subscribeRateLimitMax: 1_000_000,
        subscribeRecipientRateLimitMax: 1_000_000,
        playbookRateLimitMax: 1_000_000,
        playbookRecipientRateLimitMax: 1_000_000,
        unsubscribeLinkRateLimitMax: 1_000_000,
        unsubscribeLinkRecipientRateLimitMax: 1_000_000,
        analyticsRateLimitMax: 1_000_000,
        mailDispatchIntervalMs: 0,
        simulationCreationFeedUrl: `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}/feed.xml`,
      },
    });
    await createStaff(testApp, 'super_admin', 'root@northbeam.example');
    staff = await signedInAgent(testApp, 'root@northbeam.example');
    // A second session, whose id the cookie cases spell in every way (it may end up signed out).
    const login = await testApp
      .request()
      .post('/api/admin/login')
      .send({ email: 'root@northbeam.example', password: staffPassword });
    sessionId = sessionCookie(login.headers['set-cookie'])!.split(';')[0].slice('nb.sid='.length);
    postId = await createPost();
    catalogue = routeCatalogue(testApp.app);
  }, hookTimeoutMs);

  afterAll(async () => {
    console.log(
      `Hostile input: ${tally.cases} cases, ${tally.failed} 5xx (4xx: ${tally.refused}, 2xx/3xx: ${tally.ok})`,
    );
    await testApp?.close();
    await new Promise((resolve) => feedServer?.close(resolve));
  }, hookTimeoutMs);

  beforeEach(() => {
    failures.length = 0;
  });

  async function createPost(): Promise<string> {
    counter += 1;
    const created = await staff.post('/api/admin/posts').send({
      title: 'Hostile input target',
      slug: `hostile-input-target-${counter}`,
      excerpt: 'A post that the hostile suite edits.',
      body: 'Body text of the target post.',
      section: 'labs',
      status: 'published',
      tags: ['testing'],
      authorName: 'Test admin',
    });
    if (created.status !== 201)
      throw new Error(`could not create a post: ${created.status} ${JSON.stringify(created.body)}`);
    return created.body.id as string;
  }

  /** A deletion request that every decision still accepts (approved, partial), straight in the table. */
  async function createDeletionRequest(): Promise<string> {
    counter += 1;
    const [row] = await testApp.dataSource.query<{ id: string }[]>(
      `INSERT INTO deletion_requests (request_id, email, email_hash, request_type, status, received_at, deadline_at, verified_at, approved_at)
       VALUES ($1, $2, $3, 'partial_deletion', 'approved', now(), now() + interval '30 days', now(), now()) RETURNING id`,
      [`DR-HOSTILE-${counter}`, `subject-${counter}@example.com`, 'f'.repeat(64)],
    );
    return row.id;
  }

  /** A valid value for a path parameter; routes that change or remove their target get a fresh one. */
  async function validParam(route: CatalogueRoute, param: string): Promise<string> {
    if (param === 'section') return 'labs';
    if (param === 'slug') return 'hostile-input-target-1';
    if (param === 'id' && route.path.startsWith('/api/admin/deletion-requests/')) return createDeletionRequest();
    if (param === 'id' && route.path.startsWith('/api/admin/posts/'))
      return route.method === 'delete' ? createPost() : postId;
    return randomUUID();
  }

  async function pathWith(route: CatalogueRoute, hostile?: { param: string; segment: string }): Promise<string> {
    let path = route.path;
    for (const param of route.pathParams) {
      const value = hostile?.param === param ? hostile.segment : encodeURIComponent(await validParam(route, param));
      path = path.replace(`:${param}`, value);
    }
    return path;
  }

  function client(route: CatalogueRoute): supertest.Agent | ReturnType<TestApp['request']> {
    return route.path.startsWith('/api/admin') && !anonymousRoutes.has(`${route.method.toUpperCase()} ${route.path}`)
      ? staff
      : testApp.request();
  }

  function request(route: CatalogueRoute, method: HttpMethod, path: string): supertest.Test {
    // Each request comes from its own address, so that per-address limits do not hide deeper answers.
    counter += 1;
    return client(route)
      [method](path)
      .set('User-Agent', browserAgent)
      .set('X-Forwarded-For', `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`);
  }

  function bodyDtoOf(route: CatalogueRoute): Type | undefined {
    return route.bodyDto ?? guardedBodies[`${route.method.toUpperCase()} ${route.path}`];
  }

  function bodyFields(route: CatalogueRoute): string[] {
    const dto = bodyDtoOf(route);
    return [...(dto ? dtoFields(dto) : []), ...route.bodyKeys];
  }

  function record(label: string, response: supertest.Response, expectStatus?: number): void {
    tally.cases += 1;
    const status = response.status;
    if (status >= 500) {
      tally.failed += 1;
      failures.push(`${label} → ${status} ${JSON.stringify(response.body).slice(0, 200)}`);
      return;
    }
    if (expectStatus !== undefined && status !== expectStatus) {
      failures.push(`${label} → ${status}, expected ${expectStatus}: ${String(response.text).slice(0, 200)}`);
    }
    if (status < 400) {
      tally.ok += 1;
      return;
    }
    tally.refused += 1;
    const body = response.body as { statusCode?: unknown; error?: unknown };
    const isContract =
      /application\/json/.test(String(response.headers['content-type'])) &&
      body?.statusCode === status &&
      typeof body.error === 'string' &&
      body.error.length > 0;
    if (!isContract)
      failures.push(`${label} → ${status} without the error contract: ${String(response.text).slice(0, 200)}`);
  }

  /** Runs the cases a few at a time, in order. */
  async function run(cases: Case[]): Promise<void> {
    let next = 0;
    async function worker(): Promise<void> {
      while (next < cases.length) {
        const item = cases[next++];
        try {
          record(item.label, await item.send(), item.expectStatus);
        } catch (error) {
          tally.cases += 1;
          tally.failed += 1;
          failures.push(`${item.label} → no answer: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    }
    await Promise.all(Array.from({ length: concurrency }, worker));
  }

  const key = (route: CatalogueRoute) => `${route.method.toUpperCase()} ${route.path}`;
  const writes = () => catalogue.filter((route) => ['post', 'put', 'patch'].includes(route.method));

  it('finds every route of the application and the body DTO of every POST, PUT and PATCH route', () => {
    const paths = catalogue.map(key);
    for (const expected of [
      'POST /api/contact',
      'PUT /api/admin/posts/:id',
      'DELETE /api/admin/posts/:id',
      'POST /api/admin/deletion-requests/:id/reject',
      'GET /api/posts',
      'GET /rss.xml',
    ]) {
      expect(paths).toContain(expected);
    }
    const withoutDto = writes().filter(
      (route) => !bodyDtoOf(route) && route.bodyKeys.length === 0 && !bodylessRoutes.has(key(route)),
    );
    expect(withoutDto.map((route) => `${key(route)} (${route.handler})`)).toEqual([]);
    expect(bodyFields(catalogue.find((route) => key(route) === 'POST /api/contact')!)).toEqual(
      expect.arrayContaining(['name', 'email', 'message', 'consent', 'turnstileToken']),
    );
  });

  it('answers every hostile class in every body field and JSON key of every POST, PUT and PATCH route without a 5xx', async () => {
    const cases: Case[] = [];
    for (const route of writes()) {
      const dto = bodyDtoOf(route);
      const fields = bodyFields(route);
      for (const field of fields.length ? fields : ['anyField']) {
        for (const [className, value] of Object.entries(valueClasses)) {
          cases.push({
            label: `${key(route)} ${field}=${className}`,
            route,
            send: async () =>
              request(route, route.method, await pathWith(route))
                .set('Content-Type', 'application/json')
                .send(JSON.stringify({ ...validBody(dto, String(++counter)), [field]: value })),
          });
        }
      }
      for (const [className, hostileKey] of Object.entries(keyClasses)) {
        cases.push({
          label: `${key(route)} key=${className}`,
          route,
          send: async () =>
            request(route, route.method, await pathWith(route))
              .set('Content-Type', 'application/json')
              .send(JSON.stringify({ ...validBody(dto, String(++counter)), [hostileKey]: 'value' })),
          expectStatus: refusedKeyClasses.has(className) ? 400 : undefined,
        });
      }
      for (const text of [
        '{"__proto__":{"polluted":true}}',
        '{"constructor":{"prototype":{"polluted":true}}}',
        '[]',
        '"text"',
        '12',
        'null',
        '{',
        '{"a":"\\ud800"}',
        '['.repeat(5000),
      ]) {
        cases.push({
          label: `${key(route)} raw body ${text.slice(0, 30)}`,
          route,
          send: async () =>
            request(route, route.method, await pathWith(route))
              .set('Content-Type', 'application/json')
              .send(text),
        });
      }
    }
    await run(cases);
    expect(failures).toEqual([]);
    expect(cases.length).toBeGreaterThan(1000);
  }, 600_000);

  it('refuses hostile text in a body field with 400 and the sentence of its class', async () => {
    const subscribe = (email: unknown) =>
      testApp.request().post('/api/subscribe').set('X-Forwarded-For', '10.250.0.1').send({ email });
    expect((await subscribe('a\ud800@example.com')).body).toEqual({
      statusCode: 400,
      error: 'The request contains ill-formed Unicode text (a lone surrogate), which is not allowed',
    });
    expect((await subscribe('a\u001b@example.com')).body).toEqual({
      statusCode: 400,
      error: 'The request contains a control character, which is not allowed',
    });
    expect((await subscribe('a\ufffe@example.com')).body).toEqual({
      statusCode: 400,
      error: 'The request contains a Unicode non-character (such as U+FFFE), which is not allowed',
    });
    const quoted = await subscribe(hostileTexts.emailQuotedLineBreak);
    expect(quoted.status).toBe(400);
    expect(quoted.body.fieldErrors.email).toEqual([messages.emailInvalid]);
  });

  it('allows tabs and line breaks only in multi-line fields', async () => {
    const base = {
      excerpt: 'Line one\nline two',
      body: 'Para one\r\n\r\n\tPara two',
      section: 'labs',
      status: 'draft',
      tags: ['testing'],
    };
    const multiLine = await staff
      .post('/api/admin/posts')
      .send({ ...base, title: 'Multi-line fields', slug: 'multi-line-fields' });
    expect(multiLine.status).toBe(201);
    const singleLine = await staff
      .post('/api/admin/posts')
      .send({ ...base, title: 'Single\nline', slug: 'single-line', tags: ['a\tb'] });
    expect(singleLine.status).toBe(400);
    expect(singleLine.body.fieldErrors).toEqual({ title: [messages.singleLineText], tags: [messages.singleLineText] });
    const query = await testApp.request().get('/api/posts?search=a%0Ab');
    expect(query.status).toBe(400);
  });

  it('answers every hostile class in every query key and path parameter of every route without a 5xx', async () => {
    const cases: Case[] = [];
    for (const route of catalogue) {
      const queryKeys = [...(route.queryDto ? dtoFields(route.queryDto) : []), ...route.queryKeys];
      const dto = bodyDtoOf(route);
      const send = (path: string) => {
        const pending = request(route, route.method, path);
        return route.method === 'get' || route.method === 'delete'
          ? pending
          : pending.send(validBody(dto, String(++counter)));
      };
      for (const queryKey of queryKeys) {
        for (const [className, query] of Object.entries(queryClasses(queryKey))) {
          cases.push({
            label: `${key(route)} ?${queryKey}=${className}`,
            route,
            send: async () => send(`${await pathWith(route)}?${query}`),
          });
        }
      }
      // A key the route does not read: the request-level rules still apply to it.
      const unread = queryClasses('unexpected');
      for (const className of [
        'loneHighSurrogate',
        'c0Control',
        'nul',
        'lineBreak',
        'nonCharacter',
        'rawLoneSurrogateBytes',
        'object',
        'hostileKey',
      ]) {
        const refused =
          route.path.startsWith('/api/') && ['c0Control', 'nul', 'lineBreak', 'nonCharacter'].includes(className);
        cases.push({
          label: `${key(route)} ?unexpected=${className}`,
          route,
          send: async () => send(`${await pathWith(route)}?${unread[className]}`),
          expectStatus: refused ? 400 : undefined,
        });
      }
      for (const param of route.pathParams) {
        for (const [className, segment] of Object.entries(pathClasses)) {
          cases.push({
            label: `${key(route)} :${param}=${className}`,
            route,
            send: async () => send(await pathWith(route, { param, segment })),
          });
        }
      }
    }
    await run(cases);
    expect(failures).toEqual([]);
  }, 600_000);

  it('refuses compressed bodies with 415 on every POST, PUT and PATCH route: garbage, truncated, bombs over the cap', async () => {
    const bomb = Buffer.from(JSON.stringify({ event: 'page_view', properties: { padding: 'a'.repeat(200 * 1024) } }));
    const garbage = Buffer.from(Array.from({ length: 64 }, (_, index) => (index * 37 + 11) & 255));
    const cases: Case[] = [];
    for (const route of writes()) {
      const body = Buffer.from(JSON.stringify(validBody(bodyDtoOf(route), 'compressed')));
      const encoded: Record<string, [string, Buffer]> = {
        gzipValid: ['gzip', gzipSync(body)],
        gzipGarbage: ['gzip', garbage],
        gzipTruncated: ['gzip', gzipSync(body).subarray(0, 12)],
        gzipBomb: ['gzip', gzipSync(bomb)],
        deflateGarbage: ['deflate', garbage],
        deflateTruncated: ['deflate', deflateSync(body).subarray(0, 6)],
        deflateBomb: ['deflate', deflateSync(bomb)],
        brGarbage: ['br', garbage],
        brTruncated: ['br', brotliCompressSync(body).subarray(0, 5)],
        brBomb: ['br', brotliCompressSync(bomb)],
        upperCase: ['GZIP', gzipSync(body)],
        chained: ['gzip, br', brotliCompressSync(gzipSync(body))],
        unknown: ['x-unknown', body],
      };
      for (const [className, [encoding, payload]] of Object.entries(encoded)) {
        cases.push({
          label: `${key(route)} Content-Encoding ${className}`,
          route,
          expectStatus: 415,
          send: async () =>
            request(route, route.method, await pathWith(route))
              .set('Content-Type', 'application/json')
              .set('Content-Encoding', encoding)
              .send(payload),
        });
      }
    }
    await run(cases);
    expect(failures).toEqual([]);
  }, 600_000);

  it('answers hostile forwarded addresses and cookie spellings on every route without a 5xx', async () => {
    const cases: Case[] = [];
    for (const route of catalogue) {
      const dto = bodyDtoOf(route);
      const withBody = (pending: supertest.Test) =>
        route.method === 'get' || route.method === 'delete' ? pending : pending.send(validBody(dto, String(++counter)));
      for (const [className, value] of Object.entries(forwardedForClasses)) {
        cases.push({
          label: `${key(route)} X-Forwarded-For ${className}`,
          route,
          send: async () =>
            withBody(
              client(route)
                [route.method](await pathWith(route))
                .set('User-Agent', browserAgent)
                .set('X-Forwarded-For', value(++counter)),
            ),
        });
      }
      for (const [className, cookie] of Object.entries(cookieClasses)) {
        cases.push({
          label: `${key(route)} Cookie ${className}`,
          route,
          send: async () =>
            withBody(
              testApp
                .request()
                [route.method](await pathWith(route))
                .set('User-Agent', browserAgent)
                .set('X-Forwarded-For', `10.251.${++counter & 255}.1`)
                .set('Cookie', cookie.replace('{sid}', sessionId)),
            ),
        });
      }
    }
    await run(cases);
    expect(failures).toEqual([]);
  }, 600_000);

  it('stores nothing it refuses, for random malformed bodies on the routes that store', async () => {
    const storedIn: Record<string, string[]> = {
      'POST /api/contact': ['contact_messages', 'email_outbox'],
      'POST /api/subscribe': ['subscribers', 'email_outbox'],
      'POST /api/playbook-download': ['playbook_downloads'],
      'POST /api/analytics/track': ['analytics_events'],
      'POST /api/request-data-deletion': ['deletion_requests', 'email_outbox'],
    };
    const count = async (tables: string[]) =>
      Promise.all(
        tables.map(async (table) =>
          Number((await testApp.dataSource.query(`SELECT count(*)::int AS n FROM "${table}"`))[0].n),
        ),
      );
    const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        fc.constantFrom(...Object.values(valueClasses)),
        fc.string({ unit: 'binary', maxLength: 200 }),
        fc.integer(),
        fc.array(tie('value'), { maxLength: 4 }),
        fc.dictionary(fc.string({ maxLength: 10 }), tie('value'), { maxKeys: 4 }),
      ),
    })).value;
    for (const [name, tables] of Object.entries(storedIn)) {
      const route = catalogue.find((candidate) => key(candidate) === name)!;
      const fields = bodyFields(route);
      const bodies = fc.sample(
        fc.record(Object.fromEntries(fields.map((field) => [field, hostileValue])), { requiredKeys: [] }),
        { seed, numRuns: 40 },
      );
      for (const [index, body] of bodies.entries()) {
        const before = await count(tables);
        const response = await request(route, 'post', route.path)
          .set('Content-Type', 'application/json')
          .send(JSON.stringify(body));
        record(`${name} random body #${index} ${JSON.stringify(body).slice(0, 160)}`, response);
        if (response.status >= 400) {
          const after = await count(tables);
          if (after.join() !== before.join())
            failures.push(
              `${name} random body #${index} answered ${response.status} but stored rows (${before.join()} → ${after.join()})`,
            );
        }
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);

  it('never polluted Object.prototype and has not answered a single 5xx', () => {
    console.log(`${tally.cases} cases, ${tally.failed} 5xx`);
    expect(tally.failed).toBe(0);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(
      Object.getOwnPropertyNames(Object.getPrototypeOf({})).sort(),
    );
  });

  it('is still healthy afterwards', async () => {
    const health = await testApp.request().get('/api/health');
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: 'ok' });
    expect((await testApp.request().get('/api/posts/labs')).status).toBe(200);
  });
});

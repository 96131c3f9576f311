import fc from 'fast-check';
import type supertest from 'supertest';
import { createStaff, signedInAgent } from './factories/staff.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * Hostile input (docs/product.md#api): thousands of malformed bodies, query strings, path segments and
 * headers across every public and staff endpoint. Nothing may answer 5xx, every refusal follows the
 * error contract, nothing refused is stored, and Object.prototype is never polluted.
 */

const hookTimeoutMs = 120_000;
const seed = 20261122;

/** Strings that have broken servers before: injections, Unicode edge cases, huge and odd values. */
const nastyStrings = [
  "' OR 1=1 --",
  "'; DROP TABLE contact_messages; --",
  '" OR ""="',
  '1; SELECT pg_sleep(10)',
  '<script>window.__xss=1</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udc00x',
  '\u202eevil\u202c',
  '\ufeff',
  '💥'.repeat(500),
  'x'.repeat(70 * 1024),
  'x'.repeat(10_000),
  '../../../../etc/passwd',
  '%00',
  '%ff%fe',
  '${jndi:ldap://x}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'prototype',
  '',
  ' ',
  '\r\n\r\nX-Injected: 1',
];

const nastyString = fc.oneof(
  fc.constantFrom(...nastyStrings),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.string({ maxLength: 50 }),
);

/** Any JSON-ish value, deeply nested, with prototype keys mixed in. */
const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    nastyString,
    fc.integer(),
    fc.double(),
    fc.constantFrom(null, true, false, -1, 0, 1e308, Number.MAX_SAFE_INTEGER + 2),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(
      fc.oneof(
        fc.constantFrom('__proto__', 'constructor', 'prototype', 'email', 'name', 'title'),
        fc.string({ maxLength: 10 }),
      ),
      tie('value'),
      { maxKeys: 4 },
    ),
  ),
})).value;

/** A body built around the real field names of an endpoint, each field hostile or absent. */
function hostileBody(fields: string[]): fc.Arbitrary<unknown> {
  const record = fc.record(Object.fromEntries(fields.map((field) => [field, hostileValue])), { requiredKeys: [] });
  return fc.oneof(
    record,
    hostileValue,
    fc.constant(deeplyNested(2000)),
    fc.constant(JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}')),
  );
}

function deeplyNested(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i += 1) value = i % 2 ? [value] : { a: value };
  return value;
}

/** Raw request bodies that are not valid JSON at all. */
const invalidJsonTexts = [
  '{',
  '{"email":',
  '[1,2',
  'nul',
  '{"a":1}}',
  '\u0000',
  "{'a':1}",
  '{"a":"\\ud800"}',
  '{"__proto__":',
  '"'.repeat(1000),
  '['.repeat(5000),
];

interface Endpoint {
  name: string;
  method: 'get' | 'post' | 'put';
  path: string;
  fields?: string[];
  staff?: boolean;
  /** Tables that a 4xx answer must leave untouched. */
  tables?: string[];
}

function endpoints(postId: string): Endpoint[] {
  return [
    {
      name: 'POST /api/contact',
      method: 'post',
      path: '/api/contact',
      fields: ['name', 'email', 'company', 'service', 'message', 'consent', 'turnstileToken', 'website', 'startedAt'],
      tables: ['contact_messages', 'email_outbox'],
    },
    {
      name: 'POST /api/subscribe',
      method: 'post',
      path: '/api/subscribe',
      fields: ['email', 'source'],
      tables: ['subscribers', 'email_outbox'],
    },
    {
      name: 'POST /api/playbook-download',
      method: 'post',
      path: '/api/playbook-download',
      fields: ['email', 'sourcePage'],
      tables: ['playbook_downloads'],
    },
    {
      name: 'POST /api/analytics/track',
      method: 'post',
      path: '/api/analytics/track',
      fields: ['event', 'properties', 'path', 'referrer', 'visitorId'],
      tables: ['analytics_events'],
    },
    {
      name: 'POST /api/request-data-deletion',
      method: 'post',
      path: '/api/request-data-deletion',
      fields: ['name', 'email', 'reason', 'requestType', 'confirm'],
      tables: ['deletion_requests', 'email_outbox'],
    },
    {
      name: 'POST /api/request-data-deletion/verify',
      method: 'post',
      path: '/api/request-data-deletion/verify',
      fields: ['token'],
      tables: ['deletion_requests'],
    },
    { name: 'POST /api/admin/login', method: 'post', path: '/api/admin/login', fields: ['email', 'password'] },
    {
      name: 'POST /api/admin/posts',
      method: 'post',
      path: '/api/admin/posts',
      staff: true,
      fields: [
        'title',
        'slug',
        'excerpt',
        'body',
        'section',
        'status',
        'tags',
        'authorName',
        'authorTitle',
        'authorBio',
        'customMetaTags',
        'featuredImage',
        'wordCount',
      ],
      tables: ['posts'],
    },
    {
      name: 'PUT /api/admin/posts/:id',
      method: 'put',
      path: `/api/admin/posts/${postId}`,
      staff: true,
      fields: [
        'title',
        'slug',
        'excerpt',
        'body',
        'section',
        'status',
        'tags',
        'authorName',
        'customMetaTags',
        'publishedAt',
      ],
      tables: ['posts'],
    },
  ];
}

/** Every UTF-8 byte percent-encoded (lone surrogates become U+FFFD, as a browser would send them). */
function percentEncode(value: string): string {
  return [...Buffer.from(value, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
}

/** GET paths built from hostile path segments and query values. */
function hostileGets(segment: string, value: string): string[] {
  const s = percentEncode(segment);
  const v = percentEncode(value);
  return [
    `/api/posts?section=${v}&page=${v}&pageSize=${v}&tag=${v}&q=${v}`,
    `/api/posts?page[]=1&page[$gt]=0&section[__proto__][x]=1`,
    `/api/posts/labs/${s}`,
    `/api/posts/${s}/${s}`,
    `/api/posts/${s}`,
    `/api/unsubscribe?email=${v}`,
    `/api/unsubscribe?email[]=${v}&email[]=a`,
    `/api/case-studies/${s}`,
    `/api/og-image/${s}`,
    `/api/newsletter/confirm?token=${v}`,
    `/api/request-data-deletion/verify?token=${v}`,
    `/api/posts/labs/%ed%a0%80${s}`,
    `/api/case-studies/%c0%af${s}`,
    `/api/og-image/%ff${s}`,
  ];
}

describe('Hostile input never breaks the API', () => {
  let testApp: TestApp;
  let admin: ReturnType<typeof supertest.agent>;
  let postId: string;
  const tally = { tried: 0, ok: 0, refused: 0, failed: 0 };
  const failures: string[] = [];

  beforeAll(async () => {
    testApp = await createTestApp({
      config: { contactRateLimitMax: 1_000_000, deletionRateLimitMax: 1_000_000, mailDispatchIntervalMs: 0 },
    });
    await createStaff(testApp, 'admin', 'admin@northbeam.example');
    admin = await signedInAgent(testApp, 'admin@northbeam.example');
    const created = await admin.post('/api/admin/posts').send({
      title: 'Hostile input target',
      slug: 'hostile-input-target',
      excerpt: 'A post that the hostile suite edits.',
      body: 'Body text of the target post.',
      section: 'labs',
      status: 'draft',
      tags: ['testing'],
      authorName: 'Test admin',
    });
    if (created.status !== 201)
      throw new Error(`could not create the target post: ${created.status} ${JSON.stringify(created.body)}`);
    postId = created.body.id;
  }, hookTimeoutMs);

  afterAll(async () => {
    console.log(
      `Hostile input: inputs tried: ${tally.tried}, 4xx: ${tally.refused}, 2xx: ${tally.ok}, 5xx: ${tally.failed}`,
    );
    await testApp?.close();
  }, hookTimeoutMs);

  async function count(tables: string[]): Promise<number[]> {
    return Promise.all(
      tables.map(async (table) =>
        Number((await testApp.dataSource.query(`SELECT count(*)::int AS n FROM "${table}"`))[0].n),
      ),
    );
  }

  function record(label: string, response: supertest.Response): void {
    tally.tried += 1;
    const status = response.status;
    if (status >= 500) {
      tally.failed += 1;
      failures.push(`${label} → ${status} ${JSON.stringify(response.body).slice(0, 200)}`);
      return;
    }
    if (status >= 200 && status < 300) {
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
    if (status >= 400 && !isContract)
      failures.push(`${label} → ${status} without the error contract: ${String(response.text).slice(0, 200)}`);
  }

  beforeEach(() => {
    failures.length = 0;
  });

  it('answers at least 1,000 malformed JSON bodies on every state-changing endpoint without a 5xx, and stores nothing it refuses', async () => {
    for (const endpoint of endpoints(postId)) {
      const bodies = fc.sample(hostileBody(endpoint.fields ?? []), { seed, numRuns: 110 });
      for (const [index, body] of bodies.entries()) {
        const before = endpoint.tables ? await count(endpoint.tables) : [];
        const client = endpoint.staff ? admin : testApp.request();
        const response = await client[endpoint.method](endpoint.path)
          .set('Content-Type', 'application/json')
          .set('X-Forwarded-For', `10.9.${index % 250}.${(index * 7) % 250}`)
          .send(JSON.stringify(body) ?? 'null');
        record(`${endpoint.name} body #${index} ${String(JSON.stringify(body)).slice(0, 160)}`, response);
        if (endpoint.tables && response.status >= 400) {
          const after = await count(endpoint.tables);
          if (after.join() !== before.join())
            failures.push(
              `${endpoint.name} body #${index} answered ${response.status} but stored rows (${before.join()} → ${after.join()})`,
            );
        }
      }
      for (const text of invalidJsonTexts) {
        const client = endpoint.staff ? admin : testApp.request();
        const response = await client[endpoint.method](endpoint.path)
          .set('Content-Type', 'application/json')
          .send(text);
        record(`${endpoint.name} invalid JSON ${JSON.stringify(text.slice(0, 20))}`, response);
      }
    }
    expect(failures).toEqual([]);
    expect(tally.tried).toBeGreaterThanOrEqual(880);
  }, 600_000);

  it('answers hostile path segments and query strings on every public reading endpoint without a 5xx', async () => {
    const pairs = fc.sample(
      fc.tuple(
        nastyString.filter((s) => s.length < 4000),
        nastyString.filter((s) => s.length < 4000),
      ),
      { seed, numRuns: 40 },
    );
    for (const [segment, value] of pairs) {
      for (const path of hostileGets(segment, value)) {
        const response = await testApp.request().get(path);
        record(`GET ${path.slice(0, 120)}`, response);
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);

  it('answers hostile headers (content types, origins, cookies, forwarded addresses, user agents) without a 5xx', async () => {
    const headerValues = fc.sample(
      fc.constantFrom(
        '',
        'x'.repeat(8000),
        '\u00ff\u00fe',
        'application/json; charset=utf-16',
        'application/json; charset=nope',
        'text/plain',
        'multipart/form-data; boundary=x',
        '../../',
        "' OR 1=1 --",
        'nb.sid=s%3Aforged.sig',
        'nb.sid=%',
        '__proto__=1',
        'null',
        '999.999.999.999',
        'unix:/tmp/x',
      ),
      { seed, numRuns: 60 },
    );
    for (const [index, value] of headerValues.entries()) {
      const safe = value.replace(/[^\t\x20-\x7e\x80-\xff]/g, '');
      const contentTypeProbe = await testApp
        .request()
        .post('/api/subscribe')
        .set('Content-Type', safe || 'application/json')
        .send('{"email":"probe@example.com"}');
      record(`content-type #${index}`, contentTypeProbe);
      const probes = await Promise.all([
        testApp.request().post('/api/contact').set('Origin', safe).send({ name: 'x' }),
        testApp.request().get('/api/admin/user').set('Cookie', safe),
        testApp
          .request()
          .post('/api/analytics/track')
          .set('User-Agent', safe)
          .set('X-Forwarded-For', safe)
          .send({ event: 'page_view', properties: {} }),
        testApp.request().get('/api/posts').set('Accept-Language', safe).set('If-None-Match', safe),
      ]);
      for (const probe of probes) record(`header #${index}`, probe);
    }
    expect(failures).toEqual([]);
  }, 600_000);

  it('has tried at least 1,000 inputs and never polluted Object.prototype', () => {
    expect(tally.tried).toBeGreaterThanOrEqual(1000);
    expect(tally.failed).toBe(0);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(
      Object.getOwnPropertyNames(Object.getPrototypeOf({})).sort(),
    );
  });

  it('is still healthy afterwards', async () => {
    const health = await testApp.request().get('/api/health');
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: 'ok' });
    const list = await testApp.request().get('/api/posts/labs');
    expect(list.status).toBe(200);
  });
});

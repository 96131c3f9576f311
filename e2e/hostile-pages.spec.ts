import http from 'node:http';
import { expect, test } from './fixtures';
import { team } from '../common/src/team';

/**
 * Hostile page addresses through the real server-side render of the production build. For every
 * page route (the back office signed out and signed in), every class of hostile input is put in the
 * path (an extra segment, in place of the last segment, glued to it) and in the query (each
 * parameter the page reads, an unknown one, an unknown name), and every route is also reached with
 * hostile path shapes (`//host`, `/\host`, dot segments, a request line naming another host). Generated in full, in a fixed order: no
 * sampling. Each answer must be 2xx, 3xx or 4xx; a 3xx or 4xx is never stored in the page cache;
 * a 200 page links absolutely to PUBLIC_URL and the hosts its clean address links to, nowhere else.
 *
 * Requests go out through node:http with the path exactly as written (a URL parser would resolve
 * `./`, `../` and backslashes before sending them).
 */

/** Percent-encoded (or raw, where the byte is allowed in a request line) values of each class. */
const hostileClasses: Record<string, string[]> = {
  NUL: ['%00', 'a%00b'],
  'C0 controls and DEL': ['%01', '%1B', '%1F', '%7F'],
  'CR and LF': ['%0D%0A', '%0A', 'x%0DSet-Cookie:%20a=b'],
  tab: ['%09'],
  'lone surrogates (CESU bytes)': ['%ED%A0%80', '%ED%BF%BF'],
  'invalid UTF-8': ['%C0%AF', '%FF', '%E2%82', '%F8%88%80%80%80'],
  'non-characters': ['%EF%BF%BE', '%EF%B7%90', '%F4%8F%BF%BF'],
  'huge integers': ['99999999999999999999', '100001', '9007199254740993'],
  'negative, zero and float numbers': ['-1', '0', '1.5', '1e5', '-0', '0x10', 'NaN'],
  backslashes: ['%5C', '\\', '\\\\evil.example', '%5C%5Cevil.example'],
  'dot segments': ['.', '..', '%2E%2E', '%2e', '..%2F..%2F', './..'],
  'very long segments': ['a'.repeat(4000), '%F0%9F%98%80'.repeat(250)],
  'markup and quotes': ['%3Cscript%3Ealert(1)%3C%2Fscript%3E', '%22%3E%3Csvg%3E', "'"],
  'percent signs': ['%', '%%', '%2', '%G0'],
};

/** Whole-path transformations: host-relative prefixes and dot segments around the route. */
const pathShapes: [string, (route: string) => string][] = [
  ['//host prefix', (route) => `//evil.example${route}`],
  ['/\\host prefix', (route) => `/\\evil.example${route}`],
  ['/%5Chost prefix', (route) => `/%5Cevil.example${route}`],
  ['./ segment', (route) => `/.${route}`],
  ['../ segment', (route) => `/x/..${route}`],
  ['trailing ./ and //', (route) => `${route}/.//`],
  ['backslash separators', (route) => route.replaceAll('/', '\\').replace(/^\\/, '/')],
  ['absolute-form target naming another host', (route) => `http://evil.example${route}`],
];

/**
 * Hostile post-sign-in redirects (the value of `?redirect=`), generated: dot segments written plainly
 * and percent-encoded before a second slash or backslash, host starts (two slashes, a slash and a
 * backslash, two backslashes, `%5c`, tabs and line breaks inside), schemes and absolute addresses.
 */
function hostileRedirects(): string[] {
  const values: string[] = [];
  for (const dots of ['..', '%2e%2e', '%2E.', '.%2e', '%2E%2E'])
    for (const slash of ['/', '\\', '%5c', '%5C'])
      values.push(
        `/admin/${dots}/${slash}evil.example/phish`,
        `/admin/${dots}${slash}/evil.example/phish`,
        `/${dots}/${slash}evil.example`,
      );
  for (const start of ['//', '/\\', '\\\\', '/%5c', '/\t/', '/\n/', '/\r/', '\t//', '/\\/', '///'])
    values.push(`${start}evil.example/phish`, `/${start}evil.example`);
  values.push(
    'javascript:alert(1)',
    '/javascript:alert(1)/..//evil.example',
    'https://evil.example/admin',
    'http://evil.example',
    'https:evil.example',
    'evil.example/admin',
  );
  return values;
}

/** The value as a request line may carry it, decoded once by the query parser into something else. */
function lightlyEncoded(value: string): string {
  return value.replace(
    /[\u0000-\u0020#&+]/g,
    (character) => `%${character.charCodeAt(0).toString(16).padStart(2, '0')}`,
  );
}

interface PageRoute {
  path: string;
  /** Query parameters the page reads. */
  params: string[];
  signedIn?: boolean;
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

function get(baseUrl: string, path: string, cookie?: string): Promise<Answer> {
  const base = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: base.hostname, port: base.port, path, agent, headers: cookie ? { cookie } : {} },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
  });
}

/** Hosts of the absolute URLs in a page (attributes, JSON-LD, share links' encoded targets). */
function linkedHosts(html: string): Set<string> {
  const hosts = new Set<string>();
  const text = html.replace(/%3A/gi, ':').replace(/%2F/gi, '/');
  for (const [url] of text.matchAll(/https?:\/\/[^\s"'<>\\)]+/g)) {
    try {
      hosts.add(new URL(url).host);
    } catch {
      hosts.add(url);
    }
  }
  return hosts;
}

/**
 * The addresses one route is tried at: every class in the path (as an extra segment, in place of the
 * last segment, glued to it) and in each query parameter the page reads and an unknown one, each
 * position with the next value of the class (the values rotate from route to route); then every
 * path shape.
 */
function casesOf(route: PageRoute, routeIndex: number): { label: string; path: string }[] {
  const cases: { label: string; path: string }[] = [];
  const parent = route.path.split('/').slice(0, -1).join('/');
  const pathPositions: [string, (value: string) => string][] = [
    ['extra segment', (value) => `${route.path === '/' ? '' : route.path}/${value}`],
    ['last segment', (value) => `${parent}/${value}`],
    ['glued to the path', (value) => `${route.path}${value}`],
  ];
  const queryPositions: [string, (value: string) => string][] = [...route.params, 'nb_unknown'].map((name) => [
    `?${name}=`,
    (value) => `${route.path}?${name}=${value}`,
  ]);
  Object.entries(hostileClasses).forEach(([className, values], classIndex) => {
    const turn = routeIndex + classIndex;
    [...pathPositions, ...queryPositions].forEach(([position, build], positionIndex) => {
      cases.push({ label: `${className} / ${position}`, path: build(values[(turn + positionIndex) % values.length]) });
    });
  });
  for (const [shape, build] of pathShapes) cases.push({ label: shape, path: build(route.path) });
  return cases;
}

test.describe('Hostile page addresses', () => {
  test('every page route answers 2xx, 3xx or 4xx to every hostile class in its path and query', async ({
    baseURL,
    request,
  }) => {
    test.setTimeout(150_000);
    const baseUrl = baseURL!;

    // Real addresses of the parametrised routes, read from the running site.
    const labs = (await (await request.get('/api/posts?section=labs&page=1&pageSize=1')).json()) as {
      items: { slug: string }[];
    };
    const consulting = (await (await request.get('/api/posts?section=consulting&page=1&pageSize=1')).json()) as {
      items: { slug: string; id: string }[];
    };
    const caseStudies = (await (await request.get('/api/case-studies')).json()) as { slug: string }[];
    expect(labs.items.length && consulting.items.length && caseStudies.length).toBeTruthy();
    const login = await request.post('/api/admin/login', {
      data: { email: process.env.E2E_ADMIN_EMAIL, password: process.env.E2E_ADMIN_PASSWORD },
    });
    expect(login.status()).toBe(200);
    const session = (await request.storageState()).cookies.find((cookie) => cookie.name.endsWith('nb.sid'))!;
    const cookie = `${session.name}=${session.value}`;

    const publicRoutes: PageRoute[] = [
      { path: '/', params: [] },
      { path: '/consulting', params: [] },
      { path: '/labs', params: [] },
      { path: '/immersive', params: [] },
      { path: '/about', params: [] },
      { path: '/contact', params: [] },
      { path: '/case-studies', params: ['page'] },
      { path: `/case-studies/${caseStudies[0].slug}`, params: [] },
      { path: '/blog', params: ['page', 'q'] },
      { path: '/blog/labs', params: ['page', 'q'] },
      { path: '/blog/consulting', params: ['page', 'q'] },
      { path: `/blog/labs/${labs.items[0].slug}`, params: [] },
      { path: `/blog/consulting/${consulting.items[0].slug}`, params: [] },
      { path: `/team/${team[0].slug}`, params: [] },
      { path: '/unsubscribe', params: ['email'] },
      { path: '/newsletter/confirm', params: ['status'] },
      { path: '/cookies', params: [] },
      { path: '/privacy', params: [] },
      { path: '/terms', params: [] },
      { path: '/data-deletion', params: [] },
      { path: '/data-deletion/verify', params: ['token'] },
      { path: '/data-deletion/verified', params: ['status'] },
    ];
    const adminRoutes: PageRoute[] = [
      { path: '/admin/login', params: ['redirect'] },
      { path: '/admin', params: [] },
      { path: '/admin/posts', params: [] },
      { path: '/admin/posts/new', params: [] },
      { path: `/admin/posts/edit/${consulting.items[0].id}`, params: [] },
      { path: '/admin/privacy', params: [] },
    ];
    const routes = [...publicRoutes, ...adminRoutes, ...adminRoutes.map((route) => ({ ...route, signedIn: true }))];

    // Hosts a page may link to: PUBLIC_URL's, and those the clean pages of the site link to.
    const allowedHosts = new Set([new URL(baseUrl).host]);
    for (const route of routes) {
      const clean = await get(baseUrl, route.path, route.signedIn ? cookie : undefined);
      expect(clean.status, route.path).toBeLessThan(400);
      for (const host of linkedHosts(clean.body)) allowedHosts.add(host);
    }
    const failures: string[] = [];
    let count = 0;

    const queue = routes.flatMap((route, routeIndex) => casesOf(route, routeIndex).map((item) => ({ route, ...item })));
    // Four at a time, in a fixed order: each case is one request, and every one is made.
    let next = 0;
    const worker = async () => {
      while (next < queue.length) {
        const { route, label, path } = queue[next++];
        const who = route.signedIn ? 'signed in' : 'signed out';
        const answer = await get(baseUrl, path, route.signedIn ? cookie : undefined);
        count += 1;
        const where = `${route.path} (${who}) ${label}: ${path.slice(0, 120)} -> ${answer.status}`;
        if (answer.status < 200 || answer.status >= 500) failures.push(where);
        const cacheState = answer.headers['x-cache'];
        if (answer.status !== 200 && (cacheState === 'HIT' || cacheState === 'MISS'))
          failures.push(`${where}, cached (${cacheState})`);
        if (answer.status === 200 && String(answer.headers['content-type']).startsWith('text/html')) {
          const foreign = [...linkedHosts(answer.body)].filter((host) => !allowedHosts.has(host));
          if (foreign.length > 0 || /\/\/evil\.example|%2F%2Fevil\.example/i.test(answer.body)) {
            failures.push(`${where}, links to ${foreign.join(', ') || 'evil.example'}`);
          }
        }
      }
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
    const serverErrors = failures.filter((failure) => / -> 5\d\d$/.test(failure)).length;
    console.log(`${count} cases, ${serverErrors} 5xx`);
    expect(failures).toEqual([]);
    // Every class reached every route in its path and its query, and every path shape every route.
    expect(count).toBe(
      routes.reduce(
        (sum, route) => sum + Object.keys(hostileClasses).length * (route.params.length + 4) + pathShapes.length,
        0,
      ),
    );
  });

  test('the addresses of the report answer as they should', async ({ baseURL, request }) => {
    const baseUrl = baseURL!;
    const labs = (await (await request.get('/api/posts?section=labs&page=1&pageSize=1')).json()) as {
      items: { slug: string }[];
    };
    const article = `/blog/labs/${labs.items[0].slug}`;
    for (const path of [
      '/blog?page=100001',
      '/blog?page=99999999999999999999',
      '/blog?page=0',
      '/blog/labs?page=-1',
      '/blog/labs/%00',
      '/case-studies/%00',
      '/no-such-page%0a',
      '/no-such-page%0d',
    ]) {
      const answer = await get(baseUrl, path);
      expect(answer.status, path).toBe(404);
      expect(answer.headers['x-cache'], path).toBe('BYPASS');
      if (path.includes('?page=')) expect(answer.body, path).toContain('This list has no such page.');
    }
    const search = await get(baseUrl, '/blog?q=%00');
    expect(search.status).toBe(200);
    expect(search.body).not.toContain('\u0000');

    // The host of a share link is PUBLIC_URL's, whatever the request's path starts with.
    for (const path of [`/\\evil.example${article}`, `/%5Cevil.example${article}`, `//evil.example${article}`]) {
      const answer = await get(baseUrl, path);
      expect(answer.status, path).toBeLessThan(500);
      expect(answer.body, path).not.toMatch(/\/\/evil\.example|%2F%2Fevil\.example/i);
      expect(answer.headers['x-cache'] ?? 'none', path).not.toMatch(/HIT|MISS/);
    }
    const shared = await get(baseUrl, article);
    expect(shared.status).toBe(200);
    expect(shared.body).toContain(encodeURIComponent(`${baseUrl}${article}`));

    // After sign-in, only a same-origin path without control characters is followed.
    const login = await request.post('/api/admin/login', {
      data: { email: process.env.E2E_ADMIN_EMAIL, password: process.env.E2E_ADMIN_PASSWORD },
    });
    expect(login.status()).toBe(200);
    const session = (await request.storageState()).cookies.find((cookie) => cookie.name.endsWith('nb.sid'))!;
    const cookie = `${session.name}=${session.value}`;
    const redirects: [string, string][] = [
      ['/%0a/x', '/admin'],
      ['/%0A/evil.example', '/admin'],
      ['/%09/evil.example', '/admin'],
      ['%2F%5Cevil.example', '/admin'],
      ['%2F%2Fevil.example', '/admin'],
      ['https%3A%2F%2Fevil.example', '/admin'],
      ['%2Fadmin%2Fposts%3Fsection%3Dlabs', '/admin/posts?section=labs'],
    ];
    for (const [redirect, location] of redirects) {
      const answer = await get(baseUrl, `/admin/login?redirect=${redirect}`, cookie);
      expect(answer.status, redirect).toBe(302);
      expect(answer.headers.location, redirect).toBe(location);
    }
    // Generated values, sent as they are (encoded once) and decoded once more by the query parser:
    // the Location always stays on the site, whatever a browser resolves it to.
    const origin = new URL(baseUrl).origin;
    let tried = 0;
    for (const value of hostileRedirects()) {
      for (const [form, redirect] of [
        ['as is', encodeURIComponent(value)],
        ['decoded once more', lightlyEncoded(value)],
      ] as const) {
        const answer = await get(baseUrl, `/admin/login?redirect=${redirect}`, cookie);
        const label = `${form}: ${value}`;
        expect(answer.status, label).toBe(302);
        const location = answer.headers.location ?? '';
        expect(new URL(location, `${origin}/admin/login`).origin, `${label} -> ${location}`).toBe(origin);
        if (form === 'as is') expect(location, label).toBe('/admin');
        tried += 1;
      }
    }
    expect(tried).toBeGreaterThan(100);
  });
});

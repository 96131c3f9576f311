import { retentionPeriods, turnstileFallbackToken, type AnalyticsReport, type EnquiryDetail } from '@northbeam/common';
import { AnalyticsClock } from '../src/modules/analytics/analytics-clock.js';
import { AnalyticsRollups } from '../src/modules/analytics/analytics-rollups.js';
import { AnalyticsScheduler } from '../src/modules/analytics/analytics.scheduler.js';
import { RetentionService } from '../src/modules/privacy/retention.service.js';
import { caseStudyRequest } from './factories/case-study.js';
import { createStaff, signedInAgent } from './factories/staff.js';
import { createSharedTestDatabase } from './helpers/shared-database.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import type { TestDatabase } from './helpers/test-database.js';

const windowsChrome =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const iPhoneSafari =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe('Analytics dashboard API', () => {
  let testApp: TestApp;
  let admin: Awaited<ReturnType<typeof signedInAgent>>;
  let consultant: Awaited<ReturnType<typeof signedInAgent>>;
  let clock: AnalyticsClock;
  let current: Date;

  beforeAll(async () => {
    testApp = await createTestApp({ config: { mailDispatchIntervalMs: 0 } });
    await createStaff(testApp, 'admin');
    await createStaff(testApp, 'consultant');
    admin = await signedInAgent(testApp, 'admin@northbeam.example');
    consultant = await signedInAgent(testApp, 'consultant@northbeam.example');
    clock = testApp.app.get(AnalyticsClock);
    clock.now = () => current;
    // The article and the case study the fixed events read (content to enquiry counts only real ones).
    const post = await admin
      .post('/api/admin/posts')
      .send({ title: 'An AI article', slug: 'ai-article', excerpt: 'AI.', body: 'Body text here.', section: 'labs' });
    expect(post.status).toBe(201);
    const caseStudy = await admin
      .post('/api/admin/case-studies')
      .send(caseStudyRequest('acme', { title: 'Acme', summary: 'A case study.', client: 'Acme' }));
    expect(caseStudy.status).toBe(201);
  }, 120_000);

  afterAll(async () => {
    await testApp?.close();
  });

  beforeEach(async () => {
    await testApp.dataSource.query(
      'DELETE FROM "analytics_events"; DELETE FROM "analytics_visits"; DELETE FROM "analytics_salts"; DELETE FROM "contact_messages"; DELETE FROM "rate_limit_counters"',
    );
  });

  /** One event at `at` from a client address and browser, as the site's pages send it. */
  const track = async (at: string, address: string, userAgent: string, body: Record<string, unknown>) => {
    current = new Date(at);
    const response = await testApp
      .request()
      .post('/api/analytics/track')
      .set('User-Agent', userAgent)
      .set('X-Forwarded-For', address)
      .send(body);
    expect(response.status).toBe(204);
  };
  const pageView = (
    at: string,
    address: string,
    userAgent: string,
    path: string,
    extra: Record<string, unknown> = {},
  ) =>
    track(at, address, userAgent, {
      event: 'Page View',
      properties: { page_url: path, user_agent: userAgent, ...extra },
    });

  /**
   * The fixed event set. UK summer time: 22:30 UTC on 10 June is 23:30 in the UK, 23:10 UTC is
   * 00:10 on 11 June in the UK, so visitor A's hash changes between them (a new day's salt).
   */
  async function seedFixedEvents(): Promise<void> {
    const a = '10.1.0.1';
    const b = '10.1.0.2';
    const c = '10.1.0.3';
    // The previous period (8-9 June): one visitor, one bounce.
    await pageView('2026-06-09T10:00:00Z', c, windowsChrome, '/labs');
    // Visitor A, 10 June (UK): two pages, starts and sends the form: 300 s.
    await pageView('2026-06-10T22:30:00Z', a, windowsChrome, '/blog/labs/ai-article', {
      referrer: 'https://www.google.com/search?q=ai',
      utm_source: 'newsletter',
      utm_campaign: 'spring',
      page_title: 'An AI article',
    });
    await pageView('2026-06-10T22:32:00Z', a, windowsChrome, '/contact');
    await track('2026-06-10T22:33:00Z', a, windowsChrome, {
      event: 'Contact Form Started',
      properties: { page_url: '/contact' },
    });
    await track('2026-06-10T22:35:00Z', a, windowsChrome, {
      event: 'Contact Form Submitted',
      properties: { service: 'labs' },
    });
    // Visitor A again after UK midnight: a new visitor (new salt), one page: a bounce.
    await pageView('2026-06-10T23:10:00Z', a, windowsChrome, '/');
    // Visitor B, 11 June: two pages a minute apart (60 s), then after 49 idle minutes a new visit of one page.
    await pageView('2026-06-11T09:00:00Z', b, iPhoneSafari, '/case-studies/acme');
    await pageView('2026-06-11T09:01:00Z', b, iPhoneSafari, '/labs');
    await pageView('2026-06-11T09:50:00Z', b, iPhoneSafari, '/labs');
    // 00:30 on 12 June in the UK: outside the range.
    await pageView('2026-06-11T23:30:00Z', b, iPhoneSafari, '/late');
  }

  const report = async (query: string) => {
    const response = await admin.get(`/api/admin/analytics/report?${query}`);
    expect(response.status).toBe(200);
    return response.body as AnalyticsReport;
  };

  it('computes visitors, visits, page views, bounce rate and duration that match the hand count, a visitor across UK midnight counting twice', async () => {
    await seedFixedEvents();
    current = new Date('2026-06-12T12:00:00Z');
    const body = await report('from=2026-06-10&to=2026-06-11');

    expect(body.range).toEqual({ from: '2026-06-10', to: '2026-06-11', granularity: 'hour' });
    // A on the 10th, A on the 11th (new hash), B: three visitors; A's two visits and B's two.
    expect(body.totals).toEqual({
      visitors: 3,
      visits: 4,
      pageViews: 6,
      viewsPerVisit: 1.5,
      bounceRate: 50,
      visitDurationSeconds: 90,
    });
    expect(body.previousRange).toEqual({ from: '2026-06-08', to: '2026-06-09' });
    expect(body.previousTotals).toEqual({
      visitors: 1,
      visits: 1,
      pageViews: 1,
      viewsPerVisit: 1,
      bounceRate: 100,
      visitDurationSeconds: 0,
    });
    expect(body.funnel).toEqual({ pageView: 4, formStarted: 1, enquiry: 1 });
    expect(body.topPages[0]).toEqual({ key: '/labs', visitors: 2, count: 2 });
    expect(body.topPages.map((row) => row.key)).not.toContain('/late');
    expect(body.entryPages).toEqual([
      { key: '/', visitors: 1, count: 1 },
      { key: '/blog/labs/ai-article', visitors: 1, count: 1 },
      { key: '/case-studies/acme', visitors: 1, count: 1 },
      { key: '/labs', visitors: 1, count: 1 },
    ]);
    expect(body.referrers).toEqual([
      { key: 'Direct', visitors: 2, count: 3 },
      { key: 'www.google.com', visitors: 1, count: 1 },
    ]);
    expect(body.campaigns).toEqual([{ key: 'spring / newsletter', visitors: 1, count: 1 }]);
    expect(body.devices).toEqual([
      { key: 'desktop', visitors: 2, count: 2 },
      { key: 'mobile', visitors: 1, count: 2 },
    ]);
    expect(body.browsers.map((row) => row.key)).toEqual(['Chrome', 'Safari']);
    expect(body.systems.map((row) => row.key).sort()).toEqual(['Windows', 'iOS']);
    expect(body.events).toEqual([
      { key: 'Contact Form Started', label: 'Contact form started', visitors: 1, count: 1 },
      { key: 'Contact Form Submitted', label: 'Contact form sent', visitors: 1, count: 1 },
    ]);
    expect(body.contentToEnquiry).toEqual([
      { path: '/blog/labs/ai-article', title: 'An AI article', kind: 'article', readers: 1, enquiries: 1 },
      { path: '/case-studies/acme', title: null, kind: 'case-study', readers: 1, enquiries: 0 },
    ]);
    // By hour: 48 UK hours; 23:00 in the UK on the 10th holds A's first visit.
    expect(body.series).toHaveLength(48);
    expect(body.series.find((point) => point.at === '2026-06-10T22:00:00.000Z')).toEqual({
      at: '2026-06-10T22:00:00.000Z',
      visitors: 1,
      visits: 1,
      pageViews: 2,
    });

    const daily = await report('from=2026-06-10&to=2026-06-11&granularity=day');
    expect(daily.series).toEqual([
      { at: '2026-06-09T23:00:00.000Z', visitors: 1, visits: 1, pageViews: 2 },
      { at: '2026-06-10T23:00:00.000Z', visitors: 2, visits: 3, pageViews: 4 },
    ]);
    expect(daily.previousSeries.map((point) => point.visitors)).toEqual([0, 1]);
  });

  it('exports the same figures as CSV', async () => {
    await seedFixedEvents();
    const response = await admin.get('/api/admin/analytics/report.csv?from=2026-06-10&to=2026-06-11&granularity=day');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="analytics-2026-06-10-to-2026-06-11.csv"',
    );
    const lines = response.text.split('\r\n');
    expect(lines[0]).toBe('\uFEFF"section","key","visitors","count"');
    expect(lines).toContain('"totals","visitors","","3"');
    expect(lines).toContain('"funnel","enquiry","","1"');
    // The series by UK day, as a spreadsheet user reads a date (UK midnight of 10 June is 23:00 UTC on the 9th).
    expect(lines).toContain('"series visits","10/06/2026 00:00","1","1"');
    expect(lines).toContain('"content to enquiry","/blog/labs/ai-article","1","1"');
  });

  it('shows the visitors and pages of the last five minutes in real time', async () => {
    await pageView('2026-06-11T09:00:00Z', '10.2.0.1', windowsChrome, '/labs');
    await pageView('2026-06-11T09:56:00Z', '10.2.0.2', windowsChrome, '/about');
    await pageView('2026-06-11T09:58:00Z', '10.2.0.3', iPhoneSafari, '/about');
    current = new Date('2026-06-11T10:00:00Z');
    const response = await consultant.get('/api/admin/analytics/realtime');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ visitors: 2, pageViews: 2, pages: [{ key: '/about', visitors: 2, count: 2 }] });
  });

  it('refuses a range that ends before it starts or is too long to show by hour', async () => {
    const backwards = await admin.get('/api/admin/analytics/report?from=2026-06-11&to=2026-06-10');
    expect(backwards.status).toBe(400);
    expect(backwards.body.error).toBe('Choose a start date on or before the end date');
    const hourly = await admin.get('/api/admin/analytics/report?from=2026-01-01&to=2026-03-01&granularity=hour');
    expect(hourly.status).toBe(400);
    expect(hourly.body.error).toBe('Show by hour only for 31 days or less');
    expect((await testApp.request().get('/api/admin/analytics/report')).status).toBe(401);
  });

  it('keeps no IP address and no raw user agent in any column or row of the analytics tables', async () => {
    await seedFixedEvents();
    const columns = await testApp.dataSource.query<{ table_name: string; column_name: string }[]>(
      `SELECT table_name, column_name FROM information_schema.columns
        WHERE table_name IN ('analytics_events', 'analytics_visits', 'analytics_salts', 'enquiry_reading_paths')`,
    );
    expect(columns.length).toBeGreaterThan(20);
    expect(columns.filter((column) => /ip|addr|agent/i.test(column.column_name))).toEqual([]);
    for (const table of ['analytics_events', 'analytics_visits', 'analytics_salts']) {
      const rows = await testApp.dataSource.query<{ row: string }[]>(
        `SELECT row_to_json(t)::text AS "row" FROM "${table}" t`,
      );
      expect(rows.length).toBeGreaterThan(0);
      for (const { row } of rows) {
        expect(row).not.toMatch(/10\.1\.0\.\d/);
        expect(row).not.toContain('Mozilla/5.0');
        expect(row).not.toContain('AppleWebKit');
        expect(row).not.toContain('search?q=');
      }
    }
  });

  it('keeps the counted visitors’ addresses and browsers in no table of the database at all', async () => {
    await seedFixedEvents();
    const tables = await testApp.dataSource.query<{ table_name: string }[]>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
    );
    expect(tables.length).toBeGreaterThan(20);
    const columns = await testApp.dataSource.query<{ table_name: string; column_name: string }[]>(
      `SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema()`,
    );
    expect(
      columns.filter((column) =>
        /(^|_)(ip|ips|ip_address|client_address|remote_address|user_agent|useragent)($|_)/i.test(column.column_name),
      ),
    ).toEqual([]);
    for (const { table_name: table } of tables) {
      const [{ hits }] = await testApp.dataSource.query<{ hits: number }[]>(
        `SELECT count(*)::int AS "hits" FROM "${table}" t
          WHERE t::text ~ '10\\.1\\.0\\.[0-9]' OR t::text LIKE '%AppleWebKit%' OR t::text LIKE '%iPhone OS%'`,
      );
      expect({ table, hits }).toEqual({ table, hits: 0 });
    }
  });

  it("destroys yesterday's salt in the rotation task and keeps today's", async () => {
    await pageView('2026-06-10T12:00:00Z', '10.3.0.1', windowsChrome, '/');
    await pageView('2026-06-11T12:00:00Z', '10.3.0.1', windowsChrome, '/');
    const days = async () =>
      (
        await testApp.dataSource.query<{ day: string }[]>(
          `SELECT to_char("day", 'YYYY-MM-DD') AS "day" FROM "analytics_salts" ORDER BY 1`,
        )
      ).map((row) => row.day);
    expect(await days()).toEqual(['2026-06-10', '2026-06-11']);
    const run = await testApp.app.get(AnalyticsScheduler).rotate(new Date('2026-06-11T12:05:00Z'));
    expect(run).toEqual({ ran: true, result: { saltsDestroyed: 1, visitsPurged: 0 } });
    expect(await days()).toEqual(['2026-06-11']);
  });

  it('purges visits older than two years with the rotation task', async () => {
    await pageView('2024-06-01T12:00:00Z', '10.3.0.2', windowsChrome, '/');
    await pageView('2026-06-11T12:00:00Z', '10.3.0.2', windowsChrome, '/');
    const run = await testApp.app.get(AnalyticsScheduler).rotate(new Date('2026-06-11T12:05:00Z'));
    expect(run).toEqual({ ran: true, result: { saltsDestroyed: 1, visitsPurged: 1 } });
    const [{ count }] = await testApp.dataSource.query<{ count: number }[]>(
      `SELECT count(*)::int AS "count" FROM "analytics_visits"`,
    );
    expect(count).toBe(1);
  });

  it('purges visits with the events’ retention period, in the rotation task and the daily purge alike', async () => {
    await pageView('2023-06-01T12:00:00Z', '10.3.0.3', windowsChrome, '/');
    await pageView('2024-06-01T12:00:00Z', '10.3.0.3', windowsChrome, '/');
    const now = new Date('2026-06-11T12:05:00Z');
    const visits = async () =>
      (
        await testApp.dataSource.query<{ count: number }[]>(`SELECT count(*)::int AS "count" FROM "analytics_visits"`)
      )[0].count;
    const saved = retentionPeriods.analyticsEvents;
    try {
      retentionPeriods.analyticsEvents = { years: 4 };
      const kept = await testApp.app.get(AnalyticsScheduler).rotate(now);
      expect(kept).toEqual({ ran: true, result: { saltsDestroyed: 2, visitsPurged: 0 } });
      expect(await visits()).toBe(2);
      retentionPeriods.analyticsEvents = { years: 3 };
      const purged = await testApp.app.get(RetentionService).runRetention(now);
      expect(purged['analytics_visits older than 3 years']).toBe(1);
      expect(await visits()).toBe(1);
    } finally {
      retentionPeriods.analyticsEvents = saved;
    }
    const rotated = await testApp.app.get(AnalyticsScheduler).rotate(now);
    expect(rotated).toEqual({ ran: true, result: { saltsDestroyed: 0, visitsPurged: 1 } });
    expect(await visits()).toBe(0);
  });

  it('counts nothing of a visitor who refused analytics but their choice, stored bare', async () => {
    const refused = { analyticsConsent: false, analyticsRefused: true };
    await track('2026-06-11T09:00:00Z', '10.4.0.1', windowsChrome, {
      event: 'Page View',
      properties: { page_url: '/labs' },
      ...refused,
    });
    await track('2026-06-11T09:00:01Z', '10.4.0.1', windowsChrome, {
      event: 'Cookie Consent',
      properties: {
        action: 'reject_all',
        analytics: false,
        marketing: false,
        page_url: '/labs',
        referrer: 'https://example.org/',
      },
      ...refused,
    });
    const events = await testApp.dataSource.query(
      `SELECT "event", "properties", "path", "referrer", "visit_id" FROM "analytics_events"`,
    );
    expect(events).toEqual([
      {
        event: 'Cookie Consent',
        properties: { action: 'reject_all', analytics: false, marketing: false },
        path: null,
        referrer: null,
        visit_id: null,
      },
    ]);
    const [{ count }] = await testApp.dataSource.query<{ count: number }[]>(
      `SELECT count(*)::int AS "count" FROM "analytics_visits"`,
    );
    expect(count).toBe(0);
  });

  it('gives the series no point after the current hour or day', async () => {
    await pageView('2026-06-12T08:00:00Z', '10.7.1.1', windowsChrome, '/labs');
    current = new Date('2026-06-12T10:30:00Z'); // 11:30 in the UK
    const today = await report('from=2026-06-12&to=2026-06-12');
    expect(today.series.map((point) => point.at)).toHaveLength(12);
    expect(today.series.at(0)!.at).toBe('2026-06-11T23:00:00.000Z');
    expect(today.series.at(-1)!.at).toBe('2026-06-12T10:00:00.000Z');
    expect(today.previousSeries).toHaveLength(24);
    const days = await report('from=2026-06-10&to=2026-06-14&granularity=day');
    expect(days.series.map((point) => point.at)).toEqual([
      '2026-06-09T23:00:00.000Z',
      '2026-06-10T23:00:00.000Z',
      '2026-06-11T23:00:00.000Z',
    ]);
  });

  it('shows an action sent under both its names once, labelled: the visits of either, the count of one name', async () => {
    const a = '10.7.0.1';
    const b = '10.7.0.2';
    const both = async (at: string, address: string, action: string, clientName: string) => {
      await track(at, address, windowsChrome, { event: clientName, properties: { page_url: '/contact' } });
      await track(at, address, windowsChrome, { event: action, properties: { page_url: '/contact' } });
    };
    await pageView('2026-06-11T09:00:00Z', a, windowsChrome, '/contact');
    await both('2026-06-11T09:01:00Z', a, 'Contact Form Started', 'contact_form_start');
    await both('2026-06-11T09:02:00Z', a, 'Contact Form Submitted', 'contact_form_submit');
    await pageView('2026-06-11T10:00:00Z', b, windowsChrome, '/blog');
    await both('2026-06-11T10:01:00Z', b, 'Newsletter Subscribed', 'newsletter_signup');
    await both('2026-06-11T10:02:00Z', b, 'Playbook Downloaded', 'playbook_download');
    await both('2026-06-11T10:03:00Z', b, 'Contact Form Started', 'contact_form_start');
    // Only the client name arrived (the other call failed): the action is listed, its visit counted.
    await track('2026-06-11T10:04:00Z', b, windowsChrome, { event: 'contact_form_submit', properties: {} });
    current = new Date('2026-06-12T12:00:00Z');

    const body = await report('from=2026-06-11&to=2026-06-11');
    expect(body.events).toEqual([
      { key: 'Contact Form Started', label: 'Contact form started', visitors: 2, count: 2 },
      { key: 'Contact Form Submitted', label: 'Contact form sent', visitors: 2, count: 1 },
      { key: 'Newsletter Subscribed', label: 'Newsletter sign-up', visitors: 1, count: 1 },
      { key: 'Playbook Downloaded', label: 'Playbook download', visitors: 1, count: 1 },
    ]);
    // Both names are still stored as they were sent.
    const [{ count }] = await testApp.dataSource.query<{ count: number }[]>(
      `SELECT count(*)::int AS "count" FROM "analytics_events" WHERE "event" IN ('contact_form_start', 'Contact Form Started')`,
    );
    expect(count).toBe(4);
    const csv = (await admin.get('/api/admin/analytics/report.csv?from=2026-06-11&to=2026-06-11')).text;
    expect(csv).toContain('"events","Contact form started","2","2"');
    expect(csv).not.toContain('contact_form_start');
  });

  it('counts an article or case study address that does not exist (the 404 page) as no content', async () => {
    await pageView('2026-06-11T09:00:00Z', '10.8.0.1', windowsChrome, '/blog/labs/ai-article', {
      page_title: 'An AI article',
    });
    await pageView('2026-06-11T09:01:00Z', '10.8.0.1', windowsChrome, '/blog/labs/no-such-post', {
      page_title: 'Post Not Found | Northbeam',
    });
    await pageView('2026-06-11T09:02:00Z', '10.8.0.1', windowsChrome, '/case-studies/no-such-study', {
      page_title: 'Case Study Not Found | Northbeam',
    });
    await pageView('2026-06-11T09:03:00Z', '10.8.0.1', windowsChrome, '/case-studies/acme');
    current = new Date('2026-06-12T12:00:00Z');

    const body = await report('from=2026-06-11&to=2026-06-11');
    expect(body.contentToEnquiry.map((row) => row.path)).toEqual(['/blog/labs/ai-article', '/case-studies/acme']);
    // The addresses are still pages viewed.
    expect(body.topPages.map((row) => row.key)).toContain('/blog/labs/no-such-post');
  });

  it('forgets what a visitor sent before refusing analytics that day: they are not counted at all', async () => {
    const refusing = '10.9.0.1';
    const other = '10.9.0.2';
    // Before any choice: counted cookielessly.
    await pageView('2026-06-11T09:00:00Z', refusing, windowsChrome, '/refused-landing');
    await pageView('2026-06-11T09:00:30Z', refusing, windowsChrome, '/about');
    await pageView('2026-06-11T09:00:00Z', other, windowsChrome, '/labs');
    current = new Date('2026-06-11T09:00:45Z');
    expect((await report('from=2026-06-11&to=2026-06-11')).totals.visitors).toBe(2);

    await track('2026-06-11T09:01:00Z', refusing, windowsChrome, {
      event: 'Cookie Consent',
      properties: { action: 'reject_all', analytics: false, marketing: false, page_url: '/about' },
      analyticsConsent: false,
      analyticsRefused: true,
    });
    // Afterwards the browser sends only banner choices; anything else so marked is dropped.
    await track('2026-06-11T09:02:00Z', refusing, windowsChrome, {
      event: 'Page View',
      properties: { page_url: '/contact' },
      analyticsRefused: true,
    });

    const body = await report('from=2026-06-11&to=2026-06-11');
    expect(body.totals.visitors).toBe(1);
    expect(body.topPages.map((row) => row.key)).toEqual(['/labs']);
    expect(body.entryPages.map((row) => row.key)).toEqual(['/labs']);
    const paths = await testApp.dataSource.query<{ event: string; path: string | null }[]>(
      `SELECT "event", "path" FROM "analytics_events" ORDER BY "id"`,
    );
    expect(paths).toEqual([
      { event: 'Page View', path: '/labs' },
      { event: 'Cookie Consent', path: null },
    ]);
  });

  describe('daily rollups (docs/product.md#analytics-rollups)', () => {
    const rollupTables = ['analytics_daily', 'analytics_daily_keys', 'analytics_daily_content'];
    const clearRollups = () =>
      testApp.dataSource.query(rollupTables.map((table) => `DELETE FROM "${table}";`).join(' '));
    const rollupRows = async () => {
      const rows: Record<string, unknown[]> = {};
      for (const table of rollupTables) {
        rows[table] = await testApp.dataSource.query(
          `SELECT to_jsonb(t) - 'rolled_up_at' AS "row" FROM "${table}" t ORDER BY to_jsonb(t) - 'rolled_up_at'`,
        );
      }
      return rows;
    };
    const csv = async (query: string) => {
      const response = await admin.get(`/api/admin/analytics/report.csv?${query}`);
      expect(response.status).toBe(200);
      return response.text;
    };
    /** Every call the comparison covers: past days only, today among them, by hour, and the period before. */
    const queries = [
      'from=2026-06-10&to=2026-06-11&granularity=day',
      'from=2026-06-10&to=2026-06-11',
      'from=2026-06-08&to=2026-06-12',
      'from=2026-06-06&to=2026-06-12&granularity=day',
      'from=2026-06-11&to=2026-06-12&granularity=day',
      'from=2026-06-12&to=2026-06-12',
    ];

    beforeEach(clearRollups);
    afterAll(clearRollups);

    /** The fixed event set, more of the same on other days, and "today" (12 June, UK) still going. */
    async function seedWeek(): Promise<void> {
      await seedFixedEvents();
      await pageView('2026-06-06T08:00:00Z', '10.6.0.1', iPhoneSafari, '/case-studies/acme', {
        referrer: 'https://www.linkedin.com/feed',
        page_title: 'Acme',
      });
      await pageView('2026-06-06T08:02:00Z', '10.6.0.1', iPhoneSafari, '/contact');
      await track('2026-06-06T08:03:00Z', '10.6.0.1', iPhoneSafari, {
        event: 'Contact Form Started',
        properties: { page_url: '/contact' },
      });
      await pageView('2026-06-08T15:00:00Z', '10.6.0.2', windowsChrome, '/blog/labs/ai-article', {
        utm_source: 'newsletter',
        utm_medium: 'email',
        utm_campaign: 'summer',
        page_title: 'An AI article',
      });
      await track('2026-06-08T15:01:00Z', '10.6.0.2', windowsChrome, {
        event: 'Outbound Link',
        properties: { page_url: '/blog/labs/ai-article' },
      });
      // 12 June (today): A reads the article again and sends the form; C reads a case study.
      await pageView('2026-06-12T08:00:00Z', '10.1.0.1', windowsChrome, '/blog/labs/ai-article', {
        page_title: 'An AI article',
      });
      await track('2026-06-12T08:01:00Z', '10.1.0.1', windowsChrome, {
        event: 'Contact Form Started',
        properties: { page_url: '/contact' },
      });
      await track('2026-06-12T08:02:00Z', '10.1.0.1', windowsChrome, {
        event: 'Contact Form Submitted',
        properties: { service: 'labs' },
      });
      await pageView('2026-06-12T09:00:00Z', '10.1.0.3', iPhoneSafari, '/case-studies/acme', {
        referrer: 'https://www.google.com/',
      });
      // Actions under both names and an article address that does not exist, a past day and today.
      for (const at of ['2026-06-08T15:02:00Z', '2026-06-12T09:01:00Z']) {
        const address = at.startsWith('2026-06-08') ? '10.6.0.2' : '10.1.0.3';
        await track(at, address, windowsChrome, { event: 'newsletter_signup', properties: { source: 'blog' } });
        await track(at, address, windowsChrome, { event: 'Newsletter Subscribed', properties: { source: 'blog' } });
        await pageView(at, address, windowsChrome, '/blog/labs/no-such-post');
      }
      current = new Date('2026-06-12T12:00:00Z');
    }

    it('give every figure of every range exactly as the raw visits and events do, today added from the raw tables', async () => {
      await seedWeek();
      const raw = new Map<string, { report: AnalyticsReport; csv: string }>();
      for (const query of queries) raw.set(query, { report: await report(query), csv: await csv(query) });

      const run = await testApp.app.get(AnalyticsScheduler).rollUp(current);
      // From the first day with data to yesterday (UK); never today.
      expect(run).toEqual({
        ran: true,
        result: ['2026-06-06', '2026-06-07', '2026-06-08', '2026-06-09', '2026-06-10', '2026-06-11'],
      });
      const [daily] = await testApp.dataSource.query<{ days: number; visits: number }[]>(
        `SELECT count(*)::int AS "days", sum("visits")::int AS "visits" FROM "analytics_daily"`,
      );
      expect(daily).toEqual({ days: 6, visits: 7 });
      for (const query of queries) {
        expect({ query, report: await report(query) }).toEqual({ query, report: raw.get(query)!.report });
        expect({ query, csv: await csv(query) }).toEqual({ query, csv: raw.get(query)!.csv });
      }

      // Some days rolled up, others not (a catch-up under way): the same figures again.
      await clearRollups();
      const rollups = testApp.app.get(AnalyticsRollups);
      await rollups.rollUpDay('2026-06-08');
      await rollups.rollUpDay('2026-06-10');
      for (const query of queries)
        expect({ query, report: await report(query) }).toEqual({ query, report: raw.get(query)!.report });

      // The past days are read from the rollups: without their raw rows, the figures by day stay.
      await testApp.app.get(AnalyticsScheduler).rollUp(current);
      await testApp.dataSource.query(`DELETE FROM "analytics_events" WHERE "created_at" < $1`, [
        new Date('2026-06-11T23:00:00Z'),
      ]);
      await testApp.dataSource.query(`DELETE FROM "analytics_visits" WHERE "started_at" < $1`, [
        new Date('2026-06-11T23:00:00Z'),
      ]);
      for (const query of queries.filter((query) => query.endsWith('granularity=day'))) {
        expect({ query, report: await report(query) }).toEqual({ query, report: raw.get(query)!.report });
      }
      const fixed = await report('from=2026-06-10&to=2026-06-11&granularity=day');
      expect(fixed.totals).toMatchObject({
        visitors: 3,
        visits: 4,
        pageViews: 6,
        bounceRate: 50,
        visitDurationSeconds: 90,
      });
      expect(fixed.contentToEnquiry[0]).toEqual({
        path: '/blog/labs/ai-article',
        title: 'An AI article',
        kind: 'article',
        readers: 1,
        enquiries: 1,
      });
    });

    it('recomputes a day to the same rows however often it runs, and hold no hash, id or address', async () => {
      await seedWeek();
      const rollups = testApp.app.get(AnalyticsRollups);
      await rollups.rollUpDay('2026-06-10');
      await rollups.rollUpDay('2026-06-11');
      const once = await rollupRows();
      expect(once.analytics_daily).toHaveLength(2);
      expect(once.analytics_daily_keys.length).toBeGreaterThan(10);
      await Promise.all([
        rollups.rollUpDay('2026-06-10'),
        rollups.rollUpDay('2026-06-10'),
        rollups.rollUpDay('2026-06-11'),
      ]);
      expect(await rollupRows()).toEqual(once);
      // The catch-up rolls up only the days still missing, then nothing.
      const scheduler = testApp.app.get(AnalyticsScheduler);
      expect(await scheduler.rollUp(current)).toEqual({
        ran: true,
        result: ['2026-06-06', '2026-06-07', '2026-06-08', '2026-06-09'],
      });
      expect(await scheduler.rollUp(current)).toEqual({ ran: true, result: [] });

      const columns = await testApp.dataSource.query<{ column_name: string }[]>(
        `SELECT column_name FROM information_schema.columns WHERE table_name = ANY($1)`,
        [rollupTables],
      );
      expect(columns.filter((column) => /hash|id$|visitor_id|ip|addr|agent/i.test(column.column_name))).toEqual([]);
      const hashes = await testApp.dataSource.query<{ visitor_hash: string }[]>(
        `SELECT "visitor_hash" FROM "analytics_visits"`,
      );
      for (const table of rollupTables) {
        const rows = await testApp.dataSource.query<{ row: string }[]>(
          `SELECT row_to_json(t)::text AS "row" FROM "${table}" t`,
        );
        for (const { row } of rows) {
          expect(row).not.toMatch(/10\.\d+\.0\.\d/);
          expect(row).not.toContain('Mozilla/5.0');
          for (const { visitor_hash } of hashes) expect(row).not.toContain(visitor_hash);
        }
      }
    });

    it('are purged with the events after two years', async () => {
      await pageView('2024-06-01T12:00:00Z', '10.3.0.2', windowsChrome, '/');
      await pageView('2026-06-10T12:00:00Z', '10.3.0.2', windowsChrome, '/');
      const rollups = testApp.app.get(AnalyticsRollups);
      await rollups.rollUpDay('2024-06-01');
      await rollups.rollUpDay('2026-06-10');
      const run = await testApp.app.get(AnalyticsScheduler).rotate(new Date('2026-06-11T12:05:00Z'));
      expect(run).toEqual({ ran: true, result: { saltsDestroyed: 2, visitsPurged: 1 } });
      const days = await testApp.dataSource.query<{ day: string }[]>(
        `SELECT DISTINCT to_char("day", 'YYYY-MM-DD') AS "day" FROM "analytics_daily_keys" ORDER BY 1`,
      );
      expect(days).toEqual([{ day: '2026-06-10' }]);
      const [daily] = await testApp.dataSource.query<{ days: string[] }[]>(
        `SELECT array_agg(to_char("day", 'YYYY-MM-DD')) AS "days" FROM "analytics_daily"`,
      );
      expect(daily.days).toEqual(['2026-06-10']);
    });
  });

  describe('pages read before an enquiry', () => {
    const sendEnquiry = async (address: string, userAgent: string, name: string) => {
      current = new Date();
      const response = await testApp
        .request()
        .post('/api/contact')
        .set('X-Forwarded-For', address)
        .set('User-Agent', userAgent)
        .send({
          name,
          email: 'ada@example.com',
          message: 'We would like a prototype of an AI assistant for our engineers.',
          consent: true,
          turnstileToken: turnstileFallbackToken,
          website: '',
          startedAt: String(Date.now() - 30_000),
        });
      expect(response.status).toBe(201);
      const [row] = await testApp.dataSource.query<{ id: string }[]>(
        `SELECT "id" FROM "contact_messages" WHERE "name" = $1`,
        [name],
      );
      return row.id;
    };
    const now = (secondsAgo: number) => new Date(Date.now() - secondsAgo * 1000).toISOString();

    it('are kept on the enquiry and shown where the visitor consented to analytics', async () => {
      const visitorId = 'user_k3j9x2ab_1763784000123';
      const consent = { visitorId, analyticsConsent: true };
      await track(now(120), '10.5.0.1', windowsChrome, {
        event: 'Page View',
        properties: { page_url: '/blog/labs/ai-article', page_title: 'An AI article' },
        ...consent,
      });
      await track(now(90), '10.5.0.1', windowsChrome, {
        event: 'Page View',
        properties: { page_url: '/case-studies/acme', page_title: 'Acme' },
        ...consent,
      });
      await track(now(60), '10.5.0.1', windowsChrome, {
        event: 'Page View',
        properties: { page_url: '/contact' },
        ...consent,
      });
      const id = await sendEnquiry('10.5.0.1', windowsChrome, 'Consenting Reader');

      const detail = (await admin.get(`/api/admin/enquiries/${id}`)).body as EnquiryDetail;
      expect(detail.readingPath.map((page) => [page.path, page.title])).toEqual([
        ['/blog/labs/ai-article', 'An AI article'],
        ['/case-studies/acme', 'Acme'],
        ['/contact', null],
      ]);

      // Erased with the enquiry.
      await testApp.dataSource.query(`DELETE FROM "contact_messages" WHERE "id" = $1`, [id]);
      const [{ count }] = await testApp.dataSource.query<{ count: number }[]>(
        `SELECT count(*)::int AS "count" FROM "enquiry_reading_paths"`,
      );
      expect(count).toBe(0);
    });

    it('are not linked at all without analytics consent', async () => {
      await pageView(now(120), '10.5.0.2', windowsChrome, '/blog/labs/ai-article');
      await track(now(60), '10.5.0.2', windowsChrome, {
        event: 'Page View',
        properties: { page_url: '/contact' },
        visitorId: 'user_k3j9x2ab_1763784000999',
        analyticsConsent: false,
      });
      const id = await sendEnquiry('10.5.0.2', windowsChrome, 'Anonymous Reader');
      const detail = (await admin.get(`/api/admin/enquiries/${id}`)).body as EnquiryDetail;
      expect(detail.readingPath).toEqual([]);
      const [{ count }] = await testApp.dataSource.query<{ count: number }[]>(
        `SELECT count(*)::int AS "count" FROM "enquiry_reading_paths"`,
      );
      expect(count).toBe(0);
    });
  });
});

describe('Analytics rollups on two instances sharing one database', () => {
  let database: TestDatabase & { url: string };
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    database = await createSharedTestDatabase();
    const config = { seedContent: false, mailDispatchIntervalMs: 0 };
    first = await createTestApp({ database, config });
    second = await createTestApp({ database, config });
  }, 180_000);

  afterAll(async () => {
    await first?.close();
    await second?.close();
    await database?.drop();
  }, 180_000);

  it('rolls each missing day up once, on one instance at a time', async () => {
    let current = new Date();
    first.app.get(AnalyticsClock).now = () => current;
    for (const [at, path] of [
      ['2026-06-08T10:00:00Z', '/labs'],
      ['2026-06-09T10:00:00Z', '/'],
      ['2026-06-10T10:00:00Z', '/blog/labs/ai-article'],
    ]) {
      current = new Date(at);
      const response = await first
        .request()
        .post('/api/analytics/track')
        .set('User-Agent', windowsChrome)
        .set('X-Forwarded-For', '10.7.0.1')
        .send({ event: 'Page View', properties: { page_url: path } });
      expect(response.status).toBe(204);
    }
    const now = new Date('2026-06-11T12:00:00Z');
    const runs = await Promise.all([
      first.app.get(AnalyticsScheduler).rollUp(now),
      second.app.get(AnalyticsScheduler).rollUp(now),
      second.app.get(AnalyticsScheduler).rollUp(now),
    ]);
    const rolled = runs.flatMap((run) => (run.ran ? run.result : []));
    expect(rolled.sort()).toEqual(['2026-06-08', '2026-06-09', '2026-06-10']);
    const rows = await first.dataSource.query<{ day: string; visits: number }[]>(
      `SELECT to_char("day", 'YYYY-MM-DD') AS "day", "visits" FROM "analytics_daily" ORDER BY 1`,
    );
    expect(rows).toEqual([
      { day: '2026-06-08', visits: 1 },
      { day: '2026-06-09', visits: 1 },
      { day: '2026-06-10', visits: 1 },
    ]);
  });
});

import { turnstileFallbackToken, type AnalyticsReport, type EnquiryDetail } from '@northbeam/common';
import { ukDay } from '../src/modules/analytics/uk-days.js';
import { createStaff, signedInAgent } from './factories/staff.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const iPhoneSafari =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe('Campaign attribution of a visit that lands on an article', () => {
  let testApp: TestApp;
  let admin: Awaited<ReturnType<typeof signedInAgent>>;

  beforeAll(async () => {
    testApp = await createTestApp({ config: { mailDispatchIntervalMs: 0 } });
    await createStaff(testApp, 'admin');
    admin = await signedInAgent(testApp, 'admin@northbeam.example');
    const post = await admin
      .post('/api/admin/posts')
      .send({ title: 'An AI article', slug: 'ai-article', excerpt: 'AI.', body: 'Body text here.', section: 'labs' });
    expect(post.status).toBe(201);
  }, 120_000);

  afterAll(async () => {
    await testApp?.close();
  });

  const track = async (address: string, body: Record<string, unknown>) => {
    const response = await testApp
      .request()
      .post('/api/analytics/track')
      .set('User-Agent', iPhoneSafari)
      .set('X-Forwarded-For', address)
      .send(body);
    expect(response.status).toBe(204);
  };
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('counts a visit opened by the article read event under the newsletter campaign of the page view that follows, and the enquiry lists the landing article', async () => {
    const address = '10.9.0.1';
    const visitorId = 'user_k3j9x2ab_1763784000555';
    const article = '/blog/labs/ai-article';
    const tagged = { referrer: 'https://mail.example.net/', page_title: 'An AI article' };
    // The article's own event arrives first and opens the visit (it carries no tags, as before consent).
    await track(address, { event: 'Blog Post View', properties: { page_url: article, ...tagged } });
    await pause(25);
    await track(address, {
      event: 'Page View',
      properties: { page_url: article, ...tagged, utm_source: 'newsletter', utm_medium: 'email' },
    });
    // Consent is given on the landing article; the reader then goes to the contact page.
    await pause(25);
    await track(address, {
      event: 'Cookie Consent',
      properties: { page_url: article, action: 'accept_all', analytics: true },
      analyticsConsent: true,
      visitorId,
    });
    await pause(25);
    await track(address, {
      event: 'Page View',
      properties: { page_url: '/contact', referrer: 'https://mail.example.net/' },
      analyticsConsent: true,
      visitorId,
    });

    const visits = await testApp.dataSource.query<{ utm_source: string | null; referrer_host: string | null }[]>(
      `SELECT "utm_source", "referrer_host" FROM "analytics_visits"`,
    );
    expect(visits).toEqual([{ utm_source: 'newsletter', referrer_host: 'mail.example.net' }]);

    const today = ukDay(new Date());
    const report = await admin.get(`/api/admin/analytics/report?from=${today}&to=${today}`);
    expect(report.status).toBe(200);
    const body = report.body as AnalyticsReport;
    expect(body.campaigns).toEqual([{ key: '(none) / newsletter / email', visitors: 1, count: 1 }]);
    expect(body.referrers).toEqual([{ key: 'mail.example.net', visitors: 1, count: 1 }]);

    const enquiry = await testApp
      .request()
      .post('/api/contact')
      .set('X-Forwarded-For', address)
      .set('User-Agent', iPhoneSafari)
      .send({
        name: 'Newsletter Reader',
        email: 'reader@example.com',
        message: 'We read your article and would like to talk about an AI assistant.',
        consent: true,
        turnstileToken: turnstileFallbackToken,
        website: '',
        startedAt: String(Date.now() - 30_000),
      });
    expect(enquiry.status).toBe(201);
    const [row] = await testApp.dataSource.query<{ id: string }[]>(
      `SELECT "id" FROM "contact_messages" WHERE "name" = 'Newsletter Reader'`,
    );
    const detail = (await admin.get(`/api/admin/enquiries/${row.id}`)).body as EnquiryDetail;
    expect(detail.readingPath.map((page) => [page.path, page.title])).toEqual([
      [article, 'An AI article'],
      ['/contact', null],
    ]);
  });

  it('keeps the tags a visit came with when a later event carries others', async () => {
    await testApp.dataSource.query('DELETE FROM "analytics_events"; DELETE FROM "analytics_visits"');
    const address = '10.9.0.2';
    await track(address, {
      event: 'Page View',
      properties: { page_url: '/', utm_source: 'linkedin', utm_campaign: 'autumn' },
    });
    await track(address, { event: 'Page View', properties: { page_url: '/labs', utm_source: 'newsletter' } });
    const visits = await testApp.dataSource.query<{ utm_source: string | null; utm_campaign: string | null }[]>(
      `SELECT "utm_source", "utm_campaign" FROM "analytics_visits"`,
    );
    expect(visits).toEqual([{ utm_source: 'linkedin', utm_campaign: 'autumn' }]);
  });
});

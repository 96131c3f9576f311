import { leadMessages, messages, turnstileFallbackToken } from '@northbeam/common';
import { limiterKey } from '../src/core/rate-limit/rate-limiter.js';
import { RetentionService } from '../src/modules/privacy/retention.service.js';
import { createStaff, signedInAgent } from './factories/staff.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/** A submission as the contact form sends it, started well over three seconds ago. */
function validSubmission(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    company: 'Analytical Engines Ltd',
    service: 'labs',
    message: 'We would like a prototype of an AI assistant for our engineers.',
    consent: true,
    turnstileToken: turnstileFallbackToken,
    website: '',
    startedAt: String(Date.now() - 30_000),
    ...overrides,
  };
}

let addressCounter = 1;
/** Each test speaks from its own client address, so that the per-address rate limit stays out of the way. */
function freshAddress(): string {
  addressCounter += 1;
  return `10.0.${Math.floor(addressCounter / 250)}.${addressCounter % 250}`;
}

describe('POST /api/contact (bot check in development fallback mode)', () => {
  let testApp: TestApp;
  let admin: Awaited<ReturnType<typeof signedInAgent>>;

  // Starting the app with the seeded content takes a while on a busy machine.
  beforeAll(async () => {
    testApp = await createTestApp({ config: { mailDispatchIntervalMs: 0 } });
    await createStaff(testApp, 'admin');
    admin = await signedInAgent(testApp, 'admin@northbeam.example');
  }, 180_000);

  afterAll(async () => {
    await testApp?.close();
  });

  beforeEach(async () => {
    await testApp.dataSource.query('DELETE FROM "contact_messages"');
    await testApp.dataSource.query('DELETE FROM "email_outbox"');
  });

  const post = (body: unknown, address = freshAddress()) =>
    testApp
      .request()
      .post('/api/contact')
      .set('X-Forwarded-For', address)
      .send(body as object);

  const countMessages = async () =>
    Number((await testApp.dataSource.query('SELECT count(*)::int AS n FROM "contact_messages"'))[0].n);
  const countMails = async () =>
    Number((await testApp.dataSource.query('SELECT count(*)::int AS n FROM "email_outbox"'))[0].n);

  it('refuses an empty form with every sentence of the contact rules', async () => {
    const response = await post({});
    expect(response.status).toBe(400);
    expect(response.body.fieldErrors).toEqual({
      name: [messages.nameRequired],
      email: [messages.emailInvalid],
      message: [messages.messageTooShort],
      consent: [messages.consentRequired],
      turnstileToken: [messages.turnstileRequired],
    });
    expect(await countMessages()).toBe(0);
  });

  it('refuses a blank name, a bad address, a short message, no consent and an empty token', async () => {
    const response = await post(
      validSubmission({
        name: '   ',
        email: 'not-an-address',
        message: 'too short',
        consent: false,
        turnstileToken: '',
      }),
    );
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(messages.nameRequired);
    expect(response.body.fieldErrors).toEqual({
      name: [messages.nameRequired],
      email: [messages.emailInvalid],
      message: [messages.messageTooShort],
      consent: [messages.consentRequired],
      turnstileToken: [messages.turnstileRequired],
    });
  });

  it('refuses an address with a quoted local part, which can never be mailed, with the invalid-address sentence and stores nothing', async () => {
    for (const email of ['"a,b"@example.com', '"ada"@example.com']) {
      const response = await post(validSubmission({ email }));
      expect(response.status).toBe(400);
      expect(response.body.fieldErrors).toEqual({ email: [messages.emailInvalid] });
    }
    expect(await countMessages()).toBe(0);
    expect(await countMails()).toBe(0);
  });

  it('refuses a message over 2000 characters and a service outside the list', async () => {
    const response = await post(validSubmission({ message: 'x'.repeat(2001), service: 'astrology' }));
    expect(response.status).toBe(400);
    expect(response.body.fieldErrors).toEqual({
      service: [leadMessages.serviceInvalid],
      message: [leadMessages.messageTooLong],
    });
  });

  it('accepts a message of exactly 2000 characters without company or service', async () => {
    const response = await post(validSubmission({ message: 'x'.repeat(2000), company: '', service: '' }));
    expect(response.status).toBe(201);
    const [row] = await testApp.dataSource.query(
      'SELECT company, service, length(message) AS length FROM "contact_messages"',
    );
    expect(row).toEqual({ company: null, service: null, length: 2000 });
  });

  it('stores a valid message once and queues the notification and the receipt', async () => {
    const response = await post(validSubmission());
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ message: leadMessages.contactSent });
    const rows = await testApp.dataSource.query(
      'SELECT name, email, company, service, message, consent FROM "contact_messages"',
    );
    expect(rows).toEqual([
      {
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        company: 'Analytical Engines Ltd',
        service: 'labs',
        message: 'We would like a prototype of an AI assistant for our engineers.',
        consent: true,
      },
    ]);
    const mails = await testApp.dataSource.query(
      'SELECT kind, to_address, status, headers FROM "email_outbox" ORDER BY kind',
    );
    expect(mails).toEqual([
      {
        kind: 'contact_notification',
        to_address: testApp.application.config.contactInbox,
        status: 'pending',
        headers: { 'X-Northbeam-Enquirer': 'ada@example.com' },
      },
      { kind: 'contact_receipt', to_address: 'ada@example.com', status: 'pending', headers: {} },
    ]);
    // The inbox's copy links to the enquiry's record in the admin.
    const [stored] = await testApp.dataSource.query<{ id: string }[]>('SELECT "id" FROM "contact_messages"');
    const [notification] = await testApp.dataSource.query<{ text_body: string; html_body: string }[]>(
      `SELECT "text_body", "html_body" FROM "email_outbox" WHERE "kind" = 'contact_notification'`,
    );
    const link = `${testApp.application.config.publicUrl}/admin/enquiries/${stored.id}`;
    expect(notification.text_body).toContain(link);
    expect(notification.html_body).toContain(`href="${link}"`);
    // It points at the record, and carries no address that would answer around it.
    expect(notification.text_body).toContain('Answer it in the inbox');
    expect(notification.text_body).not.toContain('ada@example.com');
    expect(notification.html_body).not.toContain('ada@example.com');
  });

  it('refuses a token other than the fallback token with 403 and stores nothing', async () => {
    const response = await post(validSubmission({ turnstileToken: 'forged-token' }));
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ statusCode: 403, error: 'Security verification failed' });
    expect(await countMessages()).toBe(0);
    expect(await countMails()).toBe(0);
  });

  /** The Spam filter of the staff inbox, as staff see it. */
  const spamInbox = async () => {
    const response = await admin.get('/api/admin/enquiries?status=spam');
    expect(response.status).toBe(200);
    return response.body as { items: { id: string; name: string; email: string; status: string }[]; total: number };
  };

  it('keeps a filled honeypot as suspected spam: the same answer, no mail, listed under Spam', async () => {
    const response = await post(validSubmission({ website: 'https://spam.example', email: 'trap@example.com' }));
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ message: leadMessages.contactSent });
    expect(await countMails()).toBe(0);
    const spam = await spamInbox();
    expect(spam.total).toBe(1);
    expect(spam.items).toEqual([expect.objectContaining({ email: 'trap@example.com', status: 'spam' })]);
    expect((await admin.get('/api/admin/enquiries?status=new')).body.total).toBe(0);
    expect((await admin.get('/api/admin/enquiries/counts')).body).toMatchObject({ new: 0, spam: 1 });
  });

  it('keeps a form sent under three seconds after the page loaded as suspected spam, and staff can rescue it', async () => {
    const response = await post(validSubmission({ startedAt: String(Date.now() - 1000), name: 'Quick Typist' }));
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ message: leadMessages.contactSent });
    expect(await countMails()).toBe(0);
    const [held] = (await spamInbox()).items;
    expect(held).toMatchObject({ name: 'Quick Typist', status: 'spam' });
    const rescued = await admin.patch(`/api/admin/enquiries/${held.id}`).send({ status: 'new' });
    expect(rescued.status).toBe(200);
    expect((await spamInbox()).total).toBe(0);
    expect((await admin.get('/api/admin/enquiries?status=new')).body.items).toEqual([
      expect.objectContaining({ id: held.id, name: 'Quick Typist' }),
    ]);
    // Rescued, it is an ordinary enquiry: the spam retention no longer applies to it.
    await testApp.dataSource.query(`UPDATE "contact_messages" SET "created_at" = now() - interval '31 days'`);
    await testApp.app.get(RetentionService).runRetention(new Date());
    expect(await countMessages()).toBe(1);
  });

  it('treats a form without a usable start time as automated', async () => {
    for (const startedAt of [undefined, 'yesterday', String(Date.now() + 60_000)]) {
      const response = await post(validSubmission({ startedAt }));
      expect(response.status).toBe(201);
    }
    expect((await spamInbox()).total).toBe(3);
    expect(await countMails()).toBe(0);
  });

  it('purges suspected spam 30 days after it arrived with the daily retention, and keeps genuine enquiries', async () => {
    await post(validSubmission({ website: 'filled', email: 'old-spam@example.com' }));
    await post(validSubmission({ website: 'filled', email: 'young-spam@example.com' }));
    await post(validSubmission({ email: 'genuine@example.com' }));
    const now = new Date('2026-11-22T02:30:00Z');
    const dayMs = 24 * 60 * 60 * 1000;
    await testApp.dataSource.query(`UPDATE "contact_messages" SET "created_at" = $1`, [
      new Date(now.getTime() - 31 * dayMs),
    ]);
    await testApp.dataSource.query(`UPDATE "contact_messages" SET "created_at" = $1 WHERE "email" = $2`, [
      new Date(now.getTime() - 29 * dayMs),
      'young-spam@example.com',
    ]);
    const purged = await testApp.app.get(RetentionService).runRetention(now);
    expect(purged['enquiries under Spam older than 30 days']).toBe(1);
    const left = await testApp.dataSource.query<{ email: string }[]>(
      'SELECT "email" FROM "contact_messages" ORDER BY "email"',
    );
    expect(left.map((row) => row.email)).toEqual(['genuine@example.com', 'young-spam@example.com']);
    expect((await spamInbox()).items.map((item) => item.email)).toEqual(['young-spam@example.com']);
  });

  it('accepts a start time sent as a number', async () => {
    const response = await post(validSubmission({ startedAt: Date.now() - 10_000 }));
    expect(response.status).toBe(201);
    expect(await countMessages()).toBe(1);
  });

  it('limits each address to five submissions in ten minutes with 429 and Retry-After', async () => {
    const address = freshAddress();
    for (let index = 0; index < 5; index++) expect((await post(validSubmission(), address)).status).toBe(201);
    const refused = await post(validSubmission(), address);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ statusCode: 429, error: messages.tooManyRequests });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(await countMessages()).toBe(5);
    expect((await post(validSubmission(), freshAddress())).status).toBe(201);
  });

  it('counts bots against the limit too', async () => {
    const address = freshAddress();
    for (let index = 0; index < 5; index++) await post(validSubmission({ website: 'bot' }), address);
    expect((await post(validSubmission(), address)).status).toBe(429);
  });

  it('starts a new window once the old one has passed', async () => {
    const address = freshAddress();
    for (let index = 0; index < 6; index++) await post(validSubmission(), address);
    await testApp.dataSource.query(
      `UPDATE "rate_limit_counters" SET "window_start" = now() - interval '11 minutes' WHERE "key" = $1`,
      [limiterKey(`contact:${address}`)],
    );
    expect((await post(validSubmission(), address)).status).toBe(201);
  });

  it('stores 100 concurrent submissions exactly once each', async () => {
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        post(validSubmission({ email: `sender${index}@example.com`, name: `Sender ${index}` })),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(Array.from({ length: 100 }, () => 201));
    const rows = await testApp.dataSource.query(
      'SELECT email, count(*)::int AS n FROM "contact_messages" GROUP BY email',
    );
    expect(rows).toHaveLength(100);
    expect(rows.every((row: { n: number }) => row.n === 1)).toBe(true);
    const receipts = await testApp.dataSource.query(
      `SELECT count(DISTINCT to_address)::int AS n FROM "email_outbox" WHERE kind = 'contact_receipt'`,
    );
    expect(receipts[0].n).toBe(100);
    expect(await countMails()).toBe(200);
  });

  it('refuses a form-encoded post as cross-site', async () => {
    const response = await testApp.request().post('/api/contact').type('form').send(validSubmission());
    expect(response.status).toBe(403);
    expect(await countMessages()).toBe(0);
  });
});

describe('GET /api/config/public', () => {
  it('gives no site key when none is configured, and the key when one is', async () => {
    const withoutKey = await createTestApp({ config: { mailDispatchIntervalMs: 0 } });
    try {
      expect((await withoutKey.request().get('/api/config/public')).body).toEqual({ turnstileSiteKey: null });
    } finally {
      await withoutKey.close();
    }
    const withKey = await createTestApp({
      config: { mailDispatchIntervalMs: 0, turnstileSiteKey: '1x00000000000000000000AA' },
    });
    try {
      expect((await withKey.request().get('/api/config/public')).body).toEqual({
        turnstileSiteKey: '1x00000000000000000000AA',
      });
    } finally {
      await withKey.close();
    }
  });
});

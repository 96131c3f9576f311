import { createHmac } from 'node:crypto';
import { leadMessages, messages } from '@northbeam/common';
import { createTestApp, type TestApp } from './helpers/test-app.js';

describe('Newsletter: subscribe, confirm, unsubscribe', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({ config: { mailDispatchIntervalMs: 0, publicUrl: 'https://northbeam.test' } });
  });

  afterAll(async () => {
    await testApp?.close();
  });

  let addressCounter = 0;
  /** Each call speaks from its own client address unless one is given, so the per-address limit stays out of the way. */
  const freshAddress = () => {
    addressCounter += 1;
    return `10.60.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
  };
  const subscribe = (body: unknown, address = freshAddress()) =>
    testApp
      .request()
      .post('/api/subscribe')
      .set('X-Forwarded-For', address)
      .send(body as object);
  const countRows = async (sql: string, parameters: unknown[] = []) =>
    Number((await testApp.dataSource.query<{ n: number }[]>(sql, parameters))[0].n);

  beforeEach(async () => {
    await testApp.dataSource.query('DELETE FROM "rate_limit_counters"');
  });
  const subscriber = async (email: string) =>
    (
      await testApp.dataSource.query(
        'SELECT email, status, source, confirmed_at, unsubscribed_at FROM "subscribers" WHERE email = $1',
        [email],
      )
    )[0];
  const mailsTo = async (email: string) =>
    testApp.dataSource.query(
      'SELECT kind, subject, text_body, html_body, headers FROM "email_outbox" WHERE to_address = $1 ORDER BY created_at',
      [email],
    );
  const confirmToken = (text: string) => /\/newsletter\/confirm\?token=([A-Za-z0-9_%-]+)/.exec(text)?.[1];
  /** The confirm page's button. */
  const confirmByButton = (token: string | undefined) =>
    testApp
      .request()
      .post('/api/newsletter/confirm')
      .send({ token: decodeURIComponent(token ?? '') });

  describe('POST /api/subscribe', () => {
    it('asks for an address when none is given', async () => {
      for (const body of [{}, { email: '' }, { email: '   ' }]) {
        const response = await subscribe(body);
        expect(response.status).toBe(400);
        expect(response.body).toEqual({
          statusCode: 400,
          error: messages.emailRequired,
          fieldErrors: { email: [messages.emailRequired] },
        });
      }
    });

    it('refuses an invalid address', async () => {
      const response = await subscribe({ email: 'not-an-address' });
      expect(response.status).toBe(400);
      expect(response.body.error).toBe(messages.emailInvalid);
    });

    it('creates a pending subscriber with 200, trimmed and lower-cased, and queues one confirmation mail', async () => {
      const response = await subscribe({ email: '  New.Reader@Example.COM ', source: 'labs_blog', page: '/blog/labs' });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ message: leadMessages.subscribeThanks });
      expect(await subscriber('new.reader@example.com')).toMatchObject({
        status: 'pending',
        source: 'labs_blog',
        confirmed_at: null,
      });
      const mails = await mailsTo('new.reader@example.com');
      expect(mails).toHaveLength(1);
      expect(mails[0].kind).toBe('newsletter_confirmation');
      expect(mails[0].text_body).toContain('https://northbeam.test/newsletter/confirm?token=');
      expect(mails[0].text_body).toMatch(
        /https:\/\/northbeam\.test\/unsubscribe\?email=new\.reader%40example\.com&token=[A-Za-z0-9_-]{43}(\s|$)/,
      );
      expect(mails[0].headers['List-Unsubscribe']).toMatch(
        /^<https:\/\/northbeam\.test\/api\/unsubscribe\/one-click\?email=new\.reader%40example\.com&token=[A-Za-z0-9_-]+>$/,
      );
      expect(mails[0].headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    });

    it('answers a known address exactly as a new one (same status and body), without another mail', async () => {
      const response = await subscribe({ email: 'new.reader@example.com' });
      const fresh = await subscribe({ email: 'brand.new@example.com' });
      expect(response.status).toBe(200);
      expect(fresh.status).toBe(200);
      expect(response.body).toEqual({ message: leadMessages.subscribeThanks });
      expect(fresh.text).toBe(response.text);
      expect(fresh.headers['content-type']).toBe(response.headers['content-type']);
      expect(await mailsTo('new.reader@example.com')).toHaveLength(1);
    });

    it('limits one client address to 10 sign-ups an hour with 429 and Retry-After, storing and mailing nothing past it', async () => {
      const address = freshAddress();
      for (let index = 0; index < 10; index += 1) {
        expect((await subscribe({ email: `office${index}@example.com` }, address)).status).toBe(200);
      }
      const refused = await subscribe({ email: 'office10@example.com' }, address);
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ statusCode: 429, error: messages.tooManyRequests });
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(3600);
      expect(await subscriber('office10@example.com')).toBeUndefined();
      expect(await mailsTo('office10@example.com')).toHaveLength(0);
      expect(await countRows(`SELECT count(*)::int AS n FROM "subscribers" WHERE email LIKE 'office%'`)).toBe(10);
      expect((await subscribe({ email: 'office10@example.com' })).status).toBe(200);
    });

    it('limits one inbox to 3 sign-ups an hour from any address, mailing nothing past it', async () => {
      for (let index = 0; index < 3; index += 1) {
        expect((await subscribe({ email: 'flooded@example.com' })).status).toBe(200);
        // Each repeat would mail again once ten minutes have passed.
        await testApp.dataSource.query(
          `UPDATE "subscribers" SET "confirmation_sent_at" = now() - interval '11 minutes' WHERE email = 'flooded@example.com'`,
        );
      }
      expect(await mailsTo('flooded@example.com')).toHaveLength(3);
      const refused = await subscribe({ email: 'flooded@example.com' });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(await mailsTo('flooded@example.com')).toHaveLength(3);
    });

    it('refuses a source outside the list', async () => {
      const response = await subscribe({ email: 'someone@example.com', source: 'spam' });
      expect(response.status).toBe(400);
      expect(Object.keys(response.body.fieldErrors)).toEqual(['source']);
    });

    it('leaves one subscriber and one mail after 50 concurrent subscribes of one address, accepting only the first three', async () => {
      const responses = await Promise.all(
        Array.from({ length: 50 }, () => subscribe({ email: 'rush@example.com', source: 'blog' })),
      );
      const accepted = responses.filter((response) => response.status === 200);
      expect(accepted).toHaveLength(testApp.application.config.subscribeRecipientRateLimitMax);
      expect(responses.filter((response) => response.status === 429)).toHaveLength(50 - accepted.length);
      expect(new Set(accepted.map((response) => response.body.message))).toEqual(
        new Set([leadMessages.subscribeThanks]),
      );
      const rows = await testApp.dataSource.query('SELECT count(*)::int AS n FROM "subscribers" WHERE email = $1', [
        'rush@example.com',
      ]);
      expect(rows[0].n).toBe(1);
      expect(await mailsTo('rush@example.com')).toHaveLength(1);
    });

    it('sends a pending address a new confirmation mail once ten minutes have passed', async () => {
      await subscribe({ email: 'late@example.com' });
      await testApp.dataSource.query(
        `UPDATE "subscribers" SET "confirmation_sent_at" = now() - interval '11 minutes' WHERE email = 'late@example.com'`,
      );
      expect((await subscribe({ email: 'late@example.com' })).status).toBe(200);
      const mails = await mailsTo('late@example.com');
      expect(mails).toHaveLength(2);
      expect(confirmToken(mails[0].text_body)).not.toBe(confirmToken(mails[1].text_body));
    });
  });

  describe('confirming: the confirm page and its button', () => {
    it("leaves the subscription pending when the mailed link is opened, and confirms when the confirm page's button posts", async () => {
      await subscribe({ email: 'confirm.me@example.com' });
      const [mail] = await mailsTo('confirm.me@example.com');
      const token = confirmToken(mail.text_body);
      // Mail scanners open links: opening one (or an old /api link) changes nothing.
      const opened = await testApp.request().get(`/api/newsletter/confirm?token=${token}`);
      expect(opened.status).toBe(302);
      expect(opened.headers.location).toBe(`/newsletter/confirm?token=${token}`);
      expect(await subscriber('confirm.me@example.com')).toMatchObject({ status: 'pending' });

      const confirmed = await confirmByButton(token);
      expect(confirmed.status).toBe(200);
      expect(confirmed.body).toEqual({ message: 'Subscription confirmed' });
      expect(await subscriber('confirm.me@example.com')).toMatchObject({ status: 'confirmed' });
      expect((await confirmByButton(token)).status).toBe(200);
    });

    it('refuses an unknown or missing token with 400 and a sentence, and sends a link without one to the invalid state', async () => {
      const unknown = await confirmByButton('nonsense');
      expect(unknown.status).toBe(400);
      expect(unknown.body.error).toBe('This confirmation link is not valid.');
      const missing = await testApp.request().post('/api/newsletter/confirm').send({});
      expect(missing.status).toBe(400);
      const bare = await testApp.request().get('/api/newsletter/confirm');
      expect(bare.headers.location).toBe('/newsletter/confirm?status=invalid');
    });

    it('does not accept a link older than 30 days', async () => {
      await subscribe({ email: 'stale@example.com' });
      const [mail] = await mailsTo('stale@example.com');
      await testApp.dataSource.query(
        `UPDATE "subscribers" SET "confirmation_sent_at" = now() - interval '31 days' WHERE email = 'stale@example.com'`,
      );
      expect((await confirmByButton(confirmToken(mail.text_body))).status).toBe(400);
      expect(await subscriber('stale@example.com')).toMatchObject({ status: 'pending' });
    });

    it('answers a confirmed address that subscribes again with the same words and no mail', async () => {
      const response = await subscribe({ email: 'confirm.me@example.com' });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ message: leadMessages.subscribeThanks });
      expect(await mailsTo('confirm.me@example.com')).toHaveLength(1);
    });
  });

  describe('GET /api/unsubscribe', () => {
    /** The /unsubscribe page link of a mail, as its address and token (what the page sends back). */
    const pageLink = (text: string) => {
      const url = new URL(/https:\/\/northbeam\.test\/unsubscribe\?\S+/.exec(text)![0]);
      return { email: url.searchParams.get('email')!, token: url.searchParams.get('token')! };
    };
    const unsubscribe = (query: Record<string, string>, address = freshAddress()) =>
      testApp.request().get('/api/unsubscribe').set('X-Forwarded-For', address).query(query);
    const confirmed = async (email: string) => {
      await subscribe({ email });
      const [mail] = await mailsTo(email);
      await confirmByButton(confirmToken(mail.text_body));
      expect(await subscriber(email)).toMatchObject({ status: 'confirmed' });
    };

    it('unsubscribes with the link from a mail: the page sends back the address and its signed token', async () => {
      const [mail] = await mailsTo('confirm.me@example.com');
      const link = pageLink(mail.text_body);
      expect(link).toEqual({ email: 'confirm.me@example.com', token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
      const response = await unsubscribe(link);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ message: leadMessages.unsubscribed, outcome: 'unsubscribed' });
      expect(response.headers['cache-control']).toBe('no-store');
      expect(await subscriber('confirm.me@example.com')).toMatchObject({ status: 'unsubscribed' });
      // A second press of the same link answers the same.
      expect((await unsubscribe(link)).body).toEqual({ message: leadMessages.unsubscribed, outcome: 'unsubscribed' });
    });

    it('no longer unsubscribes without a token: it mails the address a signed link that does', async () => {
      await confirmed('keeper@example.com');
      const response = await unsubscribe({ email: 'Keeper@Example.com' });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ message: leadMessages.unsubscribeLinkSent, outcome: 'link_sent' });
      expect(await subscriber('keeper@example.com')).toMatchObject({ status: 'confirmed', unsubscribed_at: null });
      const mails = await mailsTo('keeper@example.com');
      expect(mails.map((mail: { kind: string }) => mail.kind)).toEqual([
        'newsletter_confirmation',
        'newsletter_unsubscribe_link',
      ]);
      const link = pageLink(mails[1].text_body);
      expect(mails[1].html_body).toContain(`/unsubscribe?email=keeper%40example.com&amp;token=${link.token}`);
      expect((await unsubscribe(link)).status).toBe(200);
      expect(await subscriber('keeper@example.com')).toMatchObject({ status: 'unsubscribed' });
    });

    it('answers an unknown or already unsubscribed address with the same words and mails it nothing', async () => {
      for (const email of ['stranger@example.com', 'keeper@example.com']) {
        const response = await unsubscribe({ email });
        expect(response.status).toBe(200);
        expect(response.body).toEqual({ message: leadMessages.unsubscribeLinkSent, outcome: 'link_sent' });
      }
      expect(await subscriber('stranger@example.com')).toBeUndefined();
      expect(await mailsTo('stranger@example.com')).toHaveLength(0);
      expect(await mailsTo('keeper@example.com')).toHaveLength(2);
    });

    it('refuses a wrong or forged token with 400 and unsubscribes nobody', async () => {
      await confirmed('target@example.com');
      const [otherMail] = await mailsTo('new.reader@example.com');
      const otherToken = pageLink(otherMail.text_body).token;
      const forged = createHmac('sha256', 'a-guessed-secret')
        .update('newsletter-unsubscribe:target@example.com')
        .digest('base64url');
      for (const token of [otherToken, forged, '', 'x', 'x'.repeat(101)]) {
        const response = await unsubscribe({ email: 'target@example.com', token });
        expect(response.status).toBe(400);
        expect(response.body.error).toBe(leadMessages.unsubscribeLinkInvalid);
      }
      expect(await subscriber('target@example.com')).toMatchObject({ status: 'confirmed' });
      expect(await mailsTo('target@example.com')).toHaveLength(1);
    });

    it('limits the mailed links to 10 an hour per client: the 41st request of one client gets 429, and nothing more is mailed', async () => {
      const client = freshAddress();
      for (let index = 0; index < 10; index += 1)
        await confirmed(`reader${String(index).padStart(2, '0')}@lists.example`);
      const statuses: number[] = [];
      for (let index = 0; index < 41; index += 1)
        statuses.push(
          (await unsubscribe({ email: `reader${String(index).padStart(2, '0')}@lists.example` }, client)).status,
        );
      expect(statuses.slice(0, 10)).toEqual(Array.from({ length: 10 }, () => 200));
      expect(statuses.slice(10)).toEqual(Array.from({ length: 31 }, () => 429));
      const refused = await unsubscribe({ email: 'reader00@lists.example' }, client);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
      expect(
        await countRows(`SELECT count(*)::int AS n FROM "email_outbox" WHERE "kind" = 'newsletter_unsubscribe_link'
                           AND "to_address" LIKE '%@lists.example'`),
      ).toBe(10);
      expect(
        await countRows(
          `SELECT count(*)::int AS n FROM "subscribers" WHERE "status" = 'unsubscribed' AND email LIKE '%@lists.example'`,
        ),
      ).toBe(0);
    });

    it('mails one inbox at most 3 links an hour from any client address', async () => {
      await confirmed('flood-target@example.com');
      const statuses: number[] = [];
      for (let index = 0; index < 5; index += 1)
        statuses.push((await unsubscribe({ email: 'flood-target@example.com' })).status);
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      const links = (await mailsTo('flood-target@example.com')).filter(
        (mail: { kind: string }) => mail.kind === 'newsletter_unsubscribe_link',
      );
      expect(links).toHaveLength(3);
    });

    it('refuses a missing or invalid address with 400 and an error', async () => {
      const missing = await testApp.request().get('/api/unsubscribe');
      expect(missing.status).toBe(400);
      expect(missing.body.error).toBe(messages.emailRequired);
      const invalid = await testApp.request().get('/api/unsubscribe?email=nope');
      expect(invalid.status).toBe(400);
      expect(invalid.body.error).toBe(messages.emailInvalid);
    });

    it('lets an unsubscribed address subscribe again through a new confirmation', async () => {
      const response = await subscribe({ email: 'confirm.me@example.com' });
      expect(response.status).toBe(200);
      expect(await subscriber('confirm.me@example.com')).toMatchObject({ status: 'pending' });
      const mails = await mailsTo('confirm.me@example.com');
      expect(mails).toHaveLength(2);
      await confirmByButton(confirmToken(mails[1].text_body));
      expect(await subscriber('confirm.me@example.com')).toMatchObject({ status: 'confirmed' });
    });
  });

  describe('POST /api/unsubscribe/one-click', () => {
    it('unsubscribes with the signed address from the List-Unsubscribe header, posted as a form', async () => {
      const mails = await mailsTo('confirm.me@example.com');
      const target = new URL(/^<(.+)>$/.exec(mails[1].headers['List-Unsubscribe'])![1]);
      const sameSite = await testApp
        .request()
        .post(`${target.pathname}${target.search}`)
        .type('form')
        .send('List-Unsubscribe=One-Click');
      expect(sameSite.status).toBe(200);
      expect(sameSite.body).toEqual({ message: leadMessages.unsubscribed });
      expect(await subscriber('confirm.me@example.com')).toMatchObject({ status: 'unsubscribed' });
    });

    it('unsubscribes when the mail provider posts with its own Origin (RFC 8058): the signed token decides, in any case spelling of the path', async () => {
      for (const [index, path] of ['/api/unsubscribe/one-click', '/API/Unsubscribe/One-Click/'].entries()) {
        const email = `one.click.${index}@example.com`;
        await subscribe({ email });
        const [mail] = await mailsTo(email);
        const target = new URL(/^<(.+)>$/.exec(mail.headers['List-Unsubscribe'])![1]);
        const response = await testApp
          .request()
          .post(`${path}${target.search}`)
          .set('Origin', 'https://mail.example')
          .type('form')
          .send('List-Unsubscribe=One-Click');
        expect({ path, status: response.status, body: response.body }).toEqual({
          path,
          status: 200,
          body: { message: leadMessages.unsubscribed },
        });
        expect(await subscriber(email)).toMatchObject({ status: 'unsubscribed' });
      }
    });

    it('refuses a foreign-Origin one-click post whose token was not signed for the address, by the token check', async () => {
      await subscribe({ email: 'origin.victim@example.com' });
      await subscribe({ email: 'someone.else@example.com' });
      const [mail] = await mailsTo('someone.else@example.com');
      const token = new URL(/^<(.+)>$/.exec(mail.headers['List-Unsubscribe'])![1]).searchParams.get('token')!;
      for (const body of ['List-Unsubscribe=One-Click', '']) {
        const response = await testApp
          .request()
          .post(`/api/unsubscribe/one-click?email=origin.victim%40example.com&token=${token}`)
          .set('Origin', 'https://mail.example')
          .type('form')
          .send(body);
        expect(response.status).toBe(400);
        expect(response.body.error).toBe(leadMessages.unsubscribeLinkInvalid);
      }
      expect(await subscriber('origin.victim@example.com')).toMatchObject({ status: 'pending' });
    });

    it('refuses a token that was not signed for the address', async () => {
      await subscribe({ email: 'victim@example.com' });
      const [mail] = await mailsTo('confirm.me@example.com');
      const token = new URL(/^<(.+)>$/.exec(mail.headers['List-Unsubscribe'])![1]).searchParams.get('token')!;
      const response = await testApp
        .request()
        .post(`/api/unsubscribe/one-click?email=victim%40example.com&token=${token}`)
        .type('form')
        .send('List-Unsubscribe=One-Click');
      expect(response.status).toBe(400);
      expect(response.body.error).toBe(leadMessages.unsubscribeLinkInvalid);
      expect(await subscriber('victim@example.com')).toMatchObject({ status: 'pending' });
    });
  });
});

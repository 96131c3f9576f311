import { jest } from '@jest/globals';
import { SchedulerRegistry } from '@nestjs/schedule';
import { site } from '@northbeam/common';
import { MailDispatcher } from '../src/modules/mail/mail-dispatcher.js';
import { SmtpMailTransport } from '../src/modules/mail/mail-transport.js';
import { MailRepository } from '../src/modules/mail/mail.repository.js';
import { SmtpCatcher } from './helpers/smtp-catcher.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

describe('Mail delivered over SMTP through the outbox', () => {
  const smtp = new SmtpCatcher();
  let testApp: TestApp;
  let dispatcher: MailDispatcher;
  let address = 0;

  beforeAll(async () => {
    await smtp.start();
    testApp = await createTestApp({
      config: {
        smtpUrl: smtp.url,
        mailFrom: 'Northbeam <hello@northbeam.example>',
        contactInbox: 'inbox@northbeam.example',
        publicUrl: 'https://northbeam.test',
        playbookUrl: 'https://northbeam.test/downloads/sme-ai-adoption-playbook.pdf',
        mailDispatchIntervalMs: 0,
        mailRetryBaseMs: 1500,
      },
    });
    dispatcher = testApp.app.get(MailDispatcher);
  });

  afterAll(async () => {
    await testApp?.close();
    await smtp.stop();
  });

  const sendContact = (email: string) => {
    address += 1;
    return testApp
      .request()
      .post('/api/contact')
      .set('X-Forwarded-For', `10.9.0.${address}`)
      .send({
        name: 'Ada <Lovelace>',
        email,
        company: 'Engines & Co',
        service: 'immersive',
        message: 'We need an XR training module for our <factory> floor.',
        consent: true,
        turnstileToken: 'development-fallback-token',
        startedAt: String(Date.now() - 60_000),
      })
      .expect(201);
  };
  const outboxStatus = (email: string) =>
    testApp.dataSource.query('SELECT status, attempts, last_error FROM "email_outbox" WHERE to_address = $1', [email]);

  it('delivers the contact notification and receipt with their headers and both bodies', async () => {
    await sendContact('ada@example.com');
    expect(await dispatcher.dispatchDue()).toEqual({ sent: 2, failed: 0 });

    const [notification] = smtp.to('inbox@northbeam.example');
    expect(notification.headers.from).toBe('Northbeam <hello@northbeam.example>');
    // No address to answer around the record: the staff copy points at the inbox (docs/inbound-mail.md).
    expect(notification.headers['reply-to']).toBeUndefined();
    expect(notification.headers['x-northbeam-enquirer']).toBe('ada@example.com');
    expect(notification.text).toContain('Answer it in the inbox');
    expect(notification.headers.subject).toBe('New enquiry: Immersive (XR and CGI) — Ada <Lovelace>');
    expect(notification.text).toContain('Message: We need an XR training module for our <factory> floor.');
    expect(notification.text).toContain('Company: Engines & Co');
    expect(notification.html).toContain('Ada &lt;Lovelace&gt;');
    expect(notification.html).not.toContain('<factory>');
    expect(notification.html).toContain(site.name);

    const [receipt] = smtp.to('ada@example.com');
    expect(receipt.headers.to).toBe('ada@example.com');
    expect(receipt.headers.subject).toBe(`We received your message — ${site.name}`);
    expect(receipt.text).toContain('reply within 48 hours');
    expect(receipt.html).toContain('<!doctype html>');
    expect(await outboxStatus('ada@example.com')).toEqual([{ status: 'sent', attempts: 1, last_error: null }]);
  });

  it('delivers the newsletter confirmation with a working confirm link and one-click unsubscribe headers', async () => {
    await testApp.request().post('/api/subscribe').send({ email: 'reader@example.com' }).expect(200);
    await dispatcher.dispatchDue();
    const [mail] = smtp.to('reader@example.com');
    expect(mail.headers.subject).toBe(`Confirm your subscription to the ${site.name} newsletter`);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const oneClick = new URL(/^<(.+)>$/.exec(mail.headers['list-unsubscribe'])![1]);
    expect(oneClick.origin + oneClick.pathname).toBe('https://northbeam.test/api/unsubscribe/one-click');
    expect(mail.text).toContain(
      'Unsubscribe at any time: https://northbeam.test/unsubscribe?email=reader%40example.com',
    );
    const pageLink = new URL(/https:\/\/northbeam\.test\/unsubscribe\?\S+/.exec(mail.text)![0]);
    expect(pageLink.searchParams.get('token')).toBe(oneClick.searchParams.get('token'));
    expect(mail.html).toContain(`href="${pageLink.href.replace(/&/g, '&amp;')}"`);

    const confirmUrl = new URL(/(https:\/\/northbeam\.test\/newsletter\/confirm\?token=\S+)/.exec(mail.text)![1]);
    expect(mail.html).toContain(`href="${confirmUrl.href}"`);
    const confirmed = await testApp
      .request()
      .post('/api/newsletter/confirm')
      .send({ token: confirmUrl.searchParams.get('token') });
    expect(confirmed.status).toBe(200);

    const unsubscribed = await testApp
      .request()
      .post(oneClick.pathname + oneClick.search)
      .type('form')
      .send('List-Unsubscribe=One-Click');
    expect(unsubscribed.status).toBe(200);
    const [row] = await testApp.dataSource.query(`SELECT status FROM "subscribers" WHERE email = 'reader@example.com'`);
    expect(row.status).toBe('unsubscribed');
  });

  it('delivers the playbook link', async () => {
    await testApp
      .request()
      .post('/api/playbook-download')
      .send({ email: 'playbook@example.com', page: '/' })
      .expect(201);
    await dispatcher.dispatchDue();
    const [mail] = smtp.to('playbook@example.com');
    expect(mail.headers.subject).toBe(`Your SME AI Adoption Playbook from ${site.name}`);
    expect(mail.text).toContain('Download the playbook: https://northbeam.test/downloads/sme-ai-adoption-playbook.pdf');
    expect(mail.html).toContain('href="https://northbeam.test/downloads/sme-ai-adoption-playbook.pdf"');
  });

  it('claims every other due mail before the copies of a newsletter queued earlier', async () => {
    const [{ id: issueId }] = await testApp.dataSource.query<{ id: string }[]>(
      `INSERT INTO "newsletter_issues" ("subject", "body", "status") VALUES ('Claim order', 'Body', 'sending') RETURNING "id"`,
    );
    await testApp.dataSource.query(
      `INSERT INTO "email_outbox" ("id", "kind", "to_address", "subject", "text_body", "html_body", "newsletter_issue_id", "created_at", "next_attempt_at")
       SELECT gen_random_uuid(), 'newsletter_issue', 'reader-' || n || '@example.com', 's', 't', 'h', $1, now() - interval '1 minute', now() - interval '1 minute'
         FROM generate_series(1, 3) AS n`,
      [issueId],
    );
    await sendContact('queued-after-the-newsletter@example.com');
    const claimed = await testApp.app.get(MailRepository).claimDue(2, 300);
    expect(claimed.map((mail) => mail.newsletterIssueId)).toEqual([null, null]);
    await testApp.dataSource.query(`DELETE FROM "email_outbox"`);
  });

  it('keeps mails while the SMTP server is down and delivers each exactly once when it returns', async () => {
    const port = smtp.port;
    await smtp.stop();
    const before = smtp.mails.length;
    const addresses = Array.from({ length: 15 }, (_, index) => `waiting${index}@example.com`);
    // Each from its own client address: the per-address playbook limit is not what this test is about.
    for (const [index, email] of addresses.entries()) {
      await testApp
        .request()
        .post('/api/playbook-download')
        .set('X-Forwarded-For', `10.64.0.${index + 1}`)
        .send({ email })
        .expect(201);
    }

    expect(await dispatcher.dispatchDue()).toEqual({ sent: 0, failed: 15 });
    const waiting = await testApp.dataSource.query(
      `SELECT status, attempts, last_error, next_attempt_at > now() AS later FROM "email_outbox" WHERE to_address LIKE 'waiting%'`,
    );
    expect(waiting).toHaveLength(15);
    for (const row of waiting) {
      expect(row).toMatchObject({ status: 'pending', attempts: 1, later: true });
      expect(row.last_error).toMatch(/ECONNREFUSED|connect/i);
    }
    // Not yet due: nothing is tried again before the back-off has passed.
    expect(await dispatcher.dispatchDue()).toEqual({ sent: 0, failed: 0 });

    await smtp.start(port);
    // The back-off passes: the rows' next attempt moves into the past instead of the test waiting for it.
    await testApp.dataSource.query(
      `UPDATE "email_outbox" SET "next_attempt_at" = now() - interval '1 second' WHERE to_address LIKE 'waiting%'`,
    );
    // Two dispatchers, as two instances of the site would run them, compete for the same rows.
    const second = new MailDispatcher(
      testApp.application.config,
      new SmtpMailTransport(smtp.url),
      testApp.app.get(MailRepository),
      testApp.app.get(SchedulerRegistry),
    );
    const results = await Promise.all([dispatcher.dispatchDue(), second.dispatchDue(), dispatcher.dispatchDue()]);
    await second.onApplicationShutdown();
    // A call while this process is already dispatching joins that run instead of starting another.
    expect(results[2]).toBe(results[0]);
    expect(results[0].sent + results[1].sent).toBe(15);

    const delivered = smtp.mails.slice(before).flatMap((mail) => mail.envelopeTo);
    expect(delivered.sort()).toEqual([...addresses].sort());
    const rows = await testApp.dataSource.query(
      `SELECT status, attempts, last_error FROM "email_outbox" WHERE to_address LIKE 'waiting%'`,
    );
    expect(
      rows.every(
        (row: { status: string; attempts: number; last_error: string | null }) =>
          row.status === 'sent' && row.attempts === 2 && row.last_error === null,
      ),
    ).toBe(true);
    expect(await dispatcher.dispatchDue()).toEqual({ sent: 0, failed: 0 });
    expect(smtp.mails.length - before).toBe(15);
  });
});

describe('Mail without SMTP_URL', () => {
  it('writes each mail to the log and marks it sent', async () => {
    const testApp = await createTestApp({ config: { mailDispatchIntervalMs: 0 } });
    try {
      await testApp.request().post('/api/playbook-download').send({ email: 'logged@example.com' }).expect(201);
      expect(await testApp.app.get(MailDispatcher).dispatchDue()).toEqual({ sent: 1, failed: 0 });
      const rows = await testApp.dataSource.query(`SELECT status, sent_at IS NOT NULL AS stamped FROM "email_outbox"`);
      expect(rows).toEqual([{ status: 'sent', stamped: true }]);
    } finally {
      await testApp.close();
    }
  });

  it('sends due mails on its own schedule', async () => {
    // The dispatcher's timer is taken from setInterval and fired by the test: an interval of an hour
    // that never elapses on its own.
    const intervalMs = 3_600_017;
    const setIntervalSpy = jest.spyOn(globalThis, 'setInterval');
    const testApp = await createTestApp({ config: { mailDispatchIntervalMs: intervalMs } });
    try {
      const scheduled = setIntervalSpy.mock.calls.filter(([, delay]) => delay === intervalMs);
      expect(scheduled).toHaveLength(1);
      await testApp.request().post('/api/playbook-download').send({ email: 'scheduled@example.com' }).expect(201);
      expect((await testApp.dataSource.query(`SELECT status FROM "email_outbox"`))[0].status).toBe('pending');

      const [tick] = scheduled[0];
      tick();
      // A direct call while the scheduled run is going joins it.
      await testApp.app.get(MailDispatcher).dispatchDue();

      expect((await testApp.dataSource.query(`SELECT status FROM "email_outbox"`))[0].status).toBe('sent');
    } finally {
      setIntervalSpy.mockRestore();
      await testApp.close();
    }
  });
});

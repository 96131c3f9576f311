import type { SchedulerRegistry } from '@nestjs/schedule';
import type { AppConfig } from '../../core/config/config.js';
import { MailDispatcher, newsletterMailsPerSecond, retryDelayMs } from './mail-dispatcher.js';
import { sendConcurrency, type MailTransport } from './mail-transport.js';
import type { ClaimedMail, MailRepository } from './mail.repository.js';
import { renderMail } from './mail-layout.js';

describe('retryDelayMs', () => {
  it('doubles the first delay with each failed attempt', () => {
    expect([1, 2, 3, 4].map((attempts) => retryDelayMs(attempts, 30_000))).toEqual([30_000, 60_000, 120_000, 240_000]);
  });

  it('never waits longer than an hour', () => {
    expect(retryDelayMs(30, 30_000)).toBe(60 * 60 * 1000);
  });
});

describe('renderMail', () => {
  it('escapes what visitors typed in the HTML body and keeps it verbatim in the text body', () => {
    const mail = renderMail({
      preview: 'p',
      heading: 'Hi <b>',
      paragraphs: ['a & b'],
      details: [{ label: 'Message', value: '<script>x</script>' }],
    });
    expect(mail.html).toContain('Hi &lt;b&gt;');
    expect(mail.html).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(mail.html).not.toContain('<script>');
    expect(mail.text).toContain('Message: <script>x</script>');
  });
});

describe(MailDispatcher.name, () => {
  const claimed = (count: number): ClaimedMail[] =>
    Array.from({ length: count }, (_, index) => ({
      id: `mail-${index}`,
      kind: 'newsletter_issue',
      toAddress: `reader-${index}@example.com`,
      subject: 'Issue',
      textBody: 'Text',
      htmlBody: '<p>Text</p>',
      headers: {},
      attempts: 1,
      newsletterIssueId: 'issue-1',
    }));

  /** A dispatcher over a fake outbox holding `mails`, and an SMTP server that answers after a tick. */
  function dispatcherFor(mails: ClaimedMail[], failFor: Set<string> = new Set()) {
    const clock = { ms: 0, waited: 0 };
    const due = [...mails];
    const sent: string[] = [];
    const failed: string[] = [];
    const inFlight = { now: 0, most: 0 };
    const transport: MailTransport = {
      kind: 'smtp',
      async send(_from, mail) {
        inFlight.now += 1;
        inFlight.most = Math.max(inFlight.most, inFlight.now);
        await new Promise((resolve) => setTimeout(resolve, 5));
        inFlight.now -= 1;
        if (failFor.has(mail.id)) throw new Error('421 Service not available');
      },
      close() {},
    };
    const repository = {
      claimDue: (limit: number) => Promise.resolve(due.splice(0, limit)),
      cancelUnsubscribed: () => Promise.resolve(new Set<string>()),
      markSent: (id: string) => Promise.resolve(void sent.push(id)),
      markFailed: (id: string) => Promise.resolve(void failed.push(id)),
    } as unknown as MailRepository;
    const config = { mailDispatchIntervalMs: 0, mailRetryBaseMs: 30_000, mailFrom: 'site@example.com' } as AppConfig;
    const dispatcher = new MailDispatcher(config, transport, repository, {} as SchedulerRegistry);
    // A clock of its own: sending takes no time on it, and a wait moves it on.
    dispatcher.now = () => clock.ms;
    dispatcher.wait = (ms) => {
      clock.ms += ms;
      clock.waited += ms;
      return Promise.resolve();
    };
    return { dispatcher, sent, failed, inFlight, clock };
  }

  it(`sends a batch ${sendConcurrency} mails at a time, each once`, async () => {
    const { dispatcher, sent, inFlight } = dispatcherFor(claimed(120));
    await expect(dispatcher.dispatchDue()).resolves.toEqual({ sent: 120, failed: 0 });
    expect(new Set(sent).size).toBe(120);
    expect(inFlight.most).toBe(sendConcurrency);
  });

  it(`paces newsletter copies at ${newsletterMailsPerSecond} a second`, async () => {
    const { dispatcher, sent, clock } = dispatcherFor(claimed(320));
    await expect(dispatcher.dispatchDue()).resolves.toEqual({ sent: 320, failed: 0 });
    expect(new Set(sent).size).toBe(320);
    // Six full batches of 50 went out before the last, short one: 300 copies at the pace.
    expect(clock.waited).toBeCloseTo((300 / newsletterMailsPerSecond) * 1000, 6);
  });

  it('never holds back other mails', async () => {
    const notifications = claimed(320).map((mail) => ({
      ...mail,
      kind: 'contact_notification',
      newsletterIssueId: null,
    }));
    const { dispatcher, clock } = dispatcherFor(notifications);
    await expect(dispatcher.dispatchDue()).resolves.toEqual({ sent: 320, failed: 0 });
    expect(clock.waited).toBe(0);
  });

  it('records a refused mail for a retry and goes on with the others', async () => {
    const { dispatcher, sent, failed } = dispatcherFor(claimed(12), new Set(['mail-3', 'mail-7']));
    await expect(dispatcher.dispatchDue()).resolves.toEqual({ sent: 10, failed: 2 });
    expect(failed.sort()).toEqual(['mail-3', 'mail-7']);
    expect(sent).not.toContain('mail-3');
  });
});

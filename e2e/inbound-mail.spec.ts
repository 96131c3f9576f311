import { DovecotServer, rawMail } from '../backend/test/helpers/dovecot';
import { leadMessages } from '../common/src/lead-capture';
import { expect, test } from './fixtures';
import { giveConsent } from './helpers/consent';
import { MailSite, signIn, signOut } from './helpers/mail-site';
import { freePort, repositoryRoot } from './helpers/server-process';

/**
 * The connected mailbox in the browser (docs/inbound-mail.md), against a server of its own that sends
 * its mail to a real SMTP server and polls a real IMAP server (Dovecot, started here in a temporary
 * folder): a reply sent from the inbox carries the enquiry's Reply-To; the enquirer's answer, put into
 * the mailbox with IMAP APPEND, shows on the enquiry after one poll, which is then "Awaiting us", and the
 * assignee's bell says so; a mail that names no enquiry waits in Unmatched until an admin dismisses it.
 */
const admin = { email: 'mailbox-owner@northbeam.example', password: 'mailbox-owner-password-0123' };
const consultant = {
  email: 'ines.mailbox@northbeam.example',
  password: 'ines-mailbox-password-0123',
  name: 'Ines Mailbox',
};
const visitor = {
  name: `Jo Bloggs-${Date.now().toString(36)}`,
  email: 'jo@visitor.example',
  message: 'Could you help us plan an AI pilot for our warehouse?',
};

const port = await freePort();
/** The shortest poll interval the configuration allows: an answer shows within one. */
const pollSeconds = 10;

test.describe('Answers from the connected mailbox', () => {
  test.describe.configure({ mode: 'serial', timeout: 180_000 });
  test.beforeEach(async ({ page }) => giveConsent(page));
  const site = new MailSite({ name: 'inbound-mail', port, admin, consultant });
  const catcher = site.catcher;
  const dovecot = new DovecotServer();

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    await dovecot.start();
    await site.start({ INBOUND_IMAP_URL: dovecot.url, INBOUND_POLL_SECONDS: String(pollSeconds) });
  });

  test.afterAll(async () => {
    await site.stop();
    await dovecot.destroy();
  });

  test.use({ baseURL: `http://127.0.0.1:${port}` });

  test('the enquirer’s answer arrives on the enquiry within one poll, awaiting us, and the assignee is told', async ({
    page,
  }) => {
    await page.clock.setFixedTime(new Date(Date.now() - 60_000));
    await page.goto('/contact');
    const form = page.getByTestId('contact-form');
    await form.getByLabel('Name').fill(visitor.name);
    await form.getByLabel('Email').fill(visitor.email);
    await form.getByLabel('Message').fill(visitor.message);
    await form.getByLabel(leadMessages.consentLabel).check();
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByTestId('toast')).toContainText(leadMessages.contactSentTitle);
    await page.clock.setFixedTime(new Date());
    const fullName = visitor.name;

    // The staff copy points at the record and carries no address to answer around it.
    const staffCopies = () => catcher.mails.filter((mail) => mail.headers.subject?.startsWith('New enquiry'));
    await expect.poll(() => staffCopies().length, { timeout: 20_000 }).toBe(1);
    const staffCopy = staffCopies()[0];
    expect(staffCopy.text).toContain('Answer it in the inbox');
    expect(staffCopy.headers['reply-to']).toBeUndefined();

    // An admin saves a template with {firstName}, assigns the enquiry, and replies from it.
    await signIn(page, admin);
    await page.goto('/admin/reply-templates');
    await page.getByRole('link', { name: 'New template' }).click();
    await page.getByLabel('Name').fill('Greeting');
    await page.getByLabel('Text').fill('Hi {company},');
    await page.getByRole('button', { name: 'Create template' }).click();
    await expect(page.getByText('Unknown placeholder {company}')).toBeVisible();
    await page.getByLabel('Text').fill('Hi {firstName},\n\nThank you for asking about {service}.');
    await page.getByRole('button', { name: 'Create template' }).click();
    await expect(page).toHaveURL('/admin/reply-templates');

    await page.goto('/admin/enquiries');
    await page.getByLabel('Search enquiries').fill(visitor.name);
    // The search lands in the address first: a click before it would be undone by the search's navigation.
    await expect(page).toHaveURL(/[?&]q=Jo/);
    await expect(page.getByTestId('enquiry-row')).toHaveCount(1);
    await page.getByTestId('enquiry-row').first().click();
    await expect(page.getByRole('heading', { level: 1, name: fullName })).toBeVisible();
    await page.getByLabel('Assignee', { exact: true }).selectOption({ label: consultant.name });
    await expect(page.getByTestId('toast')).toContainText(`Assigned to ${consultant.name}`);
    const enquiryPath = new URL(page.url()).pathname;
    const replyForm = page.getByTestId('reply-form');
    await replyForm.getByLabel('Start from a template').selectOption({ label: 'Greeting' });
    const body = replyForm.getByLabel(`Reply to ${visitor.email}`);
    await expect(body).toHaveValue(/^Hi Jo,\n\nThank you for asking about/);
    await replyForm.getByRole('button', { name: 'Send reply' }).click();
    await expect(page.getByTestId('enquiry-status')).toHaveText('Replied');

    // The visitor's copy: Reply-To the enquiry's address on the connected mailbox, our Message-ID.
    await expect.poll(() => catcher.to(visitor.email).filter((mail) => mail.text.includes('Hi Jo,')).length).toBe(1);
    const reply = catcher.to(visitor.email).find((mail) => mail.text.includes('Hi Jo,'))!;
    const replyTo = /<?([^<>\s]+@[^<>\s]+)>?$/.exec(reply.headers['reply-to'])![1];
    expect(replyTo).toMatch(/^replies\+[a-z0-9]{24}@northbeam\.test$/);
    const messageId = reply.headers['message-id'];
    expect(messageId).toContain(replyTo.slice(8, 32));
    await signOut(page);

    // The enquirer answers; the mail server delivers it into the mailbox.
    await dovecot.append(
      rawMail({
        from: `${fullName} <${visitor.email}>`,
        to: replyTo,
        subject: 'Re: Your enquiry to Northbeam',
        headers: { 'In-Reply-To': messageId, References: messageId },
        text: 'Tuesday at 10 suits us.\n\nOn Sat, Northbeam wrote:\n> Hi Jo,',
      }),
    );

    // The consultant is told by the bell, and finds the answer on the enquiry, awaiting us.
    await signIn(page, consultant);
    // Unread: the assignment, and (after one poll) the answer.
    await expect
      .poll(
        async () => {
          const answer = await page.request.get('/api/admin/notifications');
          return ((await answer.json()) as { items: { title: string }[] }).items.map((item) => item.title).join('\n');
        },
        { timeout: (pollSeconds + 20) * 1000, intervals: [2000] },
      )
      .toContain(`${fullName} answered: Re: Your enquiry to Northbeam`);
    await page.reload();
    await expect(page.getByTestId('notification-count')).toHaveText('2');
    await page.getByTestId('notification-bell').click();
    const notice = page.getByTestId('notification-item').filter({ hasText: 'answered' });
    await expect(notice).toContainText(`${fullName} answered: Re: Your enquiry to Northbeam`);
    await notice.click();
    await expect(page).toHaveURL(enquiryPath);
    // Opening the notice brings the count down at once.
    await expect(page.getByTestId('notification-count')).toHaveText('1');
    const answer = page.getByTestId('enquiry-answer');
    await expect(answer).toHaveCount(1);
    await expect(answer).toContainText('Tuesday at 10 suits us.');
    await expect(answer.getByTestId('answer-text')).not.toContainText('Hi Jo,');
    await answer.getByText('Show quoted history').click();
    await expect(answer).toContainText('> Hi Jo,');
    await expect(page.getByTestId('enquiry-status')).toHaveText('Awaiting us');

    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({
        path: `${repositoryRoot}/test-results/inbound-mail-enquiry-${width}.png`,
        fullPage: true,
      });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/admin/enquiries');
    await expect(page.getByTestId('enquiry-waited').first()).toContainText('Waiting');
    await page.screenshot({ path: `${repositoryRoot}/test-results/inbound-mail-list-1280.png`, fullPage: true });
    await signOut(page);
  });

  test('a mail that names no enquiry waits in Unmatched, shown on the dashboard, until an admin dismisses it', async ({
    page,
  }) => {
    await dovecot.append(
      rawMail({
        from: 'stranger@elsewhere.example',
        to: dovecot.user,
        subject: 'A question out of the blue',
        html: '<p>Hello <b>there</b></p><script>window.hacked = true</script>',
      }),
    );
    await signIn(page, admin);
    await expect
      .poll(
        async () => {
          await page.goto('/admin');
          return (await page.getByTestId('mailbox-unmatched').textContent()) ?? '';
        },
        { timeout: (pollSeconds + 20) * 1000, intervals: [2000] },
      )
      .toContain('Unmatched mail: 1');
    await expect(page.getByTestId('mailbox-status')).toHaveAttribute('data-state', 'ok');
    await page.getByTestId('mailbox-unmatched').click();
    await expect(page).toHaveURL('/admin/enquiries/unmatched');
    const mail = page.getByTestId('unmatched-mail');
    await expect(mail).toHaveCount(1);
    await expect(mail.getByTestId('answer-html')).toContainText('Hello there');
    expect(await page.evaluate(() => (window as unknown as { hacked?: boolean }).hacked)).toBeUndefined();
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({
        path: `${repositoryRoot}/test-results/inbound-mail-unmatched-${width}.png`,
        fullPage: true,
      });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await mail.getByTestId('dismiss-mail').click();
    await expect(page.getByTestId('unmatched-empty')).toBeVisible();
  });
});

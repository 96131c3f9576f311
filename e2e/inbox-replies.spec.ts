import { leadMessages } from '../common/src/lead-capture';
import { expect, test } from './fixtures';
import { giveConsent } from './helpers/consent';
import { MailSite, signIn, signOut } from './helpers/mail-site';
import { freePort } from './helpers/server-process';

/**
 * Answering an enquiry from the inbox, against a server of its own that sends its mail to a real SMTP
 * server in the test: an admin saves a reply template and assigns a visitor's enquiry; the consultant
 * sees the assignment under the bell (opening it marks it read), answers from the enquiry's screen,
 * and the reply reaches the visitor's mailbox with Reply-To the consultant and shows in the timeline.
 */
const admin = { email: 'inbox-owner@northbeam.example', password: 'inbox-owner-password-0123' };
const consultant = { email: 'ines.reply@northbeam.example', password: 'ines-reply-password-0123', name: 'Ines Reply' };
const visitor = {
  name: `Rhea Replied ${Date.now().toString(36)}`,
  email: 'rhea@visitor.example',
  message: 'Could you help us plan an AI pilot for our warehouse?',
};

/** Chosen when the file loads, so that every test's base address can name it. */
const port = await freePort();

test.describe('Replies from the inbox', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });
  test.beforeEach(async ({ page }) => giveConsent(page));
  const site = new MailSite({ name: 'inbox-replies', port, admin, consultant });
  const catcher = site.catcher;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    await site.start();
  });

  test.afterAll(async () => site.stop());

  test.use({ baseURL: `http://127.0.0.1:${port}` });

  test('a consultant answers an enquiry from the inbox: the visitor gets the reply and the timeline shows it', async ({
    page,
  }) => {
    // The server holds a form sent under three seconds after the page loaded as spam: the page's clock starts a minute early.
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

    // The admin saves a template, then gives the enquiry to the consultant.
    await signIn(page, admin);
    await page.goto('/admin/enquiries');
    await page.getByTestId('reply-templates-link').click();
    await expect(page).toHaveURL('/admin/reply-templates');
    await expect(page.getByTestId('reply-templates-empty')).toBeVisible();
    await page.getByRole('link', { name: 'New template' }).click();
    await page.getByLabel('Name').fill('Pilot planning');
    await page.getByLabel('Text').fill('Dear {name},\n\nThank you for asking about a pilot. We would love to help.');
    await page.getByRole('button', { name: 'Create template' }).click();
    await expect(page).toHaveURL('/admin/reply-templates');
    await expect(page.getByTestId('reply-template-row')).toHaveCount(1);
    await expect(page.getByTestId('reply-template-row')).toContainText('Pilot planning');

    await page.goto('/admin/enquiries');
    await page.getByLabel('Search enquiries').fill(visitor.name);
    await expect(page).toHaveURL(/[?&]q=Rhea/);
    await expect(page.getByTestId('enquiry-row')).toHaveCount(1);
    await page.getByTestId('enquiry-row').first().click();
    await expect(page.getByRole('heading', { level: 1, name: visitor.name })).toBeVisible();
    await page.getByLabel('Assignee', { exact: true }).selectOption({ label: consultant.name });
    await expect(page.getByTestId('toast')).toContainText(`Assigned to ${consultant.name}`);
    const enquiryPath = new URL(page.url()).pathname;
    await signOut(page);

    // The consultant's bell holds the assignment, unread; opening it leads to the enquiry and marks it read.
    await signIn(page, consultant);
    const bell = page.getByTestId('notification-bell');
    await expect(page.getByTestId('notification-count')).toHaveText('1');
    await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
    await bell.click();
    const item = page.getByTestId('notification-item');
    await expect(item).toHaveCount(1);
    await expect(item).toHaveAttribute('data-read', 'false');
    await expect(item).toContainText(`assigned you the enquiry from ${visitor.name}`);
    await item.click();
    await expect(page).toHaveURL(enquiryPath);
    await expect(page.getByTestId('notification-count')).toHaveCount(0);
    await bell.click();
    await expect(page.getByTestId('notification-item')).toHaveAttribute('data-read', 'true');
    await page.keyboard.press('Escape');

    // The reply starts from the template, is changed, and is sent.
    const replyForm = page.getByTestId('reply-form');
    await replyForm.getByLabel('Start from a template').selectOption({ label: 'Pilot planning' });
    const body = replyForm.getByLabel(`Reply to ${visitor.email}`);
    await expect(body).toHaveValue(
      `Dear ${visitor.name},\n\nThank you for asking about a pilot. We would love to help.`,
    );
    await body.fill(`${await body.inputValue()}\n\nCould we talk on Tuesday?`);
    await replyForm.getByRole('button', { name: 'Send reply' }).click();
    await expect(page.getByTestId('toast')).toContainText(`Reply sent to ${visitor.email}`);
    const timeline = page.getByTestId('enquiry-reply');
    await expect(timeline).toHaveCount(1);
    await expect(timeline).toContainText(consultant.name);
    await expect(timeline).toContainText('Could we talk on Tuesday?');
    await expect(page.getByTestId('enquiry-status')).toHaveText('Replied');

    // The visitor's mailbox: from the site, Reply-To the consultant.
    await expect
      .poll(() => catcher.to(visitor.email).filter((mail) => mail.text.includes('Could we talk on Tuesday?')).length, {
        timeout: 20_000,
      })
      .toBe(1);
    const reply = catcher.to(visitor.email).find((mail) => mail.text.includes('Could we talk on Tuesday?'))!;
    expect(reply.headers['reply-to']).toBe(`${consultant.name} <${consultant.email}>`);
    expect(reply.headers.subject).toBe('Your enquiry to Northbeam');
    expect(reply.text).toContain('Thank you for asking about a pilot.');
  });
});

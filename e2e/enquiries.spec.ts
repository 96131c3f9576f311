import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { leadMessages } from '../common/src/lead-capture';
import { expect, test, type Page } from './fixtures';
import { createConsultantWithCli } from './helpers/staff-accounts';

/**
 * The enquiries inbox: an enquiry sent through the public contact form reaches the inbox, where an
 * admin finds it by search, assigns it to a consultant, adds a note and closes it.
 */
const admin = { email: process.env.E2E_ADMIN_EMAIL!, password: process.env.E2E_ADMIN_PASSWORD! };
const consultant = {
  email: 'e2e-inbox-consultant@northbeam.example',
  password: 'inbox-consultant-42',
  name: 'Ines Inbox',
};
const enquirer = {
  name: `Enid Enquirer ${Date.now().toString(36)}`,
  email: 'enid@example.com',
  company: 'Enid Engines Ltd',
  message: 'We would like help choosing where AI fits in our support desk.',
};

async function signIn(page: Page, account: { email: string; password: string }) {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/admin/login'));
}

test.describe.configure({ mode: 'serial' });

let clientNumber = 0;
/**
 * Each contact call of a test speaks from its own client address (the server trusts X-Forwarded-For
 * from loopback): a retry of this serial group sends its forms again, and one address would meet the
 * contact form's limit of 5 in 10 minutes.
 */
function ownClientAddress(): string {
  clientNumber += 1;
  return `203.0.113.${100 + clientNumber}`;
}

async function sendContactFromOwnAddress(page: Page) {
  const address = ownClientAddress();
  await page.route('**/api/contact', (route) =>
    route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': address } }),
  );
}

test.describe('Enquiries inbox', () => {
  test.beforeAll(() => createConsultantWithCli(consultant));

  test('an enquiry sent through the contact form appears in the inbox, is assigned, annotated and closed', async ({
    page,
  }) => {
    // The whole loop in one test, from the contact form to a closed enquiry: the slow-test allowance.
    test.slow();
    // The server holds a form sent under three seconds after the page loaded as spam: the page's clock starts a minute early.
    await page.clock.setFixedTime(new Date(Date.now() - 60_000));
    await sendContactFromOwnAddress(page);
    await page.goto('/contact');
    const form = page.getByTestId('contact-form');
    await form.getByLabel('Name').fill(enquirer.name);
    await form.getByLabel('Email').fill(enquirer.email);
    await form.getByLabel('Company (optional)').fill(enquirer.company);
    await form.getByLabel('Service interest (optional)').selectOption('consulting');
    await form.getByLabel('Message').fill(enquirer.message);
    await form.getByLabel(leadMessages.consentLabel).check();
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByTestId('toast')).toContainText(leadMessages.contactSentTitle);
    await page.clock.setFixedTime(new Date());

    await signIn(page, admin);
    const card = page.getByTestId('card-enquiries');
    await expect(card).toBeVisible();
    expect(
      Number(await card.getByTestId('enquiries-new').locator('.tabular-nums').textContent()),
    ).toBeGreaterThanOrEqual(1);

    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Enquiries' }).click();
    await expect(page).toHaveURL('/admin/enquiries');
    await page.getByLabel('Search enquiries').fill(enquirer.name);
    await expect(page).toHaveURL(/[?&]q=Enid/);
    const rows = page.getByTestId('enquiry-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(enquirer.company);
    await expect(rows.first().getByTestId('enquiry-status')).toHaveText('New');
    await page.getByLabel('Service', { exact: true }).selectOption('consulting');
    await expect(page).toHaveURL(/service=consulting/);
    await expect(rows).toHaveCount(1);
    await expect(page.getByTestId('enquiries-csv')).toHaveAttribute(
      'href',
      /\/api\/admin\/enquiries\.csv\?.*service=consulting/,
    );

    await rows.first().click();
    await expect(page.getByRole('heading', { level: 1, name: enquirer.name })).toBeVisible();
    await expect(page.getByTestId('enquiry-message')).toHaveText(enquirer.message);

    await page.getByLabel('Assignee', { exact: true }).selectOption({ label: consultant.name });
    await expect(page.getByTestId('toast')).toContainText(`Assigned to ${consultant.name}`);

    await page.getByLabel('Add a note').fill('Called them back; they send a brief on Friday.');
    await page.getByRole('button', { name: 'Add note' }).click();
    await expect(page.getByTestId('enquiry-notes').getByRole('listitem')).toHaveCount(1);
    await expect(page.getByTestId('enquiry-notes')).toContainText('Called them back; they send a brief on Friday.');

    await page.getByLabel('Status', { exact: true }).selectOption('closed');
    await expect(page.getByTestId('toast')).toContainText('Status set to Closed');
    await expect(page.getByTestId('enquiry-status')).toHaveText('Closed');

    await page.getByRole('link', { name: 'All enquiries' }).click();
    await page.getByLabel('Status', { exact: true }).selectOption('closed');
    await page.getByLabel('Search enquiries').fill(enquirer.name);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(consultant.name);
    await page.screenshot({ path: test.info().outputPath('enquiries-1280.png'), fullPage: true });

    const activity = await page.request.get('/api/admin/activity?action=enquiry.assigned');
    expect(((await activity.json()) as { items: { targetLabel: string }[] }).items[0].targetLabel).toBe(
      `${enquirer.name} → ${consultant.name}`,
    );
  });

  test('every reply template is reachable from the reply form: past the first page, and by a search', async ({
    page,
  }) => {
    // Twenty templates made through the API, then the picker paged and searched: long on a busy machine.
    test.slow();
    // More templates than one page of the list holds, named to sort after any other template.
    const run = Date.now().toString(36);
    const names = Array.from({ length: 20 }, (_, index) => `Zz picker ${run} ${String(index + 1).padStart(2, '0')}`);
    await signIn(page, admin);
    for (const name of names) {
      const created = await page.request.post('/api/admin/reply-templates', {
        data: { name, body: `Dear {name},\n\nThis is ${name}.` },
      });
      expect(created.status()).toBe(201);
    }
    const last = names[names.length - 1];

    await page.goto(`/admin/enquiries?q=${encodeURIComponent(enquirer.name)}&status=closed`);
    await page.getByTestId('enquiry-row').first().click();
    await expect(page.getByRole('heading', { level: 1, name: enquirer.name })).toBeVisible();
    const replyForm = page.getByTestId('reply-form');
    const picker = replyForm.getByLabel('Start from a template');
    const options = picker.locator('option');
    await expect(options).toHaveCount(16);
    await expect(picker.locator('option', { hasText: last })).toHaveCount(0);

    // "More templates" reads the next pages, until every template is listed.
    const more = replyForm.getByRole('button', { name: 'More templates' });
    while (await more.isVisible()) {
      const before = await options.count();
      await more.click();
      await expect.poll(() => options.count()).toBeGreaterThan(before);
    }
    const total = Number(
      (await replyForm.getByTestId('reply-template-count').textContent())!.split(' of ')[1].split(' ')[0],
    );
    await expect(options).toHaveCount(total + 1);
    await expect(picker.locator('option', { hasText: last })).toHaveCount(1);

    // A search asks the server: the one template whose name holds it.
    await replyForm.getByLabel('Search reply templates').fill(`picker ${run} 20`);
    await expect(options).toHaveCount(2);
    await expect(replyForm.getByTestId('reply-template-count')).toHaveText('1 of 1 found');
    await picker.selectOption({ label: last });
    await expect(replyForm.getByLabel(`Reply to ${enquirer.email}`)).toHaveValue(
      `Dear ${enquirer.name},\n\nThis is ${last}.`,
    );
    await page.screenshot({ path: test.info().outputPath('reply-template-picker-1280.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await replyForm.screenshot({ path: test.info().outputPath('reply-template-picker-390.png') });
  });

  test('a form sent faster than a person can is held under Spam: counted on the dashboard, listed there and rescued', async ({
    page,
  }) => {
    const hurried = `Harry Hurried ${Date.now().toString(36)}`;
    const sent = await page.request.post('/api/contact', {
      headers: { 'x-forwarded-for': ownClientAddress() },
      data: {
        name: hurried,
        email: 'harry@example.com',
        message: 'A genuine question typed by someone very quick on the keyboard.',
        consent: true,
        turnstileToken: 'development-fallback-token',
        website: '',
        startedAt: String(Date.now()),
      },
    });
    expect(sent.status()).toBe(201);
    expect(await sent.json()).toEqual({ message: leadMessages.contactSent });

    await signIn(page, admin);
    const spam = page.getByTestId('card-enquiries').getByTestId('enquiries-spam');
    await expect(spam).toContainText('Suspected spam');
    expect(Number(await spam.locator('.tabular-nums').textContent())).toBeGreaterThanOrEqual(1);
    await spam.click();
    await expect(page).toHaveURL('/admin/enquiries?status=spam');
    const row = page.getByTestId('enquiry-row').filter({ hasText: hurried });
    await expect(row.getByTestId('enquiry-status')).toHaveText('Spam');
    await row.click();
    await expect(page.getByRole('heading', { level: 1, name: hurried })).toBeVisible();
    await expect(page.getByTestId('enquiry-message')).toHaveText(
      'A genuine question typed by someone very quick on the keyboard.',
    );
    await page.getByLabel('Status', { exact: true }).selectOption('new');
    await expect(page.getByTestId('toast')).toContainText('Status set to New');
    await expect(page.getByTestId('enquiry-status')).toHaveText('New');
  });

  test('the consultant finds the enquiry in their own inbox, as a card at phone width', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, consultant);
    await page.getByTestId('admin-bar').getByRole('button', { name: 'Menu', exact: true }).click();
    await page.getByTestId('admin-menu').getByRole('link', { name: 'Enquiries' }).click();
    await expect(page).toHaveURL('/admin/enquiries');
    const rows = page.getByTestId('enquiry-row');
    // Only what is assigned to them: this file's enquiries (a retry of the file leaves its first try's).
    await expect(rows.filter({ hasText: enquirer.name })).toHaveCount(1);
    for (const text of await rows.allTextContents()) expect(text).toContain('Enid Enquirer');
    const box = await rows.first().boundingBox();
    expect(box!.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: test.info().outputPath('enquiries-390.png'), fullPage: true });
    await rows.filter({ hasText: enquirer.name }).click();
    await expect(page.getByTestId('enquiry-notes')).toContainText('Called them back');
    // A consultant may change the status but not reassign: the assignee is shown as text.
    await expect(page.getByRole('combobox', { name: 'Assignee' })).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: test.info().outputPath('enquiry-390.png'), fullPage: true });
  });

  test('the CSV export opens in a spreadsheet as sent: a byte-order mark, "£" and "—" intact, UK dates', async ({
    page,
  }) => {
    // A visitor's form, a sign-in and a download in one flow: past 30 s on a busy machine.
    test.slow();
    const sender = { name: `Priya Pound ${Date.now().toString(36)}`, company: 'Pound & Dash — £ Ltd' };
    await page.clock.setFixedTime(new Date(Date.now() - 60_000));
    await sendContactFromOwnAddress(page);
    await page.goto('/contact');
    const form = page.getByTestId('contact-form');
    await form.getByLabel('Name').fill(sender.name);
    await form.getByLabel('Email').fill('priya@example.com');
    await form.getByLabel('Company (optional)').fill(sender.company);
    await form.getByLabel('Message').fill('A budget of £40,000 — spread over two quarters.');
    await form.getByLabel(leadMessages.consentLabel).check();
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByTestId('toast')).toContainText(leadMessages.contactSentTitle);
    await page.clock.setFixedTime(new Date());

    await signIn(page, admin);
    await page.goto(`/admin/enquiries?q=${encodeURIComponent(sender.name)}`);
    await expect(page.getByTestId('enquiry-row')).toHaveCount(1);
    const downloading = page.waitForEvent('download');
    await page.getByTestId('enquiries-csv').click();
    const bytes = await readFile(await (await downloading).path());

    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parse<Record<string, string>>(bytes, { bom: true, columns: true });
    const row = rows.find((candidate) => candidate.Name === sender.name)!;
    expect(row.Company).toBe(sender.company);
    expect(row.Message).toBe('A budget of £40,000 — spread over two quarters.');
    expect(row.Received).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    const today = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', dateStyle: 'short' }).format(
      new Date(),
    );
    expect(row.Received.slice(0, 10)).toBe(today);
  });
});

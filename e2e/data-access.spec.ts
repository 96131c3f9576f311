import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import { SmtpCatcher } from '../backend/test/helpers/smtp-catcher';
import { expect, test, type Page } from './fixtures';
import { freePort, startServer, waitForHealth, type ServerProcess } from './helpers/server-process';

/**
 * The right of access end to end (docs/product.md#privacy-requests), against a server of its own
 * whose mail goes to an SMTP server in the test: a visitor asks for their data, confirms by the
 * mailed link, the privacy team approves on a phone, the visitor downloads the ZIP and it opens.
 */
const owner = { email: 'privacy-owner@northbeam.example', password: 'privacy-owner-password-0123' };
const visitor = 'grace.requester@example.com';

async function linkFromMail(catcher: SmtpCatcher, to: string, pattern: RegExp): Promise<string> {
  let link = '';
  await expect
    .poll(
      () => {
        const mail = catcher.to(to).findLast((caught) => pattern.test(caught.text));
        link = mail ? pattern.exec(mail.text)![0] : '';
        return link;
      },
      { timeout: 20_000, message: `a mail to ${to} with ${pattern}` },
    )
    .not.toBe('');
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

async function signIn(page: Page) {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(owner.email);
  await page.getByLabel('Password').fill(owner.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL('/admin');
}

/** The suite's own server: the port after the run's own (E2E_PORT), or a free one. */
const port = process.env.E2E_PORT ? Number(process.env.E2E_PORT) + 1 : await freePort();

test.describe('Data access request', () => {
  test.describe.configure({ mode: 'serial', timeout: 180_000 });
  const catcher = new SmtpCatcher();
  let server: ServerProcess;

  test.beforeAll(async () => {
    // Migrations on a fresh embedded database take a while on a busy machine.
    test.setTimeout(240_000);
    await catcher.start();
    server = startServer(
      {
        PGLITE_DIR: 'memory://',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        ADMIN_EMAIL: owner.email,
        ADMIN_PASSWORD: owner.password,
        SESSION_SECRET: 'access-suite-session-secret-0123456789abcdef',
        SMTP_URL: catcher.url,
        STAFF_2FA: 'optional',
      },
      port,
    );
    await waitForHealth(server, 200_000);
  });

  test.afterAll(async () => {
    server?.child.kill('SIGTERM');
    await server?.exited;
    await catcher.stop();
  });

  test.use({ baseURL: `http://127.0.0.1:${port}` });

  test('a visitor asks, confirms by the mailed link, the team approves on a phone, and the visitor downloads a ZIP that opens', async ({
    browser,
  }) => {
    // The visitor first leaves a message, so that the export has something of theirs to hold.
    const visitorContext = await browser.newContext();
    const page = await visitorContext.newPage();
    const contact = await page.request.post('/api/contact', {
      data: {
        name: 'Grace Requester',
        email: visitor,
        message: 'Please tell me about your immersive studio.',
        consent: true,
        turnstileToken: 'development-fallback-token',
        website: '',
        startedAt: String(Date.now() - 60_000),
      },
    });
    expect(contact.status()).toBe(201);

    await page.goto('/privacy');
    await page.getByRole('link', { name: 'data access request' }).click();
    await expect(page).toHaveURL('/data-access');
    await expect(page.getByRole('heading', { level: 1, name: 'Data Access Request' })).toBeVisible();
    await page.getByLabel('Email address', { exact: true }).fill(visitor);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Request My Data' }).click();
    const requestId = (await page.getByTestId('access-request-id').textContent()) ?? '';
    expect(requestId).toMatch(/^DAR-[A-Z0-9]{16}$/);

    await page.goto(await linkFromMail(catcher, visitor, /https?:\/\/\S+\/data-access\/verify\?token=[A-Za-z0-9_%-]+/));
    await page.getByRole('button', { name: 'Confirm access request' }).click();
    await expect(page.getByRole('heading', { name: 'Request confirmed' })).toBeVisible();

    // The privacy team, on a 390 px phone.
    const staffContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const staff = await staffContext.newPage();
    await signIn(staff);
    // The dashboard counts the open request, none due within 7 days or overdue (its own fresh database).
    await staff.goto('/admin');
    await expect(staff.getByTestId('privacy-counts')).toHaveText('1 open0 due within 7 days0 overdue');
    // A note about the visitor that names someone else: it must not reach them unless the team includes it.
    const enquiries = (await (await staff.request.get('/api/admin/enquiries')).json()) as { items: { id: string }[] };
    const noted = await staff.request.post(`/api/admin/enquiries/${enquiries.items[0].id}/notes`, {
      data: { body: 'Her manager Mara Vance decides on the budget.' },
    });
    expect(noted.status()).toBe(201);
    await staff.goto('/admin/privacy?type=access');
    const table = staff.getByTestId('deletion-requests');
    await table.getByRole('button', { name: requestId }).click();
    const panel = staff.getByTestId('deletion-request-detail');
    await expect(panel).toContainText('Access (copy of data)');
    // Review before disclosure: what was found, by kind, with counts and previews; the note is flagged.
    const review = panel.getByTestId('access-review');
    await expect(
      review.getByTestId('access-review-kind').filter({ hasText: 'Messages you sent us (1)' }),
    ).toContainText('Please tell me about your immersive studio.');
    const note = review.getByTestId('access-review-record').filter({ hasText: 'Mara Vance' });
    await expect(note.getByTestId('access-review-flag')).toContainText('An internal note by staff');
    await expect(note.getByRole('checkbox', { name: 'Include in the export' })).not.toBeChecked();
    await note.getByRole('textbox').fill('Names the requester’s manager');
    await panel.getByRole('button', { name: 'Approve and disclose' }).click();
    const confirm = staff.getByRole('alertdialog', { name: 'Approve this access request?' });
    await expect(confirm).toContainText(`${visitor} will be e-mailed a one-use link`);
    await expect(confirm).toContainText('1 left out');
    await confirm.getByRole('button', { name: 'Approve and send the data' }).click();
    await expect(staff.getByTestId('toast')).toContainText('Request approved');
    await expect(panel).toContainText('Completed');
    await expect(panel).toContainText('Download link mailed to the requester');
    // The history says what was left out and why, and who decided, by name (the address on hover).
    const history = panel.getByTestId('request-history');
    await expect(history).toContainText('Records reviewed before disclosure by Administrator');
    await expect(history).toContainText(
      /Left out: Notes our team wrote about your messages, .+\. Why: Names the requester’s manager/,
    );
    await expect(history.getByText('Administrator').first()).toHaveAttribute('title', owner.email);
    await expect(history).not.toContainText(owner.email);
    expect(await staff.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(390);
    await staffContext.close();

    // The visitor downloads the ZIP through the one-use link, and it opens.
    const downloadPath = await linkFromMail(
      catcher,
      visitor,
      /https?:\/\/\S+\/data-access\/download\?token=[A-Za-z0-9_%-]+/,
    );
    await page.goto(downloadPath);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download my data (ZIP)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${requestId.toLowerCase()}-your-data.zip`);
    const files = unzipSync(new Uint8Array(await readFile(await download.path())));
    expect(Object.keys(files).sort()).toEqual(['your-data.html', 'your-data.json']);
    const data = JSON.parse(strFromU8(files['your-data.json'])) as {
      email: string;
      stores: Record<string, { rows: Record<string, unknown>[] }>;
    };
    expect(data.email).toBe(visitor);
    expect(data.stores.contact_messages.rows).toEqual([
      expect.objectContaining({ message: 'Please tell me about your immersive studio.' }),
    ]);
    // The export is the reviewed set: the note left out, in neither file.
    expect(data.stores.enquiry_notes.rows).toEqual([]);
    expect(strFromU8(files['your-data.json'])).not.toContain('Mara Vance');
    expect(strFromU8(files['your-data.html'])).not.toContain('Mara Vance');
    const readable = await visitorContext.newPage();
    await readable.setContent(strFromU8(files['your-data.html']));
    await expect(readable.getByRole('heading', { level: 1 })).toContainText('Your data held by');
    await expect(readable.getByRole('heading', { name: 'Messages you sent us (1)' })).toBeVisible();
    await expect(
      readable.getByRole('definition').filter({ hasText: /^Please tell me about your immersive studio\.$/ }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your data is downloaded' })).toBeVisible();

    // The link was used up: the page says so and offers nothing to download.
    await page.goto(downloadPath);
    await expect(page.getByRole('heading', { name: 'This link has already been used' })).toBeVisible();
    await expect(page.getByTestId('download-link-state')).toContainText('the file was downloaded on');
    await expect(page.getByRole('button', { name: 'Download my data (ZIP)' })).toHaveCount(0);
    await visitorContext.close();
  });
});

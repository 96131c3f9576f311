import sharp from 'sharp';
import { mediaUploadHeader, ukWallClock } from '../common/src';
import { SmtpCatcher, type CaughtMail } from '../backend/test/helpers/smtp-catcher';
import { expect, test, type Page } from './fixtures';
import { freePort, startServer, waitForHealth, type ServerProcess } from './helpers/server-process';

/**
 * The newsletter end to end against a server of its own whose mail goes to an SMTP server in the
 * test: a reader subscribes on the Labs blog and confirms by the confirm page's button; an admin
 * schedules an issue with a hero image for Labs readers; the mail arrives, and rendered in Chromium
 * (from another origin, as a mail client shows it) every image loads, at 600 and at 390 px.
 */
const owner = { email: 'newsletter-owner@northbeam.example', password: 'newsletter-owner-password-0123' };
const reader = 'ada.labreader@example.com';
const consultingReader = 'ben.consultingreader@example.com';

/** The suite's own server: two after the run's own port (E2E_PORT), or a free one. */
const port = process.env.E2E_PORT ? Number(process.env.E2E_PORT) + 2 : await freePort();
const origin = `http://127.0.0.1:${port}`;

async function mailTo(catcher: SmtpCatcher, to: string, match: (mail: CaughtMail) => boolean, timeout = 20_000) {
  let found: CaughtMail | undefined;
  await expect
    .poll(
      () => {
        found = catcher.to(to).find(match);
        return found !== undefined;
      },
      { timeout, intervals: [1000], message: `a mail to ${to}` },
    )
    .toBe(true);
  return found!;
}

async function subscribeOnTheBlog(page: Page, section: 'labs' | 'consulting', email: string) {
  await page.goto(`/blog/${section}`);
  const box = page.getByTestId(`newsletter-box-${section}_blog`);
  await box.getByLabel('Email address for the newsletter').fill(email);
  await box.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByTestId('toast')).toContainText('Subscription Successful');
}

async function confirmByTheButton(page: Page, catcher: SmtpCatcher, email: string) {
  const mail = await mailTo(catcher, email, (caught) => /newsletter\/confirm\?token=/.test(caught.text));
  const link = new URL(/https?:\/\/\S+\/newsletter\/confirm\?token=[A-Za-z0-9_%-]+/.exec(mail.text)![0]);
  expect(link.origin).toBe(origin);
  await page.goto(link.pathname + link.search);
  // Opening the link confirms nothing: the page asks for the button.
  await expect(page.getByRole('heading', { name: 'Please confirm your subscription' })).toBeVisible();
  await page.getByRole('button', { name: 'Confirm subscription' }).click();
  await expect(page.getByRole('heading', { name: 'Subscription confirmed' })).toBeVisible();
}

test.describe('Newsletter for Labs readers', () => {
  test.describe.configure({ mode: 'serial', timeout: 420_000 });
  const catcher = new SmtpCatcher();
  let server: ServerProcess;

  test.beforeAll(async () => {
    // Migrations on a fresh embedded database take a while on a busy machine.
    test.setTimeout(240_000);
    await catcher.start();
    server = startServer(
      {
        PGLITE_DIR: 'memory://',
        PUBLIC_URL: origin,
        ADMIN_EMAIL: owner.email,
        ADMIN_PASSWORD: owner.password,
        SESSION_SECRET: 'newsletter-suite-session-secret-0123456789abcdef',
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

  test.use({ baseURL: origin });

  test('a Labs reader confirms by the button and receives the issue scheduled for Labs readers, its images loading in Chromium', async ({
    browser,
    page,
  }) => {
    await subscribeOnTheBlog(page, 'labs', reader);
    await confirmByTheButton(page, catcher, reader);
    const other = await browser.newPage({ baseURL: origin });
    await subscribeOnTheBlog(other, 'consulting', consultingReader);
    await confirmByTheButton(other, catcher, consultingReader);
    await other.close();

    // The admin uploads a hero image, writes the issue for Labs readers and schedules it.
    await page.goto('/admin/login');
    await page.getByLabel('Email').fill(owner.email);
    await page.getByLabel('Password').fill(owner.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL('/admin');
    const hero = await sharp({ create: { width: 1600, height: 800, channels: 3, background: '#3b5bfd' } })
      .webp()
      .toBuffer();
    const uploaded = await page.request.post('/api/admin/media', {
      headers: { [mediaUploadHeader.name]: mediaUploadHeader.value },
      multipart: {
        alt: 'Blue light over the Labs workshop',
        file: { name: 'labs-hero.webp', mimeType: 'image/webp', buffer: hero },
      },
    });
    expect(uploaded.status()).toBe(201);

    await page.goto('/admin/newsletter/new');
    const subject = 'Labs notes: what we shipped';
    await page.getByLabel('Subject').fill(subject);
    await page.getByLabel('Preheader').fill('Three prototypes and a lesson');
    await page.getByLabel('Audience').selectOption('labs');
    await page.getByTestId('newsletter-hero').getByRole('button', { name: 'Choose image' }).click();
    await page.getByTestId('media-picker').getByTestId('media-picker-item').first().click();
    await expect(page.getByTestId('feature-image-preview')).toBeVisible();
    await page.getByLabel('Body (markdown)').fill('This month the lab shipped **three prototypes**.');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page).toHaveURL(/\/admin\/newsletter\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('newsletter-send')).toHaveText('Send to 1 confirmed subscriber');

    // The preview is the mail itself: the hero as JPEG, sized, never WebP.
    await page.getByRole('tab', { name: 'Preview' }).click();
    const preview = page.getByTestId('newsletter-preview-html');
    await expect(preview).toHaveAttribute(
      'srcdoc',
      /<img src="http:\/\/127\.0\.0\.1:\d+\/media\/[0-9a-f-]{36}\/1280\.jpg" alt="Blue light over the Labs workshop" width="600" height="300"/,
    );
    await page.getByRole('tab', { name: 'Write' }).click();

    // The first whole minute at least 20 s away (time to fill the form in), in UK time, as the field takes it.
    const sendAt = new Date(Math.ceil((Date.now() + 20_000) / 60_000) * 60_000);
    await page.getByLabel('Send at (UK time)').fill(ukWallClock(sendAt));
    await page.getByTestId('newsletter-schedule').click();
    await expect(page.getByTestId('newsletter-issue-status')).toHaveText('Scheduled');
    await expect(page.getByTestId('newsletter-scheduled-for')).toContainText('labs blog readers');

    // Sent by the scheduler when its time comes (it looks every 15 s), to the Labs reader only.
    const mail = await mailTo(catcher, reader, (caught) => caught.headers.subject === subject, 180_000);
    expect(catcher.to(consultingReader).some((caught) => caught.headers.subject === subject)).toBe(false);
    expect(mail.html).not.toMatch(/\.(webp|avif)"/);
    expect(mail.text).toContain(`subscribed to the Northbeam newsletter on the Labs blog.`);

    // The mail as a mail client shows it: from another origin (here none), at 600 and 390 px.
    for (const width of [600, 390]) {
      const client = await browser.newPage({ viewport: { width, height: 900 } });
      const blocked: string[] = [];
      client.on('requestfailed', (request) => blocked.push(`${request.url()} ${request.failure()?.errorText}`));
      client.on('response', (response) => {
        if (response.status() >= 400) blocked.push(`${response.url()} ${response.status()}`);
      });
      await client.setContent(mail.html, { waitUntil: 'load' });
      const images = await client.locator('img').evaluateAll((elements) =>
        (elements as HTMLImageElement[]).map((image) => ({
          src: image.currentSrc,
          loaded: image.complete && image.naturalWidth > 0,
          right: image.getBoundingClientRect().right,
        })),
      );
      expect(blocked).toEqual([]);
      expect(images.map((image) => image.src)).toEqual([
        `${origin}/logo.png`,
        expect.stringMatching(new RegExp(`^${origin}/media/[0-9a-f-]{36}/1280\\.jpg$`)),
      ]);
      expect(images.every((image) => image.loaded)).toBe(true);
      // Nothing wider than the screen.
      expect(images.every((image) => image.right <= width)).toBe(true);
      expect(await client.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await client.close();
    }

    // "View in browser" opens the public web version, which search engines are told to leave alone.
    const webUrl = /View in browser: (\S+)/.exec(mail.text)![1];
    // A page of its own: the web version has no script, so nothing to wait for but the load.
    const webPage = await browser.newPage();
    const web = await webPage.goto(webUrl, { waitUntil: 'domcontentloaded' });
    expect(web!.status()).toBe(200);
    expect(web!.headers()['x-robots-tag']).toBe('noindex, nofollow');
    await expect(webPage.getByRole('heading', { level: 1, name: subject })).toBeVisible();
    await expect(webPage.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    await expect(webPage.getByRole('link', { name: 'Unsubscribe' })).toHaveCount(0);
    await webPage.close();
  });
});

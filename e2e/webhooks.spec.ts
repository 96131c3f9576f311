import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { webhookMessages } from '../common/src/webhooks';
import { expect, test, type Page } from './fixtures';
import { axeFindings } from './helpers/axe';
import { auditLayout } from './helpers/layout-audit';

/**
 * Webhooks end to end (docs/webhooks.md): an admin adds an endpoint, sees its signing secret once,
 * sends a test, and the test appears delivered in the endpoint's log; the receiver (started here on
 * 127.0.0.1) verifies the signature with standardwebhooks. The screens pass axe and the layout audit
 * at 390 and 1280 px.
 */
const admin = { email: process.env.E2E_ADMIN_EMAIL!, password: process.env.E2E_ADMIN_PASSWORD! };

async function signIn(page: Page) {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/admin/login'));
}

async function expectCleanScreen(page: Page) {
  // The confirmation toast floats over the page for a few seconds by design: the screen is audited without it.
  await expect(page.getByTestId('toast')).toHaveCount(0, { timeout: 15_000 });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(auditLayout, null), `layout at ${width} px`).toEqual([]);
    expect(await axeFindings(page), `axe at ${width} px`).toEqual([]);
  }
}

test.describe('Webhooks', () => {
  test('an admin adds an endpoint, copies its secret once, sends a test and sees it delivered', async ({ page }) => {
    test.setTimeout(120_000);
    const received: { headers: IncomingHttpHeaders; body: string }[] = [];
    const receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
        response.end('thanks');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook-${Date.now().toString(36)}`;
    try {
      await signIn(page);
      await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Webhooks' }).click();
      await expect(page).toHaveURL('/admin/webhooks');

      const form = page.getByTestId('webhook-form');
      await form.getByLabel('Address').fill('ftp://example.com/hook');
      await form.getByTestId('webhook-save').click();
      await expect(form.getByText(webhookMessages.urlInvalid)).toBeVisible();
      await form.getByLabel('Address').fill(url);
      await form.getByLabel('Description (optional)').fill('Browser test receiver');
      await form.getByLabel('A post is published').check();
      await form.getByTestId('webhook-save').click();

      const secret = page.getByTestId('webhook-secret-value');
      await expect(secret).toHaveText(/^whsec_/);
      const value = (await secret.textContent())!;
      await expect(page.getByTestId('webhook-row').filter({ hasText: url })).toBeVisible();
      // The confirmation comes after the list reloads: wait for it, so that the audit waits it out.
      await expect(page.getByTestId('toast')).toContainText(webhookMessages.created);
      await expectCleanScreen(page);

      // Shown once: gone after a reload, and nowhere on the endpoint's screen.
      await page.reload();
      await expect(page.getByTestId('webhook-secret')).toHaveCount(0);
      await expect(page.getByText(value)).toHaveCount(0);

      await page.getByTestId('webhook-row').filter({ hasText: url }).getByRole('link').click();
      await expect(page.getByRole('heading', { level: 1 })).toContainText(url);
      await expect(page.getByTestId('webhook-deliveries-empty')).toBeVisible();
      await page.getByTestId('webhook-send-test').click();
      await expect(page.getByTestId('toast')).toContainText(webhookMessages.testQueued);
      await expect(page.getByTestId('webhook-delivery').first()).toContainText('webhook.test');

      // The dispatcher runs every few seconds: the log shows the delivery once the receiver answered.
      await expect(async () => {
        await page.reload();
        await expect(page.getByTestId('webhook-delivery').first()).toContainText('Delivered', { timeout: 1000 });
      }).toPass({ timeout: 30_000 });
      await expect(page.getByTestId('webhook-delivery').first()).toContainText('HTTP 200');
      await expect(page.getByRole('button', { name: 'Redeliver' })).toBeVisible();
      expect(received).toHaveLength(1);
      const payload = new Webhook(value).verify(received[0].body, received[0].headers as Record<string, string>);
      expect(payload).toMatchObject({ type: 'webhook.test', version: 1 });
      await expectCleanScreen(page);
    } finally {
      await new Promise((resolve) => receiver.close(resolve));
    }
  });
});

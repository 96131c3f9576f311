import { expect, test } from './fixtures';
import { site } from '../common/src/site';
import { gotoHydrated } from './helpers/hydration';

test.describe('/data-deletion', () => {
  test('shows the form with its fields, information box and links', async ({ page }) => {
    await gotoHydrated(page, '/data-deletion');
    await expect(page.getByRole('heading', { level: 1, name: 'Data Deletion Request' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Data deletion request' });
    await expect(form.getByLabel('Email address', { exact: true })).toHaveValue('');
    const type = form.getByLabel('Request type');
    await expect(type).toHaveValue('full_deletion');
    await expect(type.locator('option')).toHaveCount(2);
    await expect(type.locator('option').nth(1)).toHaveAttribute('value', 'partial_deletion');
    await expect(form.getByLabel('Reason (optional)')).toHaveAttribute('maxlength', '500');
    await expect(form.getByRole('checkbox')).not.toBeChecked();
    const information = page.getByTestId('deletion-information');
    await expect(information).toContainText('permanent');
    await expect(information).toContainText('kept where the law requires');
    await expect(information).toContainText('re-subscribe');
    await expect(information).toContainText('Full deletion removes all data tied to your email');
    await expect(page.getByRole('link', { name: site.privacyEmail })).toHaveAttribute(
      'href',
      `mailto:${site.privacyEmail}`,
    );
    await expect(page.getByRole('main').getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy',
    );
    await expect(page.getByText('within 5 business days').first()).toBeVisible();
    await expect(page.getByText('10-15 business days').first()).toBeVisible();
  });

  test('shows the validation messages and sends nothing', async ({ page }) => {
    let calls = 0;
    await page.route('**/api/request-data-deletion', async (route) => {
      calls += 1;
      await route.continue();
    });
    await gotoHydrated(page, '/data-deletion');
    await page.getByRole('button', { name: 'Submit Deletion Request' }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page.getByText('You must confirm this request')).toBeVisible();
    await expect(page.getByLabel('Email address', { exact: true })).toBeFocused();
    await page.getByLabel('Email address', { exact: true }).fill('not-an-address');
    await page.getByRole('button', { name: 'Submit Deletion Request' }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    const reason = page.getByLabel('Reason (optional)');
    await reason.fill('x'.repeat(520));
    await expect(reason).toHaveValue('x'.repeat(500));
    await expect(page.getByText('500/500')).toBeVisible();
    expect(calls).toBe(0);
  });

  test('submits, shows Submitting Request... while pending, then the confirmation card', async ({ page }) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/request-data-deletion', async (route) => {
      await held;
      await route.continue();
    });
    await gotoHydrated(page, '/data-deletion');
    await page.getByLabel('Email address', { exact: true }).fill('visitor@example.com');
    await page.getByLabel('Request type').selectOption('partial_deletion');
    await page.getByLabel('Reason (optional)').fill('I no longer need the newsletter.');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Submit Deletion Request' }).click();
    const pending = page.getByRole('button', { name: 'Submitting Request...' });
    await expect(pending).toBeVisible();
    await expect(pending).toBeDisabled();
    release();

    const card = page.getByTestId('deletion-confirmation');
    await expect(card).toBeVisible();
    await expect(card.getByTestId('deletion-request-id')).toHaveText(/^DDR-[A-Z0-9]{16}$/);
    await expect(card.getByTestId('deletion-submitted-at')).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
    await expect(card).toContainText('A confirmation email has been sent');
    await expect(card.getByRole('heading', { name: 'Next steps' })).toBeVisible();
    await expect(page.getByRole('form', { name: 'Data deletion request' })).toHaveCount(0);
    const notice = page.getByTestId('toast');
    await expect(notice).toContainText('Request Submitted');
    await expect(notice).toContainText(
      'Your data deletion request has been submitted successfully. Check your email for confirmation.',
    );
    await card.getByRole('link', { name: 'Return to Homepage' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test.describe('in a visitor time zone far from London', () => {
    test.use({ timezoneId: 'America/New_York' });

    test('the confirmation card gives the submission time in UK time', async ({ page }) => {
      // 23:30 UTC on 30 June: 19:30 on 30 June in New York, already 00:30 on 1 July in London.
      await page.clock.setFixedTime(new Date('2026-06-30T23:30:00Z'));
      await page.route('**/api/request-data-deletion', (route) =>
        route.fulfill({ status: 201, json: { requestId: 'DDR-0123456789ABCDEF' } }),
      );
      await gotoHydrated(page, '/data-deletion');
      expect(await page.evaluate(() => new Date().getDate())).toBe(30);
      await page.getByLabel('Email address', { exact: true }).fill('visitor@example.com');
      await page.getByRole('checkbox').check();
      await page.getByRole('button', { name: 'Submit Deletion Request' }).click();

      await expect(page.getByTestId('deletion-submitted-at')).toHaveText('01/07/2026 00:30:00');
    });
  });

  test('stays on the form with a destructive Submission Failed notice carrying the server message', async ({
    page,
  }) => {
    await page.route('**/api/request-data-deletion', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({
          statusCode: 503,
          error: 'The service is temporarily unavailable, please try again shortly',
        }),
      }),
    );
    await gotoHydrated(page, '/data-deletion');
    await page.getByLabel('Email address', { exact: true }).fill('visitor@example.com');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Submit Deletion Request' }).click();
    const notice = page.getByTestId('toast');
    await expect(notice).toContainText('Submission Failed');
    await expect(notice).toContainText('The service is temporarily unavailable, please try again shortly');
    await expect(page.getByLabel('Email address', { exact: true })).toHaveValue('visitor@example.com');
    await expect(page.getByRole('button', { name: 'Submit Deletion Request' })).toBeEnabled();
  });

  test('falls back to the generic failure sentence when the server sends no message', async ({ page }) => {
    await page.route('**/api/request-data-deletion', (route) => route.fulfill({ status: 502, body: '' }));
    await gotoHydrated(page, '/data-deletion');
    await page.getByLabel('Email address', { exact: true }).fill('visitor@example.com');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Submit Deletion Request' }).click();
    await expect(page.getByTestId('toast')).toContainText('Failed to submit data deletion request. Please try again.');
    await expect(page.getByRole('form', { name: 'Data deletion request' })).toBeVisible();
  });

  test('the mailed link opens a confirm page; nothing is confirmed until the button is pressed', async ({ page }) => {
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/request-data-deletion/verify'))
        posts.push(request.postData() ?? '');
    });
    // A link mailed before the confirm page existed is redirected there without touching the request.
    await gotoHydrated(page, '/api/request-data-deletion/verify?token=not-a-real-token');
    await expect(page).toHaveURL(/\/data-deletion\/verify\?token=not-a-real-token$/);
    await expect(page.getByRole('heading', { name: 'Confirm your deletion request' })).toBeVisible();
    expect(posts).toHaveLength(0);

    await page.getByRole('button', { name: 'Confirm deletion request' }).click();
    await expect(page).toHaveURL(/\/data-deletion\/verified\?status=invalid$/);
    await expect(page.getByRole('heading', { name: 'This link is not valid' })).toBeVisible();
    expect(posts).toEqual([JSON.stringify({ token: 'not-a-real-token' })]);
  });

  test('a confirmed request lands on the outcome page; a failed call keeps the confirm page', async ({ page }) => {
    let answer = {
      status: 503,
      body: JSON.stringify({ statusCode: 503, error: 'Service temporarily unavailable, please try again shortly' }),
    };
    await page.route('**/api/request-data-deletion/verify', (route) =>
      route.fulfill({ status: answer.status, contentType: 'application/json', body: answer.body }),
    );
    await gotoHydrated(page, '/data-deletion/verify?token=abc');
    const button = page.getByRole('button', { name: 'Confirm deletion request' });
    await button.click();
    await expect(page.getByTestId('toast')).toContainText('Service temporarily unavailable, please try again shortly');
    await expect(button).toBeEnabled();
    await expect(page).toHaveURL(/\/data-deletion\/verify\?token=abc$/);

    answer = { status: 200, body: JSON.stringify({ message: 'ok' }) };
    await button.click();
    await expect(page).toHaveURL(/\/data-deletion\/verified\?status=ok$/);
    await expect(page.getByRole('heading', { name: 'Request confirmed' })).toBeVisible();
  });

  test('the confirm page without a token says the link is not valid', async ({ page }) => {
    await gotoHydrated(page, '/data-deletion/verify');
    await expect(page.getByRole('heading', { name: 'This link is not valid' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Confirm deletion request' })).toHaveCount(0);
  });
});

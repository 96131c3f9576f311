import { expect, test, type Page } from './fixtures';
import { privacyRequestActions, type DeletionRequestDetail, type DeletionRequestSummary } from '../common/src/privacy';
import { permissionsFor } from '../common/src/staff';

/**
 * The /admin/privacy screen before the auth module is merged: the staff calls are answered by
 * page.route, and the screen is reached by client-side navigation so that its loader runs in the
 * browser. After merge this suite should sign in for real instead.
 */
const now = Date.now();
const day = 24 * 60 * 60 * 1000;

function summary(overrides: Partial<DeletionRequestSummary>): DeletionRequestSummary {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    requestId: 'DDR-AAAABBBBCCCCDDDD',
    email: 'person@example.com',
    requestType: 'full_deletion',
    status: 'verified',
    receivedAt: new Date(now - 2 * day).toISOString(),
    deadlineAt: new Date(now + 28 * day).toISOString(),
    dueSoon: false,
    overdue: false,
    extendedAt: null,
    ...overrides,
  };
}

const list = [
  summary({}),
  summary({
    id: '22222222-2222-4222-8222-222222222222',
    requestId: 'DDR-SOONSOONSOONSOON',
    email: 'soon@example.com',
    dueSoon: true,
  }),
  summary({
    id: '33333333-3333-4333-8333-333333333333',
    requestId: 'DDR-LATELATELATELATE',
    email: 'late@example.com',
    overdue: true,
  }),
];

function detail(status: DeletionRequestSummary['status']): DeletionRequestDetail {
  return {
    ...list[0],
    status,
    actions: privacyRequestActions({ ...list[0], status, hasEmail: true }),
    reason: 'Please remove me',
    verifiedAt: new Date(now - day).toISOString(),
    approvedAt: status === 'approved' ? new Date(now).toISOString() : null,
    rejectedAt: null,
    rejectionReason: null,
    completedAt: null,
    completionNote: null,
    extensionReason: null,
    history: [
      { action: 'received', actor: null, createdAt: list[0].receivedAt, notes: [] },
      { action: 'verified', actor: null, createdAt: new Date(now - day).toISOString(), notes: [] },
    ],
  };
}

async function openScreen(page: Page, role: 'admin' | 'consultant' | null) {
  await page.route('**/api/analytics/track', (route) => route.fulfill({ status: 204 }));
  await page.route('**/api/admin/user', (route) =>
    role
      ? route.fulfill({
          json: {
            id: 'u1',
            name: 'Ada Admin',
            email: 'ada@northbeam.example',
            role,
            twoFactorEnabled: true,
            twoFactorSetupRequired: false,
            permissions: permissionsFor(role),
          },
        })
      : route.fulfill({ status: 401, json: { statusCode: 401, error: 'Not signed in' } }),
  );
  await page.route('**/api/admin/deletion-requests', (route) =>
    route.fulfill({ json: { items: list, total: list.length, page: 1, pageSize: 15 } }),
  );
  await page.goto('/');
  await expect(page.getByTestId('site-footer')).toBeVisible();
  await page.evaluate(() => {
    window.history.pushState({ idx: 1, key: 'privacy', usr: null }, '', '/admin/privacy');
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state as unknown }));
  });
}

test.describe('/admin/privacy', () => {
  test('lists requests with status, deadline and the due-soon and overdue flags, then approves one', async ({
    page,
  }) => {
    let approved = false;
    await page.route('**/api/admin/deletion-requests/11111111-1111-4111-8111-111111111111', (route) =>
      route.fulfill({ json: detail(approved ? 'approved' : 'verified') }),
    );
    await page.route('**/api/admin/deletion-requests/11111111-1111-4111-8111-111111111111/approve', (route) => {
      approved = true;
      return route.fulfill({ json: detail('approved') });
    });
    await openScreen(page, 'admin');
    await expect(page.getByRole('heading', { name: 'Privacy requests' })).toBeVisible();
    const table = page.getByTestId('deletion-requests');
    await expect(table.getByRole('row')).toHaveCount(4);
    await expect(table.getByRole('row', { name: /DDR-SOONSOONSOONSOON/ })).toContainText('Due within 7 days');
    await expect(table.getByRole('row', { name: /DDR-LATELATELATELATE/ })).toContainText('Overdue');
    await expect(table.getByRole('row', { name: /DDR-AAAABBBBCCCCDDDD/ })).toContainText('Awaiting decision');

    await table.getByRole('button', { name: 'DDR-AAAABBBBCCCCDDDD' }).click();
    const panel = page.getByTestId('deletion-request-detail');
    await expect(panel).toContainText('Please remove me');
    await expect(panel).toContainText('Awaiting decision');
    await expect(panel.getByTestId('request-next-step')).toHaveText(
      'Next: Confirmed by the requester: approve or reject it before the due date.',
    );
    await expect(panel).toContainText('Confirmed by the requester');
    // Approving mails the requester: it asks first, and Cancel leaves the request alone.
    await panel.getByRole('button', { name: 'Approve' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Approve this deletion request?' });
    await expect(confirm).toContainText('person@example.com will be e-mailed that the request was approved.');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);
    expect(approved).toBe(false);
    await panel.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Approve and notify' }).click();
    await expect(page.getByTestId('toast')).toContainText('Request approved');
    expect(approved).toBe(true);
    // An approved full deletion waits only for the scheduled erasure: no decision is offered any more,
    // and the panel says what happens next.
    await expect(panel.getByRole('button', { name: 'Approve' })).toHaveCount(0);
    await expect(panel.getByRole('button', { name: 'Reject' })).toHaveCount(0);
    await expect(panel.getByLabel('Rejection reason')).toHaveCount(0);
    await expect(panel.getByTestId('request-next-step')).toHaveText(
      'Next: Every record of the address is erased within 5 minutes by the scheduled erasure; the requester is then mailed that it is done.',
    );
  });

  test('rejecting and extending mail the requester, so each asks first and Cancel sends nothing', async ({ page }) => {
    const sent: { action: string; body: unknown }[] = [];
    await page.route('**/api/admin/deletion-requests/11111111-1111-4111-8111-111111111111', (route) =>
      route.fulfill({ json: detail('verified') }),
    );
    // The extension's answer is held until the test lets it go, to write the rejection reason meanwhile.
    let answerExtension = () => {};
    const extensionAnswered = new Promise<void>((resolve) => (answerExtension = resolve));
    for (const action of ['reject', 'extend']) {
      await page.route(
        `**/api/admin/deletion-requests/11111111-1111-4111-8111-111111111111/${action}`,
        async (route) => {
          sent.push({ action, body: route.request().postDataJSON() });
          if (action === 'extend') await extensionAnswered;
          return route.fulfill({ json: detail('verified') });
        },
      );
    }
    await openScreen(page, 'admin');
    await page.getByTestId('deletion-requests').getByRole('button', { name: 'DDR-AAAABBBBCCCCDDDD' }).click();
    const panel = page.getByTestId('deletion-request-detail');

    await panel.getByLabel('Rejection reason').fill('We hold nothing under this address.');
    await panel.getByRole('button', { name: 'Reject' }).click();
    const reject = page.getByRole('alertdialog', { name: 'Reject this request?' });
    await expect(reject).toContainText(
      'person@example.com will be e-mailed that the request is rejected, with your reason.',
    );
    await reject.getByRole('button', { name: 'Cancel' }).click();
    await expect(reject).toHaveCount(0);
    expect(sent).toEqual([]);

    const extend = panel.getByTestId('extend-request');
    await extend.getByLabel('By').selectOption('2');
    await extend.getByLabel('Reason (sent to the requester)').fill('Your records span several systems.');
    await extend.getByRole('button', { name: 'Extend' }).click();
    const confirmExtend = page.getByRole('alertdialog', { name: 'Extend this request’s deadline?' });
    await expect(confirmExtend).toContainText('person@example.com will be e-mailed the new due date and your reason.');
    await confirmExtend.getByRole('button', { name: 'Cancel' }).click();
    expect(sent).toEqual([]);
    await extend.getByRole('button', { name: 'Extend' }).click();
    await confirmExtend.getByRole('button', { name: 'Extend and notify' }).click();
    await expect
      .poll(() => sent)
      .toEqual([{ action: 'extend', body: { months: 2, reason: 'Your records span several systems.' } }]);

    // While the extension is on its way, the rejection reason is written again; the extension's answer
    // clears the extension's own reason only.
    await panel.getByLabel('Rejection reason').fill('We hold nothing under this address.');
    answerExtension();
    await expect(extend.getByLabel('Reason (sent to the requester)')).toHaveValue('');
    await expect(panel.getByLabel('Rejection reason')).toHaveValue('We hold nothing under this address.');
    await panel.getByRole('button', { name: 'Reject' }).click();
    await reject.getByRole('button', { name: 'Reject and notify' }).click();
    await expect.poll(() => sent.map((entry) => entry.action)).toEqual(['extend', 'reject']);
    expect(sent[1].body).toEqual({ reason: 'We hold nothing under this address.' });
  });

  test('on a phone, choosing a request brings its detail and buttons into view and focuses it', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.route('**/api/admin/deletion-requests/11111111-1111-4111-8111-111111111111', (route) =>
      route.fulfill({ json: detail('verified') }),
    );
    await openScreen(page, 'admin');
    await page.getByTestId('deletion-requests').getByRole('button', { name: 'DDR-AAAABBBBCCCCDDDD' }).click();
    const panel = page.getByTestId('deletion-request-detail');
    await expect(panel.getByRole('heading', { name: 'DDR-AAAABBBBCCCCDDDD' })).toBeFocused();
    await expect(panel.getByRole('button', { name: 'Approve' })).toBeInViewport();
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test('tells a consultant that only the privacy team may handle requests', async ({ page }) => {
    await openScreen(page, 'consultant');
    await expect(
      page.getByText('Only admins and super admins (the privacy team) can handle data deletion requests.'),
    ).toBeVisible();
  });

  test('sends a signed-out visitor to the login with a redirect back', async ({ page }) => {
    await openScreen(page, null);
    await expect(page).toHaveURL(/\/admin\/login\?redirect=%2Fadmin%2Fprivacy$/);
  });
});

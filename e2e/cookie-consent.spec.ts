import { expect, test, type Page } from './fixtures';
import { consentIdPattern, consentVersion } from '../common/src/privacy';
import { site } from '../common/src/site';
import {
  gtagCalls,
  named,
  spyOnAnalytics,
  stubTrackers,
  trackerCalls,
  type TrackedEvent,
} from './helpers/analytics-spy';

async function storedConsent(page: Page) {
  return page.evaluate(
    (key) => JSON.parse(localStorage.getItem(key) ?? 'null') as unknown,
    site.consentStorageKey,
  ) as Promise<{
    preferences: { essential: boolean; analytics: boolean; marketing: boolean };
    timestamp: string;
    userId: string;
    version: number;
    consentId?: string;
    consentRecordedAt?: string;
  } | null>;
}

async function visitorId(page: Page) {
  return page.evaluate((key) => localStorage.getItem(key), site.visitorIdStorageKey);
}

/** Opens a page with a fake clock and waits until the app has hydrated (its first page view). */
async function openWithClock(page: Page, events: TrackedEvent[], path = '/') {
  await page.clock.install();
  await page.goto(path);
  await expect.poll(() => named(events, 'Page View').length).toBeGreaterThan(0);
}

function consentActions(events: TrackedEvent[]) {
  return named(events, 'Cookie Consent').map((event) => event.properties.action);
}

test.describe('Cookie banner', () => {
  let events: TrackedEvent[];

  test.beforeEach(async ({ page }) => {
    await stubTrackers(page);
    events = await spyOnAnalytics(page);
  });

  test('is hidden at first and appears 1.5 seconds after load; consent mode starts denied', async ({ page }) => {
    await openWithClock(page, events);
    const banner = page.getByRole('dialog', { name: 'We value your privacy' });
    await expect(banner).toBeHidden();
    await page.clock.runFor(1000);
    await expect(banner).toBeHidden();
    await page.clock.runFor(600);
    await expect(banner).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Cookie Policy' })).toHaveAttribute('href', '/cookies');
    const calls = await gtagCalls(page);
    expect(calls[0]).toEqual([
      'consent',
      'default',
      expect.objectContaining({
        analytics_storage: 'denied',
        ad_storage: 'denied',
        ad_user_data: 'denied',
        ad_personalization: 'denied',
      }),
    ]);
    expect(await storedConsent(page)).toBeNull();
    // Without consent the visitor id is never sent.
    expect(events.every((event) => event.visitorId === undefined && event.analyticsConsent === false)).toBe(true);
  });

  test('Accept All stores every category on, grants consent mode and lets the tracker track the page', async ({
    page,
  }) => {
    await openWithClock(page, events);
    await page.clock.runFor(1600);
    await page.getByRole('button', { name: 'Accept All' }).click();
    await expect(page.getByTestId('cookie-banner')).toBeHidden();

    // The choice is stored at once; the consent id and time the server records (POST /api/consent)
    // join it when that answer arrives.
    const isoTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
    await expect.poll(async () => (await storedConsent(page))?.consentId).toMatch(consentIdPattern);
    const record = await storedConsent(page);
    expect(record).toEqual({
      preferences: { essential: true, analytics: true, marketing: true },
      timestamp: expect.stringMatching(isoTime),
      userId: expect.stringMatching(/^user_[a-z0-9]+_\d+$/),
      version: consentVersion,
      consentId: expect.stringMatching(consentIdPattern),
      consentRecordedAt: expect.stringMatching(isoTime),
    });
    expect(record!.userId).toBe(await visitorId(page));
    expect((await gtagCalls(page)).at(-1)).toEqual([
      'consent',
      'update',
      { analytics_storage: 'granted', ad_storage: 'granted', ad_user_data: 'granted', ad_personalization: 'granted' },
    ]);
    expect(await trackerCalls(page)).toEqual([['doNotTrack', { track: true }], ['setPath', '/'], ['trackPageView']]);
    await expect.poll(() => consentActions(events)).toEqual(['accept_all', 'consent_accepted']);
    // With analytics consent the visitor id goes along.
    const accepted = named(events, 'Cookie Consent').at(-1)!;
    expect(accepted.visitorId).toBe(record!.userId);
    expect(accepted.analyticsConsent).toBe(true);

    await page.reload();
    await expect.poll(() => named(events, 'Page View').length).toBeGreaterThan(1);
    await page.clock.runFor(3000);
    await expect(page.getByTestId('cookie-banner')).toBeHidden();
  });

  test('Reject All stores both off, denies consent mode, revokes the tracker and clears cookies already set', async ({
    page,
    context,
    baseURL,
  }) => {
    const url = new URL(baseURL!);
    await context.addCookies(
      ['_ga', '_gid', '__hstc', 'hubspotutk', 'session_keep'].map((name) => ({
        name,
        value: '1',
        domain: url.hostname,
        path: '/',
      })),
    );
    await openWithClock(page, events);
    await page.clock.runFor(1600);
    await page.getByRole('button', { name: 'Reject All' }).click();
    await expect(page.getByTestId('cookie-banner')).toBeHidden();
    expect((await storedConsent(page))!.preferences).toEqual({ essential: true, analytics: false, marketing: false });
    expect((await gtagCalls(page)).at(-1)).toEqual([
      'consent',
      'update',
      { analytics_storage: 'denied', ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' },
    ]);
    expect(await trackerCalls(page)).toEqual([['revokeCookieConsent'], ['doNotTrack']]);
    const names = (await context.cookies()).map((cookie) => cookie.name);
    expect(names).toEqual(['session_keep']);
    await expect.poll(() => consentActions(events)).toEqual(['reject_all', 'consent_declined']);
    expect(named(events, 'Cookie Consent').every((event) => event.visitorId === undefined)).toBe(true);
  });

  test('Dismiss closes the banner and stores both categories off', async ({ page }) => {
    await openWithClock(page, events);
    await page.clock.runFor(1600);
    await page.getByRole('button', { name: 'Dismiss cookie banner' }).click();
    await expect(page.getByTestId('cookie-banner')).toBeHidden();
    expect((await storedConsent(page))!.preferences).toEqual({ essential: true, analytics: false, marketing: false });
    await expect.poll(() => consentActions(events)).toEqual(['dismiss', 'consent_declined']);
  });

  test('Customize shows the categories, Back returns, Save Preferences stores the chosen values', async ({ page }) => {
    await openWithClock(page, events);
    await page.clock.runFor(1600);
    await page.getByRole('button', { name: 'Customize' }).click();
    const banner = page.getByRole('dialog', { name: 'Cookie Preferences' });
    await expect(banner).toBeVisible();
    await expect(banner.getByLabel(/Essential/)).toBeChecked();
    await expect(banner.getByLabel(/Essential/)).toBeDisabled();
    await expect(banner.getByLabel('Analytics')).not.toBeChecked();
    await expect(banner.getByLabel('Marketing')).not.toBeChecked();

    await banner.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('dialog', { name: 'We value your privacy' })).toBeVisible();
    await page.getByRole('button', { name: 'Customize' }).click();
    await banner.getByLabel('Analytics').check();
    await banner.getByRole('button', { name: 'Save Preferences' }).click();
    await expect(page.getByTestId('cookie-banner')).toBeHidden();

    expect((await storedConsent(page))!.preferences).toEqual({ essential: true, analytics: true, marketing: false });
    expect((await gtagCalls(page)).at(-1)).toEqual([
      'consent',
      'update',
      { analytics_storage: 'granted', ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' },
    ]);
    expect(await trackerCalls(page)).toEqual([['revokeCookieConsent'], ['doNotTrack']]);
    await expect
      .poll(() => consentActions(events))
      .toEqual(['customize', 'customize', 'save_custom', 'consent_accepted']);
    const saved = named(events, 'Cookie Consent').find((event) => event.properties.action === 'save_custom')!;
    expect(saved.properties.enabled_categories).toBe(1);
  });

  test('the footer Cookie settings button reopens the choices with the stored values, by keyboard', async ({
    page,
  }) => {
    await openWithClock(page, events);
    await page.clock.runFor(1600);
    await page.getByRole('button', { name: 'Reject All' }).click();
    await expect(page.getByTestId('cookie-banner')).toBeHidden();

    const settings = page.getByRole('button', { name: 'Cookie settings' });
    await settings.focus();
    await page.keyboard.press('Enter');
    const banner = page.getByRole('dialog', { name: 'We value your privacy' });
    await expect(banner).toBeVisible();
    await expect(banner.getByRole('heading', { name: 'We value your privacy' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(banner.getByRole('link', { name: 'Cookie Policy' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(banner.getByRole('button', { name: 'Accept All' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(banner).toBeHidden();
    await expect(settings).toBeFocused();
    expect((await storedConsent(page))!.preferences).toEqual({ essential: true, analytics: true, marketing: true });

    await settings.click();
    await page.getByRole('button', { name: 'Customize' }).click();
    await expect(page.getByTestId('cookie-banner').getByLabel('Analytics')).toBeChecked();
    await expect(page.getByTestId('cookie-banner').getByLabel('Marketing')).toBeChecked();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('cookie-banner')).toBeHidden();
    expect((await storedConsent(page))!.preferences).toEqual({ essential: true, analytics: false, marketing: false });
  });

  test('records every banner choice on the server without the address, and /cookies shows the last consent id and date', async ({
    page,
  }) => {
    /** Makes a choice and answers what the banner sent to `POST /api/consent` and what the server stored. */
    async function choose(click: () => Promise<void>) {
      const answered = page.waitForResponse(
        (response) => response.url().endsWith('/api/consent') && response.request().method() === 'POST',
      );
      await click();
      const response = await answered;
      expect(response.status()).toBe(201);
      return {
        sent: response.request().postDataJSON() as Record<string, unknown>,
        stored: (await response.json()) as Record<string, unknown>,
      };
    }
    const proof = (action: string, analytics: boolean, marketing: boolean) => ({
      consentId: expect.stringMatching(/^CNS-[A-Z0-9]{16}$/),
      analytics,
      marketing,
      action,
      bannerVersion: expect.stringMatching(/^[0-9a-f]{8}$/),
      recordedAt: expect.any(String),
    });

    await openWithClock(page, events);
    await page.clock.runFor(1600);
    const rejected = await choose(() => page.getByRole('button', { name: 'Reject All' }).click());
    expect(rejected.sent).toEqual({
      analytics: false,
      marketing: false,
      action: 'reject_all',
      bannerVersion: expect.stringMatching(/^[0-9a-f]{8}$/),
    });
    expect(rejected.stored).toEqual(proof('reject_all', false, false));

    const settings = page.getByRole('button', { name: 'Cookie settings' });
    await settings.click();
    const accepted = await choose(() => page.getByRole('button', { name: 'Accept All' }).click());
    expect(accepted.stored).toEqual(proof('accept_all', true, true));

    await settings.click();
    await page.getByRole('button', { name: 'Customize' }).click();
    const banner = page.getByRole('dialog', { name: 'Cookie Preferences' });
    await banner.getByLabel('Marketing').uncheck();
    const saved = await choose(() => banner.getByRole('button', { name: 'Save Preferences' }).click());
    expect(saved.stored).toEqual(proof('save_custom', true, false));
    // Each choice is a record of its own.
    expect(new Set([rejected, accepted, saved].map((choice) => choice.stored.consentId)).size).toBe(3);

    await page.goto('/cookies');
    const yours = page.getByTestId('your-consent');
    await expect(yours.getByTestId('consent-id')).toHaveText(saved.stored.consentId as string);
    await expect(yours.getByTestId('consent-date')).toHaveText(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/);
    await expect(yours).toContainText('We store it without your IP address.');
  });

  test('asks again when the stored consent has an older version', async ({ page }) => {
    await page.addInitScript(
      ({ key, version }) => {
        localStorage.setItem(
          key,
          JSON.stringify({
            preferences: { essential: true, analytics: true, marketing: true },
            timestamp: '2025-01-01T00:00:00.000Z',
            userId: 'user_old12345_1735689600000',
            version,
          }),
        );
      },
      { key: site.consentStorageKey, version: consentVersion - 1 },
    );
    await openWithClock(page, events);
    await page.clock.runFor(1600);
    await expect(page.getByRole('dialog', { name: 'We value your privacy' })).toBeVisible();
  });
});

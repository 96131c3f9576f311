import type { Page } from '@playwright/test';

export interface TrackedEvent {
  event: string;
  properties: Record<string, string | number | boolean | null>;
  visitorId?: string;
  analyticsConsent?: boolean;
}

/**
 * Observes POST /api/analytics/track: every body the page sends is recorded and answered 204
 * without reaching the server.
 */
export async function spyOnAnalytics(page: Page): Promise<TrackedEvent[]> {
  const events: TrackedEvent[] = [];
  await page.route('**/api/analytics/track', async (route) => {
    events.push(route.request().postDataJSON() as TrackedEvent);
    await route.fulfill({ status: 204 });
  });
  return events;
}

export function named(events: TrackedEvent[], name: string): TrackedEvent[] {
  return events.filter((event) => event.event === name);
}

/** Stub gtag and marketing tracker queue, installed before any page script runs. */
export async function stubTrackers(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const calls: unknown[][] = [];
    const tracker: unknown[][] = [];
    Object.assign(window, {
      __gtagCalls: calls,
      __trackerCalls: tracker,
      gtag: (...args: unknown[]) => calls.push(args),
      _hsq: { push: (command: unknown[]) => tracker.push(command) },
    });
  });
}

export function gtagCalls(page: Page): Promise<unknown[][]> {
  return page.evaluate(() => (window as unknown as { __gtagCalls: unknown[][] }).__gtagCalls);
}

export function trackerCalls(page: Page): Promise<unknown[][]> {
  return page.evaluate(() => (window as unknown as { __trackerCalls: unknown[][] }).__trackerCalls);
}

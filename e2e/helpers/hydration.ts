import type { Page } from '@playwright/test';

/** Opens a page and waits until React has hydrated it (clicks before that are plain page loads). */
export async function gotoHydrated(page: Page, url: string) {
  const response = await page.goto(url);
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
  return response;
}

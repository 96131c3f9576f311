import { test as base, expect } from '@playwright/test';
import { workerDataDir, workerPort } from './helpers/worker-servers';

/**
 * Every test talks to its worker slot's own server (see helpers/worker-servers.ts); a suite that
 * starts a server of its own points `baseURL` there with `test.use`.
 *
 * Every suite's `page.goto` waits until React has hydrated the page (the `data-hydrated` marker),
 * so that a test never clicks server-rendered HTML before its handlers exist, a race that only
 * shows on a busy machine. Navigations that ask for an earlier `waitUntil` are left alone.
 */
export const test = base.extend({
  baseURL: async ({}, use, testInfo) => {
    await use(`http://127.0.0.1:${workerPort(testInfo.parallelIndex)}`);
  },
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      const waitsForLoad = !options?.waitUntil || options.waitUntil === 'load' || options.waitUntil === 'networkidle';
      const isPage = (response?.headers()['content-type'] ?? '').includes('text/html');
      if (waitsForLoad && isPage) {
        await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout: 20_000 });
      }
      return response;
    };
    await use(page);
  },
});

export { expect };

/** The data folder of the running test's worker slot (its server's embedded database and connection file). */
export function dataDir(): string {
  return workerDataDir(test.info().parallelIndex);
}
export type { Page } from '@playwright/test';

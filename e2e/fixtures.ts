import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { workerDataDir, workerPort } from './helpers/worker-servers';

const hydrationAware = new WeakSet<Page>();

/**
 * Makes `page.goto` wait until React has hydrated the page (the `data-hydrated` marker), so that a
 * test never clicks server-rendered HTML before its handlers exist, a race that only shows on a busy
 * machine. Navigations that ask for an earlier `waitUntil` are left alone.
 */
function waitForHydrationOnGoto(page: Page): Page {
  if (hydrationAware.has(page)) return page;
  hydrationAware.add(page);
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
  return page;
}

/** Every page a context opens (the test's own, `newPage()`, pop-ups) waits for hydration on `goto`. */
function hydrationAwareContext(context: BrowserContext): BrowserContext {
  context.pages().forEach(waitForHydrationOnGoto);
  context.on('page', waitForHydrationOnGoto);
  const newPage = context.newPage.bind(context);
  context.newPage = async () => waitForHydrationOnGoto(await newPage());
  return context;
}

/**
 * Every test talks to its worker slot's own server (see helpers/worker-servers.ts); a suite that
 * starts a server of its own points `baseURL` there with `test.use`. Every page, including those of
 * contexts a test opens itself with `browser.newContext()`, waits for hydration after `goto`.
 */
export const test = base.extend<object, object>({
  baseURL: async ({}, use, testInfo) => {
    await use(`http://127.0.0.1:${workerPort(testInfo.parallelIndex)}`);
  },
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => hydrationAwareContext(await newContext(options));
      await use(browser);
    },
    { scope: 'worker' },
  ],
  context: async ({ context }, use) => {
    await use(hydrationAwareContext(context));
  },
});

export { expect };

/** The data folder of the running test's worker slot (its server's embedded database and connection file). */
export function dataDir(): string {
  return workerDataDir(test.info().parallelIndex);
}
export type { Page } from '@playwright/test';

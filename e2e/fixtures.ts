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

/** Where the admin's body editors keep the writer's choice of rich text or markdown source (body-editor.tsx). */
const bodyEditorModeKey = 'northbeam.body-editor';

/**
 * The body editors open as the writer last left them (rich text unless they chose the markdown source).
 * Every context starts in the markdown source, a labelled text area the suites type a body's markdown
 * into; a test about the rich text editor clicks "Rich text", which is then kept for the context.
 */
async function startBodyEditorIn(context: BrowserContext, mode: 'rich' | 'markdown'): Promise<void> {
  await context.addInitScript(
    ([key, value]) => {
      if (window.localStorage.getItem(key) === null) window.localStorage.setItem(key, value);
    },
    [bodyEditorModeKey, mode] as const,
  );
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
      browser.newContext = async (options) => {
        const context = await newContext(options);
        await startBodyEditorIn(context, 'markdown');
        return hydrationAwareContext(context);
      };
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
export type { Locator, Page } from '@playwright/test';

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { publicScreenPaths, resolvedAdminScreenPaths, sitemapPaths } from './helpers/screens';

/**
 * The Nu Html Checker (the W3C's validator, `vnu-jar`, run on Debian's Java) over the server HTML of
 * every public route (the fixed list and every address of the sitemap) and of every admin screen as
 * the super admin receives it. Zero errors; warnings are counted, not failed.
 */
const vnuJar = createRequire(import.meta.url)('vnu-jar') as string;
const admin = { email: process.env.E2E_ADMIN_EMAIL!, password: process.env.E2E_ADMIN_PASSWORD! };

interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: string;
  url: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

test.describe('HTML validity', () => {
  test.setTimeout(240_000);

  test('every public page and admin screen passes the Nu Html Checker with no error', async ({
    playwright,
    baseURL,
  }) => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'northbeam-vnu-'));
    const documents = new Map<string, string>();
    const fetchAll = async (request: APIRequestContext, paths: string[], prefix: string) => {
      for (const address of paths) {
        const response = await request.get(address, { headers: { accept: 'text/html' } });
        expect(response.headers()['content-type'], address).toContain('text/html');
        const file = path.join(folder, `${prefix}-${documents.size}.html`);
        writeFileSync(file, await response.text());
        documents.set(`file:${file}`, address);
      }
    };

    const visitor = await playwright.request.newContext({ baseURL });
    const publicPaths = [...new Set([...publicScreenPaths, ...(await sitemapPaths(visitor))])];
    await fetchAll(visitor, publicPaths, 'public');
    await visitor.dispose();

    const staff = await playwright.request.newContext({ baseURL });
    expect((await staff.post('/api/admin/login', { data: admin })).ok()).toBe(true);
    await fetchAll(staff, await resolvedAdminScreenPaths(staff), 'admin');
    await staff.dispose();

    const run = spawnSync('java', ['-jar', vnuJar, '--format', 'json', '--exit-zero-always', folder], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    rmSync(folder, { recursive: true, force: true });
    expect(run.error, 'java could not run the checker').toBeUndefined();
    const messages = (JSON.parse(run.stderr) as { messages: VnuMessage[] }).messages;
    const errors = messages.filter((message) => message.type !== 'info');
    const warnings = messages.filter((message) => message.type === 'info' && message.subType === 'warning');
    console.log(`vnu: ${documents.size} documents, ${errors.length} errors (${warnings.length} warnings)`);
    const described = errors.map(
      (error) =>
        `${documents.get(error.url) ?? error.url} line ${error.lastLine ?? '?'}: ${error.message} ${
          error.extract ? `«${error.extract.trim().slice(0, 160)}»` : ''
        }`,
    );
    expect(described).toEqual([]);
    expect(documents.size).toBeGreaterThan(40);
  });
});

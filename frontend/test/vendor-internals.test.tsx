import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as reactRouter from 'react-router';
import { data, UNSAFE_createBrowserHistory, UNSAFE_RouteContext } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

/**
 * One check per front-end workaround listed in docs/vendor-workarounds.md: each fails when an
 * upgrade moves or changes the internal it relies on.
 */
const modules = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../node_modules');
const read = (file: string) => readFileSync(path.join(modules, file), 'utf8');
const version = (name: string) => (JSON.parse(read(`${name}/package.json`)) as { version: string }).version;

describe('Vike', () => {
  it('is the version patches/ was written for, with the patch applied', () => {
    expect(existsSync(path.resolve(modules, `../patches/vike+${version('vike')}.patch`))).toBe(true);
    expect(read('vike/dist/shared-server-client/getPageContextPublicShared.js')).toContain('get: getPageIdDeprecated');
    expect(read('vike/dist/shared-server-client/page-configs/resolveVikeConfigPublic.js')).toContain(
      'get: getPageExportsDeprecated',
    );
    expect(read('vike/dist/utils/catchInfiniteLoop.js')).toContain('now - lastCleanup >= 1000');
  });

  it('still injects its assets at the two placeholders +onRenderHtml.tsx writes', () => {
    const injector = read('vike/dist/server/runtime/renderPageServer/html/injectAssets/injectHtmlTags.js');
    const page = readFileSync(path.resolve(modules, '../frontend/pages/+onRenderHtml.tsx'), 'utf8');
    for (const placeholder of ['__VITE_PLUGIN_SSR__ASSETS_FIRST__', '__VITE_PLUGIN__SSR_ASSETS_LAST__']) {
      expect(injector).toContain(`'${placeholder}'`);
      expect(page).toContain(placeholder);
    }
  });
});

describe('React Router', () => {
  it('exports the context and history that data-router.tsx and browser-router.tsx use', () => {
    expect(UNSAFE_RouteContext).toHaveProperty('Provider');
    expect(typeof UNSAFE_createBrowserHistory).toBe('function');
  });

  it("marks data(…, init) with the 'DataWithResponseInit' shape data-router.tsx recognises", () => {
    expect(data({ reason: 'missing' }, { status: 404 })).toMatchObject({
      type: 'DataWithResponseInit',
      data: { reason: 'missing' },
      init: { status: 404 },
    });
  });

  it('ships the production files vite.config.ts aliases, with the same exports as the package', async () => {
    const production = path.join(modules, 'react-router/dist/production');
    expect(existsSync(path.join(production, 'index.mjs'))).toBe(true);
    expect(existsSync(path.join(production, 'dom-export.mjs'))).toBe(true);
    const built = (await import(/* @vite-ignore */ path.join(production, 'index.mjs'))) as Record<string, unknown>;
    expect(Object.keys(built).sort()).toEqual(Object.keys(reactRouter).sort());
  });
});

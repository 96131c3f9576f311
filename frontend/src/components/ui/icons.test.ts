import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { postSections } from '@northbeam/common';
import { brandGlyphNames } from '@/components/layout/social-icon';
import { ArrowRight, Search, sizedByClass } from './icons';

const here = path.dirname(fileURLToPath(import.meta.url));

describe('icons', () => {
  it('the committed sprite holds exactly the icons icons.tsx declares, drawn from lucide', () => {
    const run = spawnSync(process.execPath, [path.resolve(here, '../../../scripts/icon-sprite.mjs'), '--check']);
    expect(run.stderr.toString()).toBe('');
    expect(run.status).toBe(0);
  });

  it('every icon the module exports has a symbol in the sprite', () => {
    const sprite = readFileSync(path.resolve(here, 'icons.svg'), 'utf8');
    const declared = [...readFileSync(path.resolve(here, 'icons.tsx'), 'utf8').matchAll(/icon\('([a-z0-9-]+)'\)/g)];
    expect(declared.length).toBeGreaterThan(50);
    for (const [, name] of declared) expect(sprite).toContain(`<symbol id="${name}" viewBox="0 0 24 24">`);
    for (const name of [...brandGlyphNames, 'unknown']) expect(sprite).toContain(`<symbol id="brand-${name}"`);
    // The logo mark and every section's banner illustration (scripts/artwork.mjs).
    for (const name of ['logo', ...postSections.map((section) => `banner-${section}`)])
      expect(sprite).toContain(`<symbol id="${name}"`);
  });

  it('renders a reference to the sprite, not the paths, and is hidden unless named', () => {
    const hidden = renderToStaticMarkup(createElement(ArrowRight, { className: 'h-4 w-4' }));
    expect(hidden).toMatch(/^<svg [^>]*aria-hidden="true"[^>]*><use href="[^"]*#arrow-right"><\/use><\/svg>$/);
    expect(hidden).toContain('class="h-4 w-4"');
    expect(hidden).not.toContain('<path');
    const named = renderToStaticMarkup(createElement(Search, { 'aria-label': 'Search' }));
    expect(named).not.toContain('aria-hidden');
    expect(named).toContain('aria-label="Search"');
  });

  it('leaves the size to the class where the class sets it, and to width and height otherwise', () => {
    const byClass = renderToStaticMarkup(createElement(ArrowRight, { className: 'size-4 sm:size-5' }));
    expect(byClass).toMatch(/^<svg aria-hidden="true" class="size-4 sm:size-5"><use /);
    const bySize = renderToStaticMarkup(createElement(ArrowRight, { size: 16, className: 'size-4' }));
    expect(bySize).toContain('width="16" height="16"');
    const unsized = renderToStaticMarkup(createElement(ArrowRight, { className: 'shrink-0' }));
    expect(unsized).toContain('width="24" height="24"');
    expect(sizedByClass('shrink-0 lg:size-6')).toBe(true);
    expect(sizedByClass('min-size-4 text-size')).toBe(false);
    expect(sizedByClass(undefined)).toBe(false);
  });
});

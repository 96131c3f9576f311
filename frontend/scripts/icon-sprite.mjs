#!/usr/bin/env node
// Writes the icon sprite (`src/components/ui/icons.svg`): one <symbol> per icon that
// `src/components/ui/icons.tsx` declares with `icon('<name>')`, drawn from the `lucide` package's
// public icon data, then the brand glyphs and the site's own drawings (artwork.mjs). Pages then send `<svg><use href="…#name"/></svg>` and never repeat a path.
// `node frontend/scripts/icon-sprite.mjs` rewrites the file; `--check` fails when it is stale
// (the front end's unit tests run the same comparison).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as lucide from 'lucide';
import { artwork } from './artwork.mjs';
import { brandGlyphs } from './brand-glyphs.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
export const iconsModule = path.resolve(here, '../src/components/ui/icons.tsx');
export const spriteFile = path.resolve(here, '../src/components/ui/icons.svg');

/** The names `icons.tsx` asks for, in order of first appearance, each once. */
export function declaredIconNames(source) {
  return [...new Set([...source.matchAll(/\bicon\('([a-z0-9-]+)'\)/g)].map((match) => match[1]))];
}

const pascal = (name) =>
  name
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');

const escapeAttribute = (value) =>
  String(value).replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

function element([tag, attributes, children = []]) {
  const attrs = Object.entries(attributes)
    .map(([key, value]) => ` ${key}="${escapeAttribute(value)}"`)
    .join('');
  return children.length ? `<${tag}${attrs}>${children.map(element).join('')}</${tag}>` : `<${tag}${attrs}/>`;
}

// Lucide's drawing attributes, set once per symbol instead of on every icon of a page.
const strokeGroup = 'fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"';

/**
 * The sprite's text for these lucide names plus the brand glyphs (`brand-<name>`, filled) and the
 * artwork (logo, banners); throws on a name `lucide` does not have.
 */
export function spriteFor(names) {
  const symbols = names.map((name) => {
    const node = lucide[pascal(name)];
    if (!Array.isArray(node)) throw new Error(`lucide has no icon "${name}" (export ${pascal(name)})`);
    return `<symbol id="${name}" viewBox="0 0 24 24"><g ${strokeGroup}>${node.map(element).join('')}</g></symbol>`;
  });
  const brands = Object.entries(brandGlyphs).map(
    ([name, d]) =>
      `<symbol id="brand-${name}" viewBox="0 0 24 24"><path fill="currentColor" d="${escapeAttribute(d)}"/></symbol>`,
  );
  const drawings = Object.entries(artwork).map(
    ([name, { viewBox, content }]) => `<symbol id="${name}" viewBox="${viewBox}">${content}</symbol>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${[...symbols, ...brands, ...drawings].join('\n')}\n</svg>\n`;
}

export function expectedSprite() {
  return spriteFor(declaredIconNames(readFileSync(iconsModule, 'utf8')));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const expected = expectedSprite();
  if (process.argv.includes('--check')) {
    const current = readFileSync(spriteFile, 'utf8');
    if (current !== expected) {
      process.stderr.write('icons.svg is stale: run `node frontend/scripts/icon-sprite.mjs`\n');
      process.exit(1);
    }
  } else {
    writeFileSync(spriteFile, expected);
  }
}

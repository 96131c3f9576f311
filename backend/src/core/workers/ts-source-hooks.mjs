// Module hooks for ts-source-worker.mjs: `./x.js` from a `.ts` file is `./x.ts` when that exists,
// `@northbeam/common` is its sources (as Jest's moduleNameMapper has it: a fresh checkout has no
// built common/dist), and `.ts` files are compiled by SWC (a development dependency, as for Jest).
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);

const commonSources = new URL('../../../../common/src/index.ts', import.meta.url);

export async function resolve(specifier, context, next) {
  if (specifier === '@northbeam/common') return { url: commonSources.href, format: 'module', shortCircuit: true };
  if (specifier.startsWith('.') && specifier.endsWith('.js') && context.parentURL?.endsWith('.ts')) {
    const source = new URL(specifier.replace(/\.js$/, '.ts'), context.parentURL);
    if (existsSync(fileURLToPath(source))) return { url: source.href, format: 'module', shortCircuit: true };
  }
  return next(specifier, context);
}

export async function load(url, context, next) {
  if (!url.endsWith('.ts')) return next(url, context);
  const swc = require('@swc/core');
  const filename = fileURLToPath(url);
  const { code } = await swc.transform(await readFile(filename, 'utf8'), {
    filename,
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'es6' },
  });
  return { format: 'module', source: code, shortCircuit: true };
}

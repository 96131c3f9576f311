import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Front-end unit tests (`npm run test:unit -w @northbeam/frontend`): the route-data layer, the
 * libraries and the checks of the dependency internals the front end relies on. Node, no DOM: the
 * server half of every module runs as it does in SSR. Not vite.config.ts, whose Vike plugin builds pages.
 */
export default defineConfig({
  resolve: {
    alias: [
      { find: /^@northbeam\/common$/, replacement: path.resolve(here, '../common/src/index.ts') },
      { find: '@', replacement: path.resolve(here, 'src') },
    ],
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    environment: 'node',
  },
});

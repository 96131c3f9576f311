import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import vike from 'vike/plugin';
import { defineConfig } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  plugins: [react(), tailwindcss(), vike()],
  resolve: {
    alias: {
      // The shared package is compiled from source here, so the front end never waits on its build.
      '@northbeam/common': path.resolve(here, '../common/src/index.ts'),
      '@': path.resolve(here, 'src'),
    },
  },
  build: {
    target: 'es2022',
    cssCodeSplit: true,
    // SOURCEMAP=1 for looking into bundle sizes; production builds ship none.
    sourcemap: process.env.SOURCEMAP === '1',
  },
});

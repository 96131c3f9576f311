import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import vike from 'vike/plugin';
import { defineConfig } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * React Router's package exports only its development build (remix-run/react-router#14102,
 * #12532): warnings on, and their code in the bundle. A production build takes the production
 * files it ships beside them, in the browser bundle and, bundled in, on the server.
 */
const reactRouterProduction = path.resolve(here, '../node_modules/react-router/dist/production');

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss(), vike()],
  resolve: {
    alias: [
      // The shared package is compiled from source here, so the front end never waits on its build.
      { find: '@northbeam/common', replacement: path.resolve(here, '../common/src/index.ts') },
      { find: '@', replacement: path.resolve(here, 'src') },
      ...(command === 'build'
        ? [
            { find: /^react-router$/, replacement: `${reactRouterProduction}/index.mjs` },
            { find: /^react-router\/dom$/, replacement: `${reactRouterProduction}/dom-export.mjs` },
          ]
        : []),
    ],
  },
  ssr: command === 'build' ? { noExternal: ['react-router', 'react-router-dom'] } : {},
  build: {
    target: 'es2022',
    cssCodeSplit: true,
    // SOURCEMAP=1 for looking into bundle sizes; production builds ship none.
    sourcemap: process.env.SOURCEMAP === '1',
    rolldownOptions: {
      // The shared package is constants and pure functions. Without side effects, an import through its
      // index reaches only the module that defines the name, so the staff tables and labels that only
      // admin screens use stay in admin chunks instead of the chunk every public page loads.
      treeshake: { moduleSideEffects: (id: string) => !id.replaceAll('\\', '/').includes('/common/src/') },
    },
  },
}));

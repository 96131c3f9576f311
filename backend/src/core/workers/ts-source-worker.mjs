// Starts a worker thread from TypeScript sources (the test suites run the sources; the build has
// compiled .js files and never comes here): registers hooks that compile `.ts` with SWC, as Jest
// does, then imports `workerData.entry`.
import { register } from 'node:module';
import { workerData } from 'node:worker_threads';

register(new URL('./ts-source-hooks.mjs', import.meta.url));
await import(workerData.entry);

import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The front-end workspace, from backend/src/ssr or backend/dist/ssr alike. */
export const frontendRoot = path.resolve(here, '../../../frontend');
export const frontendClientDir = path.join(frontendRoot, 'dist/client');
export const frontendServerEntry = path.join(frontendRoot, 'dist/server/entry.mjs');

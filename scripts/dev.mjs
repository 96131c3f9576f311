#!/usr/bin/env node
// `npm run dev`: the back end recompiles on change and restarts; Vite serves the front end with hot reload in the same process.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsc = spawn('npx', ['tsc', '-p', 'backend/tsconfig.build.json', '--watch', '--preserveWatchOutput'], {
  cwd: root,
  stdio: 'inherit',
});
const waitForFirstBuild = setInterval(async () => {
  const { existsSync } = await import('node:fs');
  if (!existsSync(path.join(root, 'backend/dist/main.js'))) return;
  clearInterval(waitForFirstBuild);
  const server = spawn(process.execPath, ['--watch-path=backend/dist', 'backend/dist/main.js'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NORTHBEAM_DEV_SERVER: '1' },
  });
  const stop = () => {
    server.kill('SIGTERM');
    tsc.kill('SIGTERM');
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}, 500);

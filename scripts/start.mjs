#!/usr/bin/env node
// `npm start`: builds what is missing or older than its sources, then serves the production build.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function stale(workspace, output) {
  const target = path.join(root, workspace, output);
  if (!existsSync(target)) return true;
  return newestMtime(path.join(root, workspace)) > statSync(target).mtimeMs;
}

const needsBuild =
  stale('common', 'dist/index.js') || stale('backend', 'dist/main.js') || stale('frontend', 'dist/server/entry.mjs');
if (needsBuild) {
  console.log('Building the site for production (first start or changed sources)...');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, [path.join(root, 'backend/dist/main.js')], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));

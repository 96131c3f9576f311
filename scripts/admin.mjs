#!/usr/bin/env node
// Staff accounts: `npm run admin -- create --email … --name … --role …` (see backend/src/cli/admin.ts).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const entry = path.join(root, 'backend/dist/cli/admin.js');
if (!existsSync(entry) || !existsSync(path.join(root, 'common/dist/index.js'))) {
  console.error('Building the back end first…');
  for (const workspace of ['common', 'backend']) {
    const build = spawnSync('npm', ['run', 'build', '-w', workspace], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
}
const result = spawnSync(process.execPath, [entry, ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
process.exit(result.status ?? 1);

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The real exports of `../shared/fixtures/` (beside the repository in CI; a git worktree finds them
 * further up). They are never copied into the repository.
 */
export function sharedFixturePath(name: string): string {
  const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
  for (let folder = repoRoot; ; folder = path.dirname(folder)) {
    const candidate = path.resolve(folder, '../shared/fixtures', name);
    if (existsSync(candidate)) return candidate;
    if (path.dirname(folder) === folder) throw new Error(`${name} is not in ../shared/fixtures beside the repository`);
  }
}

export function sharedFixture(name: string): Buffer {
  return readFileSync(sharedFixturePath(name));
}

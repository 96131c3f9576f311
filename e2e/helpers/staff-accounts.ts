import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { dataDir, expect } from '../fixtures';
import { repositoryRoot } from './server-process';

/** The consultant of every run (created by the staff CLI on first use). */
export const consultant = {
  email: 'e2e-consultant@northbeam.example',
  password: 'consultant-password-42',
  name: 'Casey Consultant',
};

/** Staff accounts come from the CLI, run against the running server's embedded database. */
export function createConsultantWithCli(account: { email: string; password: string; name: string } = consultant): void {
  const env = { ...process.env, DATABASE_URL: '', PGLITE_DIR: path.join(dataDir(), 'pglite') };
  const listed = execFileSync(process.execPath, ['scripts/admin.mjs', 'list'], {
    cwd: repositoryRoot,
    env,
    encoding: 'utf8',
  });
  if (listed.includes(account.email)) return;
  const output = execFileSync(
    process.execPath,
    [
      'scripts/admin.mjs',
      'create',
      '--email',
      account.email,
      '--name',
      account.name,
      '--role',
      'consultant',
      '--password-stdin',
    ],
    { cwd: repositoryRoot, env, input: `${account.password}\n`, encoding: 'utf8' },
  );
  expect(output).toContain(`Created consultant ${account.email}`);
}

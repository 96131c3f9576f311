import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SmtpCatcher } from '../../backend/test/helpers/smtp-catcher';
import type { Page } from '../fixtures';
import { repositoryRoot, startServer, waitForHealth, type ServerProcess } from './server-process';

export interface StaffAccount {
  email: string;
  password: string;
}

/**
 * A site of its own for a suite about the inbox's mail: the production server on `port`, over a fresh
 * embedded database in a temporary folder, sending its mail to an SMTP server in the test (`catcher`),
 * with `admin` as its first admin and `consultant` made by the staff CLI on the running site's database.
 * `start()` in the suite's `beforeAll` (with the environment the suite adds), `stop()` in its `afterAll`.
 */
export class MailSite {
  readonly catcher = new SmtpCatcher();
  private readonly dataDirectory: string;
  private server: ServerProcess | undefined;

  constructor(
    private readonly site: {
      /** Names the temporary folder and the session secret. */
      name: string;
      port: number;
      admin: StaffAccount;
      consultant: StaffAccount & { name: string };
    },
  ) {
    this.dataDirectory = mkdtempSync(path.join(tmpdir(), `northbeam-${site.name}-`));
  }

  async start(env: Record<string, string> = {}): Promise<void> {
    const { name, port, admin, consultant } = this.site;
    await this.catcher.start();
    this.server = startServer(
      {
        PGLITE_DIR: path.join(this.dataDirectory, 'pglite'),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
        SESSION_SECRET: `${name}-session-secret-0123456789abcdef`,
        SMTP_URL: this.catcher.url,
        SEED_CONTENT: 'false',
        ...env,
      },
      port,
    );
    // Starting a server (migrations on a fresh embedded database) takes a while on a busy machine.
    await waitForHealth(this.server, 110_000);
    // The staff CLI works on the running site's embedded database.
    execFileSync(
      process.execPath,
      [
        'scripts/admin.mjs',
        'create',
        '--email',
        consultant.email,
        '--name',
        consultant.name,
        '--role',
        'consultant',
        '--password-stdin',
      ],
      {
        cwd: repositoryRoot,
        env: { ...process.env, DATABASE_URL: '', PGLITE_DIR: path.join(this.dataDirectory, 'pglite') },
        input: `${consultant.password}\n`,
        encoding: 'utf8',
      },
    );
  }

  async stop(): Promise<void> {
    this.server?.child.kill('SIGTERM');
    await this.server?.exited;
    await this.catcher.stop();
    rmSync(this.dataDirectory, { recursive: true, force: true });
  }
}

export async function signIn(page: Page, account: StaffAccount): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/admin/login'));
}

export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign Out' }).first().click();
  await page.waitForURL('**/admin/login');
}

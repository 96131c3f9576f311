import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { workerCount, workerDataDir, workerPort } from './helpers/worker-servers';

/**
 * A throw-away data folder per run (set once here; workers inherit it), with one folder per worker
 * slot, so that the staff CLI can reach that slot's server's embedded database the way it does in
 * development.
 */
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'northbeam-e2e-'));
/** The super admin of every run (first-start bootstrap from ADMIN_EMAIL and ADMIN_PASSWORD). */
process.env.E2E_ADMIN_EMAIL ??= 'e2e-owner@northbeam.example';
process.env.E2E_ADMIN_PASSWORD ??= 'e2e-owner-password-0123';
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-quic',
  '--no-first-run',
  '--disable-sync',
];

/**
 * Browser suites against the production build, in Debian's Chromium (browser downloads are
 * impossible here). Files are shared out among the workers; each worker slot has a server and a
 * throw-away embedded database (a fresh temporary folder each run) of its own (e2e/fixtures.ts points
 * its tests there), so two files run at once without seeing each other's data.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: '../test-results/e2e-output',
  fullyParallel: false,
  workers: workerCount,
  // CI gets one more try per test: a test that passes only on it is reported as flaky by name
  // (scripts/test-all.mjs prints them), so that a timing slip on a busy machine is seen and fixed
  // without holding back a run whose every test passes on its own.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? '../test-results/e2e.json' }]],
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } }],
  webServer: Array.from({ length: workerCount }, (_, slot) => ({
    command: 'node backend/dist/main.js',
    cwd: '..',
    url: `http://127.0.0.1:${workerPort(slot)}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(workerPort(slot)),
      PUBLIC_URL: `http://127.0.0.1:${workerPort(slot)}`,
      PGLITE_DIR: path.join(workerDataDir(slot), 'pglite'),
      SESSION_SECRET: 'e2e-session-secret-that-is-long-enough-0123456789',
      ADMIN_EMAIL: process.env.E2E_ADMIN_EMAIL!,
      ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD!,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      // The webhook suite's receiver listens on 127.0.0.1, which webhooks otherwise refuse.
      WEBHOOK_ALLOW_PRIVATE: 'true',
    },
  })),
});

#!/usr/bin/env node
// `npm test`: every suite. API suites run on the embedded database and, when DATABASE_URL is set,
// again on that PostgreSQL server. Prints one closing line: "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, 'test-results');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const jest = ['--experimental-vm-modules', '--no-warnings', path.join(root, 'node_modules/jest/bin/jest.js')];
// Unit suites run in New York time: dates must come out in UK time whatever the machine's zone.
const unitEnv = { TZ: 'America/New_York' };
const steps = [
  {
    name: 'unit',
    command: process.execPath,
    args: [...jest, '--selectProjects', 'unit', '--json', `--outputFile=${reports}/unit.json`],
    cwd: 'backend',
    kind: 'jest',
    env: unitEnv,
  },
  // Front-end units (route-data layer, lib/, the dependency internals of docs/vendor-workarounds.md).
  {
    name: 'front-end unit (Vitest)',
    command: process.execPath,
    args: [
      path.join(root, 'node_modules/vitest/vitest.mjs'),
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${reports}/frontend-unit.json`,
    ],
    cwd: 'frontend',
    kind: 'vitest',
    env: unitEnv,
  },
];
/**
 * The API suites run once, on the database production uses: the PostgreSQL server when DATABASE_URL
 * is set (CI), else the embedded one. With a server, the embedded database still runs the files whose
 * behaviour depends on the database (its version, two instances sharing it over a socket, scheduled
 * jobs under advisory locks, the staff bootstrap and seed); the rest of it is exercised by the browser
 * suites, whose every server runs on the embedded database. Running all the files twice cost a
 * quarter of CI's time and found nothing the browser suites miss. Each file has a database of its own
 * (backend/test/helpers/test-database.ts), so two files run at a time.
 */
const databaseDependentFiles = [
  'error-contract',
  'instances',
  'scheduling',
  'privacy-scheduling',
  'staff-bootstrap-and-seed',
  'newsletter-audiences',
  'backup',
].map((name) => `test/${name}\\.e2e-spec\\.ts$`);
const apiArgs = (report) => [
  ...jest,
  '--selectProjects',
  'api',
  '--maxWorkers=2',
  '--json',
  `--outputFile=${reports}/${report}`,
];
if (process.env.DATABASE_URL) {
  steps.push(
    {
      name: 'api (embedded PostgreSQL, database-dependent files)',
      command: process.execPath,
      args: [...apiArgs('api-embedded.json'), '--testPathPatterns', ...databaseDependentFiles],
      cwd: 'backend',
      kind: 'jest',
      env: { DATABASE_URL: '' },
    },
    {
      name: 'api (PostgreSQL server)',
      command: process.execPath,
      args: apiArgs('api-postgres.json'),
      cwd: 'backend',
      kind: 'jest',
    },
  );
} else {
  steps.push({
    name: 'api (embedded PostgreSQL)',
    command: process.execPath,
    args: apiArgs('api-embedded.json'),
    cwd: 'backend',
    kind: 'jest',
    env: { DATABASE_URL: '' },
  });
}
steps.push({
  name: 'browser (Playwright, production build)',
  command: process.execPath,
  args: [path.join(root, 'scripts/test-e2e.mjs')],
  cwd: '.',
  kind: 'playwright',
});
// Faults: the production build (made by the browser step) against a PostgreSQL cluster of its own
// (Debian's initdb/pg_ctl).
steps.push({
  name: 'faults (database outage, SIGTERM under load)',
  command: process.execPath,
  args: [path.join(root, 'scripts/test-faults.mjs')],
  cwd: '.',
  kind: 'faults',
});
// The restore drill (docs/backup.md): back up a seeded site, wipe, restore, and the production build
// signs in and serves the same pages and media, on the embedded database and on the PostgreSQL server.
steps.push({
  name: 'restore drill (backup, wipe, restore; embedded and PostgreSQL)',
  command: process.execPath,
  args: [path.join(root, 'scripts/test-restore.mjs')],
  cwd: '.',
  kind: 'restore',
});
// Deployment: what docker-compose.yml runs (Debian's nginx with docker/nginx.conf, three instances of
// the production build on a fresh database of the PostgreSQL server) under load and rolling restarts.
steps.push({
  name: 'deployment (nginx, three instances, rolling restart)',
  command: process.execPath,
  args: [path.join(root, 'scripts/test-deploy.mjs')],
  cwd: '.',
  kind: 'deploy',
});

let passed = 0;
let failed = 0;
const failedSteps = [];
/** Browser tests that failed once and passed on CI's second try (see e2e/playwright.config.ts). */
const flaky = [];

function flakyTests(report) {
  const names = [];
  const visit = (suite, trail) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status === 'flaky') names.push(`${spec.file}: ${[...trail, spec.title].join(' › ')}`);
      }
    }
    for (const child of suite.suites ?? []) visit(child, [...trail, child.title]);
  };
  for (const suite of report.suites ?? []) visit(suite, []);
  return names;
}
/** How long each step took, printed at the end: where a run's time goes. */
const durations = [];
for (const step of steps) {
  console.log(`\n=== ${step.name} ===`);
  const startedAt = Date.now();
  const result = spawnSync(step.command, step.args, {
    cwd: path.join(root, step.cwd),
    stdio: 'inherit',
    env: { ...process.env, ...step.env, PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reports, 'e2e.json') },
  });
  try {
    if (step.kind === 'jest') {
      const report = JSON.parse(
        readFileSync(step.args.find((arg) => arg.startsWith('--outputFile=')).slice(13), 'utf8'),
      );
      passed += report.numPassedTests;
      failed += report.numFailedTests + report.numRuntimeErrorTestSuites;
    } else if (step.kind === 'vitest') {
      const report = JSON.parse(readFileSync(path.join(reports, 'frontend-unit.json'), 'utf8'));
      passed += report.numPassedTests;
      failed += report.numFailedTests + (report.numFailedTests === 0 && result.status !== 0 ? 1 : 0);
    } else if (step.kind === 'faults' || step.kind === 'deploy' || step.kind === 'restore') {
      const report = JSON.parse(readFileSync(path.join(reports, `${step.kind}.json`), 'utf8'));
      passed += report.passed;
      failed += report.failed;
    } else {
      const report = JSON.parse(readFileSync(path.join(reports, 'e2e.json'), 'utf8'));
      passed += report.stats.expected + (report.stats.flaky ?? 0);
      failed += report.stats.unexpected;
      flaky.push(...flakyTests(report));
    }
  } catch {
    if (result.status !== 0) failed += 1;
  }
  if (result.status !== 0) failedSteps.push(step.name);
  durations.push(`${step.name} ${Math.round((Date.now() - startedAt) / 1000)} s`);
}
console.log(`\nTime per suite: ${durations.join('; ')}`);

console.log(`\nSuites failed: ${failedSteps.length ? failedSteps.join(', ') : 'none'}`);
if (flaky.length)
  console.log(`Flaky (failed once, passed on the second try; to fix):\n${flaky.map((name) => `  ${name}`).join('\n')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failedSteps.length ? 1 : 0);

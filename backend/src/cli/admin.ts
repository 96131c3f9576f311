import 'reflect-metadata';
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { Module, type DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { staffRoles, type StaffRole } from '@northbeam/common';
import { ConfigModule } from '../core/config/config.module.js';
import { ConfigError, loadConfig, readDotEnv, type AppConfig } from '../core/config/config.js';
import type { DatabaseConnection } from '../database/data-source-options.js';
import { DatabaseModule } from '../database/database.module.js';
import {
  embeddedUrl,
  findRunningEmbeddedDatabase,
  startEmbeddedDatabase,
  type EmbeddedDatabase,
} from '../database/embedded-database.js';
import { backup, restore, type BackupFormatChoice } from './backup.js';
import { generatePassword } from '../modules/users/password.js';
import { UsersModule } from '../modules/users/users.module.js';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ActivityModule } from '../modules/activity/activity.module.js';
import { LoginAttempt } from '../modules/auth/entities/login-attempt.entity.js';
import { RecoveryCode } from '../modules/auth/entities/recovery-code.entity.js';
import { LoginThrottleRepository } from '../modules/auth/login-throttle.repository.js';
import { LoginThrottleService } from '../modules/auth/login-throttle.service.js';
import { TwoFactorRepository } from '../modules/auth/two-factor/two-factor.repository.js';
import { TwoFactorService } from '../modules/auth/two-factor/two-factor.service.js';
import { UsersRepository } from '../modules/users/users.repository.js';
import { UsersService } from '../modules/users/users.service.js';

const usage = `Staff accounts of the site.

  npm run admin -- create --email EMAIL --name NAME --role super_admin|admin|consultant|privacy_officer [--password-stdin]
  npm run admin -- list
  npm run admin -- set-password --email EMAIL [--password-stdin]
  npm run admin -- disable --email EMAIL
  npm run admin -- reset-2fa --email EMAIL
  npm run admin -- backup --out FILE [--format auto|pg_dump|logical]
  npm run admin -- restore --from FILE [--yes]

reset-2fa turns two-factor sign-in off for an account that lost its authenticator and recovery
codes: it signs in with its password alone and enrols again (at once when STAFF_2FA requires it).
set-password, disable and reset-2fa end every session of the account, signed in or waiting for a code.

The password is read from standard input with --password-stdin, asked for (hidden) on a terminal,
or otherwise generated and printed once. The database is DATABASE_URL, else the running site's
embedded database, else the embedded data folder (PGLITE_DIR) opened directly.

backup writes everything the site keeps but signed-in sessions: pg_dump's custom format on a
PostgreSQL server when pg_dump is on PATH, else the site's own logical format (always on the
embedded database). restore replaces the whole database with a backup, in one transaction; it
refuses a file from a newer version of the site, and a running embedded site (stop it first).
See docs/backup.md.`;

@Module({})
class AdminCliModule {
  static register(config: AppConfig, connection: DatabaseConnection): DynamicModule {
    // Only what account management needs: no HTTP, no bootstrap admin, no seeding.
    return {
      module: AdminCliModule,
      imports: [
        ConfigModule.forRoot(config),
        DatabaseModule.forRoot(connection),
        UsersModule,
        ActivityModule,
        TypeOrmModule.forFeature([LoginAttempt, RecoveryCode]),
      ],
      providers: [LoginThrottleRepository, LoginThrottleService, TwoFactorRepository, TwoFactorService],
    };
  }
}

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      role: { type: 'string' },
      'password-stdin': { type: 'boolean', default: false },
      out: { type: 'string' },
      from: { type: 'string' },
      format: { type: 'string', default: 'auto' },
      yes: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const command = positionals[0];
  const commands = ['create', 'list', 'set-password', 'disable', 'reset-2fa', 'backup', 'restore'];
  if (values.help || !command || !commands.includes(command)) {
    process.stdout.write(`${usage}\n`);
    return values.help ? 0 : 2;
  }
  if (command === 'backup' || command === 'restore') return backupCommand(command, values);
  const needsEmail = command !== 'list';
  if (needsEmail && !values.email) return fail('--email is required');
  if (command === 'create') {
    if (!values.name) return fail('--name is required');
    if (!values.role || !staffRoles.includes(values.role as StaffRole))
      return fail(`--role must be one of ${staffRoles.join(', ')}`);
  }

  readDotEnv();
  // The CLI never creates a development admin or seeds posts; that is the site's first start.
  const config = loadConfig(process.env, {
    developmentAdmin: false,
    seedContent: false,
    adminEmail: undefined,
    adminPassword: undefined,
    logLevel: 'error',
  });
  const { connection, embedded } = await connect(config);
  const context = await NestFactory.createApplicationContext(AdminCliModule.register(config, connection), {
    logger: ['error'],
  });
  try {
    const users = context.get(UsersService);
    switch (command) {
      case 'list': {
        const rows = await users.list();
        if (rows.length === 0) process.stdout.write('No staff accounts.\n');
        for (const user of rows) {
          process.stdout.write(`${user.email}\t${user.role}\t${user.name}${user.disabled ? '\t(disabled)' : ''}\n`);
        }
        return 0;
      }
      case 'create': {
        const { password, generated } = await obtainPassword(values['password-stdin']);
        const user = await users.create({
          email: values.email!,
          name: values.name!,
          role: values.role as StaffRole,
          password,
        });
        process.stdout.write(`Created ${user.role} ${user.email}.\n`);
        if (generated) process.stdout.write(`Password (shown once, store it now): ${password}\n`);
        return 0;
      }
      case 'set-password': {
        const { password, generated } = await obtainPassword(values['password-stdin']);
        await users.setPassword(values.email!, password);
        process.stdout.write(
          `Password changed for ${values.email!.trim().toLowerCase()}; their sessions have ended.\n`,
        );
        if (generated) process.stdout.write(`New password (shown once, store it now): ${password}\n`);
        return 0;
      }
      case 'disable': {
        await users.disable(values.email!);
        process.stdout.write(`Disabled ${values.email!.trim().toLowerCase()}; they can no longer sign in.\n`);
        return 0;
      }
      case 'reset-2fa': {
        const email = values.email!.trim().toLowerCase();
        const account = await context.get(UsersRepository).findByEmail(email);
        if (!account) return fail(`No staff account has the e-mail ${email}`);
        await context.get(TwoFactorService).reset(account);
        process.stdout.write(
          `Two-factor sign-in reset for ${email}; their sessions have ended, they sign in with their password and enrol again.\n`,
        );
        return 0;
      }
      default:
        return fail(`Unknown command ${command}`);
    }
  } finally {
    await context.close();
    await embedded?.stop();
  }
}

async function backupCommand(
  command: 'backup' | 'restore',
  values: { out?: string; from?: string; format?: string; yes?: boolean },
): Promise<number> {
  if (command === 'backup' && !values.out) return fail('--out FILE is required');
  if (command === 'restore' && !values.from) return fail('--from FILE is required');
  const format = values.format ?? 'auto';
  if (!isBackupFormat(format)) return fail('--format must be one of auto, pg_dump, logical');
  readDotEnv();
  const config = loadConfig(process.env, {
    developmentAdmin: false,
    seedContent: false,
    adminEmail: undefined,
    adminPassword: undefined,
    logLevel: 'error',
  });
  return command === 'backup'
    ? backup(config, values.out!, format)
    : restore(config, values.from!, values.yes ?? false);
}

function isBackupFormat(format: string): format is BackupFormatChoice {
  return ['auto', 'pg_dump', 'logical'].includes(format);
}

/** DATABASE_URL, else the running site's embedded database, else the data folder itself (never both). */
async function connect(config: AppConfig): Promise<{ connection: DatabaseConnection; embedded?: EmbeddedDatabase }> {
  if (config.databaseUrl) return { connection: { url: config.databaseUrl, embedded: false } };
  if (config.pgliteDir === 'memory://')
    throw new Error('PGLITE_DIR=memory:// has no data to manage; point PGLITE_DIR at a data folder.');
  const running = findRunningEmbeddedDatabase(config.pgliteDir);
  if (running) return { connection: { url: embeddedUrl(running), embedded: true } };
  const embedded = await startEmbeddedDatabase(config.pgliteDir);
  return { connection: { url: embedded.url, embedded: true }, embedded };
}

async function obtainPassword(fromStdin: boolean): Promise<{ password: string; generated: boolean }> {
  if (fromStdin) return { password: await readStdin(), generated: false };
  if (process.stdin.isTTY) {
    const first = await askHidden('Password: ');
    const second = await askHidden('Repeat password: ');
    if (first !== second) throw new Error('The two passwords differ.');
    return { password: first, generated: false };
  }
  return { password: generatePassword(), generated: true };
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

function askHidden(question: string): Promise<string> {
  return new Promise((resolve) => {
    // The terminal echoes nothing while the password is typed: readline writes its echo to an
    // output that discards it (documented options only; the prompt goes to stdout itself).
    const silent = new Writable({ write: (_chunk, _encoding, done) => done() });
    const rl = createInterface({ input: process.stdin, output: silent, terminal: true });
    process.stdout.write(question);
    rl.question('', (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
  });
}

function fail(message: string): number {
  process.stderr.write(`${message}\n\n${usage}\n`);
  return 2;
}

main(process.argv.slice(2))
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    if (error instanceof ConfigError) process.stderr.write(`${error.message}\n`);
    else {
      const body = (error as { getResponse?: () => unknown }).getResponse?.() as { error?: string } | undefined;
      process.stderr.write(`${body?.error ?? (error instanceof Error ? error.message : String(error))}\n`);
    }
    process.exit(1);
  });

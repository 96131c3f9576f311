import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ImapFlow } from 'imapflow';

/** Debian's `dovecot-imapd` (`.ci/run` installs it when missing). */
export const dovecotBinary = '/usr/sbin/dovecot';

/** An unprivileged account that Dovecot's own processes and the mail user run as (when we are root). */
function unprivilegedUser(): { name: string; uid: number; gid: number } | undefined {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return undefined;
  const passwd = readFileSync('/etc/passwd', 'utf8').split('\n');
  for (const name of ['dovecot', 'dovenull', 'nobody']) {
    const line = passwd.find((entry) => entry.startsWith(`${name}:`));
    if (!line) continue;
    const [, , uid, gid] = line.split(':');
    return { name, uid: Number(uid), gid: Number(gid) };
  }
  return undefined;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = new Socket();
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
      socket.connect(port, '127.0.0.1');
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Dovecot did not listen on 127.0.0.1:${port} within ${timeoutMs} ms`);
}

/**
 * A real IMAP server for the tests: Dovecot started from a dovecot.conf written into a temporary
 * folder (its own base_dir, log file, a passwd-file user and maildir there; plain-text login allowed on
 * loopback, IMAP only). Nothing of the system's configuration is read or touched. It can be stopped and
 * started again on the same port with the same mailbox.
 */
export class DovecotServer {
  readonly user = 'replies@northbeam.test';
  readonly password = 'dovecot-test-password';
  readonly directory: string;
  port = 0;
  private child: ChildProcess | undefined;

  constructor() {
    this.directory = mkdtempSync(path.join(os.tmpdir(), 'northbeam-dovecot-'));
  }

  /** `imap://user:pass@127.0.0.1:port/INBOX`, for INBOUND_IMAP_URL. */
  get url(): string {
    return `imap://${encodeURIComponent(this.user)}:${encodeURIComponent(this.password)}@127.0.0.1:${this.port}/INBOX`;
  }

  async start(port?: number): Promise<void> {
    if (!existsSync(dovecotBinary)) throw new Error(`${dovecotBinary} is missing: apt-get install dovecot-imapd`);
    this.port = port ?? (this.port || Number(process.env.DOVECOT_TEST_PORT ?? 0) || (await freePort()));
    const runAs = unprivilegedUser();
    const base = path.join(this.directory, 'run');
    const mail = path.join(this.directory, 'mail');
    mkdirSync(base, { recursive: true });
    mkdirSync(mail, { recursive: true });
    const uid = runAs?.uid ?? process.getuid?.() ?? 0;
    const gid = runAs?.gid ?? process.getgid?.() ?? 0;
    writeFileSync(
      path.join(this.directory, 'passwd'),
      `${this.user}:{PLAIN}${this.password}:${uid}:${gid}::${mail}::\n`,
    );
    const conf = [
      `base_dir = ${base}`,
      `state_dir = ${path.join(this.directory, 'state')}`,
      `log_path = ${path.join(this.directory, 'dovecot.log')}`,
      `info_log_path = ${path.join(this.directory, 'dovecot.log')}`,
      'protocols = imap',
      'listen = 127.0.0.1',
      'ssl = no',
      'disable_plaintext_auth = no',
      'auth_mechanisms = plain login',
      `mail_location = maildir:${mail}/Maildir`,
      'mail_uid = ' + uid,
      'mail_gid = ' + gid,
      `first_valid_uid = ${Math.min(uid, 1)}`,
      `first_valid_gid = ${Math.min(gid, 1)}`,
      ...(runAs ? [`default_internal_user = ${runAs.name}`, `default_login_user = ${runAs.name}`] : []),
      'passdb {',
      '  driver = passwd-file',
      `  args = scheme=PLAIN username_format=%u ${path.join(this.directory, 'passwd')}`,
      '}',
      'userdb {',
      '  driver = passwd-file',
      `  args = username_format=%u ${path.join(this.directory, 'passwd')}`,
      '}',
      'service imap-login {',
      '  inet_listener imap {',
      `    port = ${this.port}`,
      '  }',
      '  inet_listener imaps {',
      '    port = 0',
      '  }',
      '}',
      'service stats {',
      '  unix_listener stats-reader {',
      '    mode = 0666',
      '  }',
      '  unix_listener stats-writer {',
      '    mode = 0666',
      '  }',
      '}',
      'namespace inbox {',
      '  inbox = yes',
      '  mailbox Processed {',
      '    auto = create',
      '  }',
      '}',
      '',
    ].join('\n');
    const confFile = path.join(this.directory, 'dovecot.conf');
    writeFileSync(confFile, conf);
    for (const entry of ['', 'passwd', 'dovecot.conf']) chmodSync(path.join(this.directory, entry), 0o755);
    if (runAs) {
      for (const folder of [this.directory, mail]) {
        chmodSync(folder, 0o777);
      }
      const { chownSync } = await import('node:fs');
      chownSync(mail, uid, gid);
    }
    this.child = spawn(dovecotBinary, ['-F', '-c', confFile], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    this.child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    this.child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      await waitForPort(this.port, 10_000);
    } catch (error) {
      throw new Error(`${(error as Error).message}\n${output}\n${this.log()}`);
    }
  }

  log(): string {
    const file = path.join(this.directory, 'dovecot.log');
    return existsSync(file) ? readFileSync(file, 'utf8') : '';
  }

  async stop(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
    // Dovecot's children close their sockets a moment after the master.
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  async destroy(): Promise<void> {
    await this.stop();
    rmSync(this.directory, { recursive: true, force: true });
  }

  private client(): ImapFlow {
    return new ImapFlow({
      host: '127.0.0.1',
      port: this.port,
      secure: false,
      auth: { user: this.user, pass: this.password },
      logger: false,
    });
  }

  /** Puts a raw message into a mailbox with IMAP APPEND, as a mail server delivering it would. */
  async append(raw: string | Buffer, mailbox = 'INBOX'): Promise<void> {
    const client = this.client();
    await client.connect();
    try {
      await client.append(mailbox, raw);
    } finally {
      await client.logout();
    }
  }

  /** The UIDs and flags of a mailbox's messages. */
  async messages(mailbox = 'INBOX'): Promise<{ uid: number; flags: string[] }[]> {
    const client = this.client();
    await client.connect();
    try {
      const lock = await client.getMailboxLock(mailbox);
      try {
        const found: { uid: number; flags: string[] }[] = [];
        const status = client.mailbox;
        if (status && status.exists === 0) return found;
        for await (const message of client.fetch('1:*', { uid: true, flags: true })) {
          found.push({ uid: message.uid, flags: [...(message.flags ?? [])] });
        }
        return found;
      } finally {
        lock.release();
      }
    } finally {
      await client.logout();
    }
  }
}

/** A raw RFC 5322 message for APPEND. */
export function rawMail(options: {
  from: string;
  to: string;
  subject: string;
  text?: string;
  html?: string;
  headers?: Record<string, string>;
  messageId?: string;
  attachments?: { filename: string; contentType: string; content: Buffer }[];
}): string {
  const boundary = `----northbeam-test-${Math.random().toString(36).slice(2)}`;
  const headers = [
    `From: ${options.from}`,
    `To: ${options.to}`,
    `Subject: ${options.subject}`,
    `Date: ${new Date().toUTCString()}`,
    `Message-ID: ${options.messageId ?? `<${Math.random().toString(36).slice(2)}@sender.test>`}`,
    'MIME-Version: 1.0',
    ...Object.entries(options.headers ?? {}).map(([name, value]) => `${name}: ${value}`),
  ];
  const parts: string[] = [];
  if (options.text !== undefined)
    parts.push(`Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n${options.text}`);
  if (options.html !== undefined)
    parts.push(`Content-Type: text/html; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n${options.html}`);
  for (const attachment of options.attachments ?? []) {
    const encoded = attachment.content.toString('base64').replace(/.{76}/g, '$&\r\n');
    parts.push(
      `Content-Type: ${attachment.contentType}; name="${attachment.filename}"\r\nContent-Disposition: attachment; filename="${attachment.filename}"\r\nContent-Transfer-Encoding: base64\r\n\r\n${encoded}`,
    );
  }
  const body = parts.map((part) => `--${boundary}\r\n${part}\r\n`).join('') + `--${boundary}--\r\n`;
  return `${headers.join('\r\n')}\r\nContent-Type: multipart/mixed; boundary="${boundary}"\r\n\r\n${body}`;
}

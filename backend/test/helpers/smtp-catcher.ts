import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A mail as the SMTP server received it, decoded enough for assertions. */
export interface CaughtMail {
  envelopeTo: string[];
  headers: Record<string, string>;
  text: string;
  html: string;
  raw: string;
}

/** A real SMTP server on localhost that keeps what it receives; it can be stopped and started again. */
export class SmtpCatcher {
  readonly mails: CaughtMail[] = [];
  private server: SMTPServer | undefined;
  port = 0;
  /** Called after each mail is accepted, e.g. to stop the server half-way through a send. */
  onReceived: ((mail: CaughtMail) => void) | undefined;

  async start(port = 0): Promise<void> {
    const server = new SMTPServer({
      secure: false,
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      // No reverse DNS of 127.0.0.1 for each connection: a slow resolver would make every mail wait for it.
      disableReverseLookup: true,
      // Stopping ends open (pooled) connections after a moment instead of waiting 30 s for the client.
      closeTimeout: 200,
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const mail = { ...parseMail(raw), envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw };
          this.mails.push(mail);
          callback();
          this.onReceived?.(mail);
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    this.port = (server.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  to(address: string): CaughtMail[] {
    return this.mails.filter((mail) => mail.envelopeTo.includes(address));
  }
}

function splitHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  const unfolded = block.replace(/\r?\n[ \t]+/g, ' ');
  for (const line of unfolded.split(/\r?\n/)) {
    const index = line.indexOf(':');
    if (index > 0) headers[line.slice(0, index).trim().toLowerCase()] = decodeWords(line.slice(index + 1).trim());
  }
  return headers;
}

function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_match, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function decodeQuotedPrintable(value: string): string {
  const bytes: number[] = [];
  const text = value.replace(/=\r?\n/g, '');
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(text.slice(index + 1, index + 3))) {
      bytes.push(parseInt(text.slice(index + 1, index + 3), 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(headers: Record<string, string>, body: string): string {
  const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

function parseMail(raw: string): Omit<CaughtMail, 'envelopeTo' | 'raw'> {
  const separator = raw.search(/\r?\n\r?\n/);
  const headers = splitHeaders(raw.slice(0, separator));
  const body = raw.slice(separator).replace(/^\r?\n\r?\n/, '');
  let text = '';
  let html = '';
  const boundary = /boundary="?([^";]+)"?/.exec(headers['content-type'] ?? '')?.[1];
  const parts = boundary
    ? body.split(`--${boundary}`).slice(1, -1)
    : [
        `Content-Type: ${headers['content-type'] ?? 'text/plain'}\r\nContent-Transfer-Encoding: ${headers['content-transfer-encoding'] ?? '7bit'}\r\n\r\n${body}`,
      ];
  for (const part of parts) {
    const trimmed = part.replace(/^\r?\n/, '');
    const partSeparator = trimmed.search(/\r?\n\r?\n/);
    const partHeaders = splitHeaders(trimmed.slice(0, partSeparator));
    const content = decodeBody(
      partHeaders,
      trimmed
        .slice(partSeparator)
        .replace(/^\r?\n\r?\n/, '')
        .replace(/\r?\n$/, ''),
    );
    if ((partHeaders['content-type'] ?? '').startsWith('text/html')) html = content;
    else if ((partHeaders['content-type'] ?? '').startsWith('text/plain')) text = content;
  }
  return { headers, text, html };
}

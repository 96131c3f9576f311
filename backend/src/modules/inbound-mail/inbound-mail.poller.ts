import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { ImapFlow } from 'imapflow';
import { simpleParser, type ParsedMail } from 'mailparser';
import { inboundMailLimits } from '@northbeam/common';
import { APP_CONFIG, type AppConfig } from '../../core/config/config.js';
import { taskLockKeys, type LockedRun } from '../../core/scheduling/advisory-lock.js';
import { TaskLocks } from '../../database/task-locks.js';
import { InboundMailHandlers } from './inbound-mail-handlers.js';
import { InboundMailRepository } from './inbound-mail.repository.js';
import { InboundMailService, type TakeOutcome } from './inbound-mail.service.js';

/** What one poll did. */
export interface PollResult {
  fetched: number;
  outcomes: Record<TakeOutcome | 'handled', number>;
}

/** The parts of INBOUND_IMAP_URL imapflow needs (the password never reaches a log line). */
export function imapSettings(url: string): {
  host: string;
  port: number;
  secure: boolean;
  user: string;
  pass: string;
  mailbox: string;
} {
  const parsed = new URL(url);
  const secure = parsed.protocol === 'imaps:';
  const mailbox = decodeURIComponent(parsed.pathname.replace(/^\/+/, '')) || 'INBOX';
  return {
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : secure ? 993 : 143,
    secure,
    user: decodeURIComponent(parsed.username),
    pass: decodeURIComponent(parsed.password),
    mailbox,
  };
}

/** A failure's sentence for the dashboard and the log, without the mailbox's password. */
function describe(error: unknown, password: string): string {
  const code = error instanceof Error && 'code' in error && typeof error.code === 'string' ? ` (${error.code})` : '';
  const raw = error instanceof Error ? `${error.message}${code}` : 'unknown error';
  return password ? raw.split(password).join('***') : raw;
}

/**
 * Polls the connected mailbox (docs/inbound-mail.md): every `INBOUND_POLL_SECONDS`, one instance (a
 * PostgreSQL advisory lock) fetches the messages after the last UID it took, offers each to the
 * registered handlers (`InboundMailHandlers`, in order), else to the enquiry threading, and after the
 * message is recorded flags it `\Seen` (or moves it to `INBOUND_IMAP_MOVE_TO`). The database
 * transaction that records a message also remembers its UID, so a restart or a lost connection takes
 * nothing twice and loses nothing: what was not recorded is fetched again. An unreachable mailbox is
 * retried with back-off (doubling from the poll interval up to `inboundMailLimits.backoffMaxSeconds`),
 * and its state is on the dashboard.
 */
@Injectable()
export class InboundMailPoller implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(InboundMailPoller.name);
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly taskLocks: TaskLocks,
    private readonly handlers: InboundMailHandlers,
    private readonly repository: InboundMailRepository,
    private readonly service: InboundMailService,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.inboundImapUrl && this.config.inboundPollIntervalMs > 0) this.schedule(1000);
  }

  onModuleDestroy(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.tick(), delayMs);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    let delay = this.config.inboundPollIntervalMs;
    try {
      await this.poll();
    } catch {
      const state = await this.repository.mailbox().catch(() => undefined);
      delay = this.backoffMs(state?.failures ?? 1);
    }
    this.schedule(delay);
  }

  private backoffMs(failures: number): number {
    const base = Math.max(this.config.inboundPollIntervalMs, 1000);
    return Math.min(base * 2 ** Math.max(failures - 1, 0), inboundMailLimits.backoffMaxSeconds * 1000);
  }

  /**
   * One poll under the advisory lock; a failure is recorded (and rethrown) so the dashboard shows it.
   * Tests call it directly.
   */
  async poll(now = new Date()): Promise<LockedRun<PollResult>> {
    const url = this.config.inboundImapUrl;
    if (!url) return { ran: false };
    const settings = imapSettings(url);
    return await this.taskLocks.withLock(taskLockKeys.inboundMail, async () => {
      try {
        const result = await this.fetchAll(settings);
        await this.repository.recordSuccess(now);
        return result;
      } catch (error) {
        const sentence = describe(error, settings.pass);
        const failures = (await this.repository.mailbox()).failures + 1;
        await this.repository.recordFailure(now, sentence, new Date(now.getTime() + this.backoffMs(failures)));
        this.logger.warn(`inbound mailbox poll failed (${failures} in a row): ${sentence}`);
        throw error;
      }
    });
  }

  private async fetchAll(settings: ReturnType<typeof imapSettings>): Promise<PollResult> {
    const client = new ImapFlow({
      host: settings.host,
      port: settings.port,
      secure: settings.secure,
      auth: { user: settings.user, pass: settings.pass },
      logger: false,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 120_000,
    });
    // An error event after connect (a dropped socket) must not crash the process; the awaited call fails instead.
    client.on('error', () => undefined);
    const result: PollResult = { fetched: 0, outcomes: { threaded: 0, unmatched: 0, duplicate: 0, handled: 0 } };
    await client.connect();
    try {
      const lock = await client.getMailboxLock(settings.mailbox);
      try {
        const mailbox = client.mailbox;
        if (!mailbox) throw new Error(`Mailbox ${settings.mailbox} could not be opened`);
        const uidValidity = Number(mailbox.uidValidity);
        const state = await this.repository.mailbox();
        const lastUid =
          state.uid_validity !== null && Number(state.uid_validity) === uidValidity ? Number(state.last_uid) : 0;
        const found = mailbox.exists > 0 ? await client.search({ uid: `${lastUid + 1}:*` }, { uid: true }) : [];
        // `n:*` also names the last message when none is above n.
        const uids = (Array.isArray(found) ? found : []).filter((uid) => uid > lastUid).sort((a, b) => a - b);
        for (const uid of uids) {
          const outcome = await this.takeOne(client, uid, uidValidity);
          result.fetched += 1;
          result.outcomes[outcome] += 1;
          if (this.config.inboundMoveTo)
            await client.messageMove(String(uid), this.config.inboundMoveTo, { uid: true });
          else await client.messageFlagsAdd(String(uid), ['\\Seen'], { uid: true });
        }
      } finally {
        lock.release();
      }
    } finally {
      await client.logout().catch(() => client.close());
    }
    return result;
  }

  /** Fetches one message (headers only above the size cap), offers it to the handlers, then to the threading. */
  private async takeOne(client: ImapFlow, uid: number, uidValidity: number): Promise<TakeOutcome | 'handled'> {
    const head = await client.fetchOne(String(uid), { uid: true, size: true }, { uid: true });
    const size = head ? (head.size ?? 0) : 0;
    let parsed: ParsedMail;
    if (size > inboundMailLimits.messageMaxBytes) {
      const headers = await client.fetchOne(String(uid), { uid: true, headers: true }, { uid: true });
      parsed = await simpleParser(headers && headers.headers ? headers.headers : Buffer.from(''));
      parsed.text = `(This mail of ${Math.round(size / 1024 / 1024)} MB is larger than the ${inboundMailLimits.messageMaxBytes / 1024 / 1024} MB limit: only its headers were kept.)`;
      parsed.html = false;
      parsed.attachments = [];
    } else {
      const message = await client.fetchOne(String(uid), { uid: true, source: true }, { uid: true });
      parsed = await simpleParser(message && message.source ? message.source : Buffer.from(''), {
        skipImageLinks: true,
        skipTextLinks: true,
      });
    }
    const inbound = { uid, parsed, size };
    for (const handler of this.handlers.list()) {
      if (await handler.take(inbound)) {
        await this.service.skip(uidValidity, uid);
        return 'handled';
      }
    }
    return this.service.take(inbound, uidValidity);
  }
}

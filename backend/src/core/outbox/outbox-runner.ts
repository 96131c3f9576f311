import { Logger } from '@nestjs/common';
import type { SchedulerRegistry } from '@nestjs/schedule';

/** A row claimed from an outbox table: its attempt is already counted by the claim. */
export interface OutboxRow {
  id: string;
  attempts: number;
}

/** What one attempt at a row came to; `error` says why a failed one failed. */
export interface OutboxOutcome {
  ok: boolean;
  error?: string | null;
}

/**
 * One outbox (the mail outbox, the webhook deliveries): how its rows are claimed, sent and recorded.
 * The claim leases each row (its next attempt moves past the lease, its attempt is counted), so that
 * a row being sent is never claimed again, by this runner or another instance's, until the lease
 * runs out: a runner that stops mid-send leaves the row to be retried after it.
 */
export interface OutboxWork<Row extends OutboxRow, Outcome extends OutboxOutcome> {
  /** Names the interval and the log lines ("Mail", "Webhook"). */
  name: string;
  /** Rows claimed at once; a batch shorter than this ends the pass. */
  batchSize: number;
  /** Rows sent at once. */
  concurrency: number;
  /** Claims up to `limit` due rows, each leased. */
  claim(limit: number): Promise<Row[]>;
  /** Of a claimed batch, the rows to send (e.g. less those cancelled since they were queued); all by default. */
  prepare?(batch: Row[]): Promise<Row[]>;
  /** Sends one row. A failure is an outcome (`ok` false), not a throw: a throw leaves the row to its lease. */
  send(row: Row): Promise<Outcome>;
  /** Records a row sent. */
  markSent(row: Row, outcome: Outcome): Promise<void>;
  /** The wait before the next attempt after `row.attempts` failed ones, or null to give the row up. */
  retryDelayMs(row: Row): number | null;
  /** Records a failed attempt: pending again after `retryInMs`, or given up when it is null. */
  markFailed(row: Row, outcome: Outcome, retryInMs: number | null): Promise<void>;
  /** Gives claimed rows that were not sent back to the outbox (due now) when the runner stops. */
  release?(rows: Row[]): Promise<void>;
  /** Between two full batches of a pass (a pace to keep). */
  betweenBatches?(): Promise<void>;
  /** At the start of each pass. */
  passStarted?(): void;
  /** How the log names a row ("Mail 12 (contact_notification)"). */
  describe(row: Row): string;
}

export interface OutboxPass {
  sent: number;
  failed: number;
}

/**
 * Sends an outbox's due rows (docs/adr/0009-persistence-and-transactions.md: what goes out is
 * written to the outbox inside the transaction and delivered after it). A pass claims a batch, sends
 * it `concurrency` rows at a time, records each outcome (sent; failed and retried after its delay;
 * given up), and claims again until a batch comes back short. One pass runs at a time in a process:
 * a call while one runs joins it. `stop()` ends the interval, lets the sends under way finish, gives
 * the claimed rows not yet sent back to the outbox, and waits for the pass to end.
 */
export class OutboxRunner<Row extends OutboxRow, Outcome extends OutboxOutcome> {
  private readonly logger: Logger;
  private running: Promise<OutboxPass> | undefined;
  private stopping = false;

  constructor(private readonly work: OutboxWork<Row, Outcome>) {
    this.logger = new Logger(`${work.name}Outbox`);
  }

  /** Runs a pass every `intervalMs` (none when it is 0 or less), registered under `intervalName`. */
  start(scheduler: SchedulerRegistry, intervalName: string, intervalMs: number): void {
    if (intervalMs <= 0) return;
    const interval = setInterval(() => {
      this.runDue().catch((error: unknown) => this.logger.error(`${this.work.name} dispatch failed: ${String(error)}`));
    }, intervalMs);
    interval.unref();
    scheduler.addInterval(intervalName, interval);
  }

  /** Sends every due row; a call while a pass runs in this process joins it. After `stop()`, sends nothing. */
  runDue(): Promise<OutboxPass> {
    if (this.stopping) return Promise.resolve({ sent: 0, failed: 0 });
    this.running ??= this.pass().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** Ends the interval, and waits for the pass under way to end (its claimed rows not sent are released). */
  async stop(scheduler?: SchedulerRegistry, intervalName?: string): Promise<void> {
    this.stopping = true;
    if (scheduler && intervalName && scheduler.doesExist('interval', intervalName))
      scheduler.deleteInterval(intervalName);
    await this.running?.catch(() => undefined);
  }

  private async pass(): Promise<OutboxPass> {
    const result: OutboxPass = { sent: 0, failed: 0 };
    this.work.passStarted?.();
    while (!this.stopping) {
      const batch = await this.work.claim(this.work.batchSize);
      const waiting = this.work.prepare ? await this.work.prepare(batch) : [...batch];
      const worker = async () => {
        for (let row = this.next(waiting); row; row = this.next(waiting)) await this.attempt(row, result);
      };
      await Promise.all(Array.from({ length: Math.min(this.work.concurrency, waiting.length) }, worker));
      if (waiting.length > 0 && this.work.release) await this.work.release(waiting.splice(0));
      if (batch.length < this.work.batchSize || this.stopping) break;
      await this.work.betweenBatches?.();
    }
    return result;
  }

  /** The next row to send, or none once the runner is stopping (the rest are released). */
  private next(waiting: Row[]): Row | undefined {
    return this.stopping ? undefined : waiting.shift();
  }

  /** Sends one row and records the outcome; nothing is thrown (the lease brings back a row whose record failed). */
  private async attempt(row: Row, result: OutboxPass): Promise<void> {
    let outcome: Outcome;
    try {
      outcome = await this.work.send(row);
    } catch (error) {
      this.logger.error(`${this.work.describe(row)} could not be attempted: ${String(error)}`);
      return;
    }
    try {
      if (outcome.ok) {
        await this.work.markSent(row, outcome);
        result.sent += 1;
        return;
      }
      const retryInMs = this.work.retryDelayMs(row);
      result.failed += 1;
      this.logger.warn(
        `${this.work.describe(row)} attempt ${row.attempts} failed${retryInMs === null ? ', given up' : ', will retry'}: ${outcome.error}`,
      );
      await this.work.markFailed(row, outcome, retryInMs);
    } catch (error) {
      this.logger.error(`Recording ${this.work.describe(row)} failed: ${String(error)}`);
    }
  }
}

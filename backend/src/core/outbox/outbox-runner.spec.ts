import { OutboxRunner, type OutboxOutcome, type OutboxRow, type OutboxWork } from './outbox-runner.js';

interface StoredRow {
  id: string;
  attempts: number;
  status: 'pending' | 'sent' | 'failed';
  dueAt: number;
}

/**
 * An outbox table in memory with its own clock, claimed as the repositories claim theirs: due pending
 * rows, each leased for `leaseMs` and its attempt counted.
 */
function outbox(ids: string[], leaseMs = 60_000) {
  const clock = { ms: 0 };
  const rows = new Map<string, StoredRow>(
    ids.map((id) => [id, { id, attempts: 0, status: 'pending', dueAt: 0 } satisfies StoredRow]),
  );
  const claim = (limit: number): Promise<OutboxRow[]> => {
    const due = [...rows.values()]
      .filter((row) => row.status === 'pending' && row.dueAt <= clock.ms)
      .slice(0, limit)
      .map((row) => {
        row.attempts += 1;
        row.dueAt = clock.ms + leaseMs;
        return { id: row.id, attempts: row.attempts };
      });
    return Promise.resolve(due);
  };
  return { clock, rows, claim };
}

type Send = (row: OutboxRow) => Promise<OutboxOutcome>;

/** A runner over the in-memory outbox; `send` is the fake transport; every send and outcome is logged. */
function runnerOver(
  table: ReturnType<typeof outbox>,
  send: Send,
  options: Partial<OutboxWork<OutboxRow, OutboxOutcome>> = {},
) {
  const log = {
    sent: [] as string[],
    attempted: [] as string[],
    failed: [] as { id: string; retryInMs: number | null }[],
  };
  const runner = new OutboxRunner<OutboxRow, OutboxOutcome>({
    name: 'Test',
    batchSize: 2,
    concurrency: 1,
    claim: table.claim,
    send: (row) => {
      log.attempted.push(row.id);
      return send(row);
    },
    markSent: (row) => {
      const stored = table.rows.get(row.id)!;
      stored.status = 'sent';
      log.sent.push(row.id);
      return Promise.resolve();
    },
    retryDelayMs: (row) => (row.attempts >= 3 ? null : 1000 * 2 ** (row.attempts - 1)),
    markFailed: (row, _outcome, retryInMs) => {
      const stored = table.rows.get(row.id)!;
      if (retryInMs === null) stored.status = 'failed';
      else stored.dueAt = table.clock.ms + retryInMs;
      log.failed.push({ id: row.id, retryInMs });
      return Promise.resolve();
    },
    release: (released) => {
      for (const row of released) {
        const stored = table.rows.get(row.id)!;
        stored.attempts -= 1;
        stored.dueAt = table.clock.ms;
      }
      return Promise.resolve();
    },
    describe: (row) => `Row ${row.id}`,
    ...options,
  });
  return { runner, log };
}

const ok: Send = () => Promise.resolve({ ok: true });

/** A send that waits until `open()` is called. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe(OutboxRunner.name, () => {
  it('sends every due row once, over several batches, and nothing more on the next pass', async () => {
    const table = outbox(['a', 'b', 'c', 'd', 'e']);
    const { runner, log } = runnerOver(table, ok);
    await expect(runner.runDue()).resolves.toEqual({ sent: 5, failed: 0 });
    await expect(runner.runDue()).resolves.toEqual({ sent: 0, failed: 0 });
    expect(log.sent.sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('joins a pass under way instead of starting a second one', async () => {
    const table = outbox(['a', 'b', 'c']);
    const { runner, log } = runnerOver(table, ok);
    const [first, second] = await Promise.all([runner.runDue(), runner.runDue()]);
    expect(first).toEqual({ sent: 3, failed: 0 });
    expect(second).toBe(first);
    expect(log.attempted.sort()).toEqual(['a', 'b', 'c']);
  });

  it('sends `concurrency` rows at a time and never the same row twice across two runners', async () => {
    const table = outbox(Array.from({ length: 9 }, (_, index) => `row-${index}`));
    const inFlight = { now: 0, most: 0 };
    const slow: Send = async () => {
      inFlight.now += 1;
      inFlight.most = Math.max(inFlight.most, inFlight.now);
      await new Promise((resolve) => setTimeout(resolve, 2));
      inFlight.now -= 1;
      return { ok: true };
    };
    const one = runnerOver(table, slow, { batchSize: 4, concurrency: 2 });
    const other = runnerOver(table, slow, { batchSize: 4, concurrency: 2 });
    const [a, b] = await Promise.all([one.runner.runDue(), other.runner.runDue()]);
    expect(a.sent + b.sent).toBe(9);
    expect([...one.log.attempted, ...other.log.attempted].sort()).toEqual([...table.rows.keys()].sort());
    expect(inFlight.most).toBe(4);
  });

  it('backs a failed row off, retries it once its delay has passed, and gives it up after the last attempt', async () => {
    const table = outbox(['a', 'b']);
    const { runner, log } = runnerOver(table, (row) =>
      Promise.resolve(row.id === 'a' ? { ok: false, error: '421 try later' } : { ok: true }),
    );
    await expect(runner.runDue()).resolves.toEqual({ sent: 1, failed: 1 });
    expect(log.failed).toEqual([{ id: 'a', retryInMs: 1000 }]);
    // Not due again before its delay.
    table.clock.ms = 999;
    await expect(runner.runDue()).resolves.toEqual({ sent: 0, failed: 0 });
    table.clock.ms = 1000;
    await expect(runner.runDue()).resolves.toEqual({ sent: 0, failed: 1 });
    table.clock.ms = 3000;
    await expect(runner.runDue()).resolves.toEqual({ sent: 0, failed: 1 });
    expect(log.failed.map((failure) => failure.retryInMs)).toEqual([1000, 2000, null]);
    expect(table.rows.get('a')!.status).toBe('failed');
    table.clock.ms = 1_000_000;
    await expect(runner.runDue()).resolves.toEqual({ sent: 0, failed: 0 });
    expect(log.attempted.filter((id) => id === 'a')).toHaveLength(3);
  });

  it('leaves a row claimed by a runner that stalls to another runner once the lease runs out', async () => {
    const table = outbox(['a'], 60_000);
    const stall = gate();
    const stalled = runnerOver(table, () => stall.opened.then(() => ({ ok: true })));
    const other = runnerOver(table, ok);
    const stalledPass = stalled.runner.runDue();
    await new Promise((resolve) => setTimeout(resolve, 1));
    expect(stalled.log.attempted).toEqual(['a']);
    // Within the lease the row is not claimed again.
    table.clock.ms = 59_999;
    await expect(other.runner.runDue()).resolves.toEqual({ sent: 0, failed: 0 });
    table.clock.ms = 60_000;
    await expect(other.runner.runDue()).resolves.toEqual({ sent: 1, failed: 0 });
    expect(other.log.sent).toEqual(['a']);
    stall.open();
    await stalledPass;
  });

  it('on stop, lets the send under way finish, releases the claimed rows not sent, and sends nothing after', async () => {
    const table = outbox(['a', 'b', 'c', 'd']);
    const first = gate();
    const { runner, log } = runnerOver(
      table,
      (row) => (row.id === 'a' ? first.opened : Promise.resolve()).then(() => ({ ok: true })),
      {
        batchSize: 3,
      },
    );
    const pass = runner.runDue();
    await new Promise((resolve) => setTimeout(resolve, 1));
    let stopped = false;
    const stopping = runner.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(stopped).toBe(false);
    first.open();
    await stopping;
    await expect(pass).resolves.toEqual({ sent: 1, failed: 0 });
    expect(log.sent).toEqual(['a']);
    // The other two of the batch are due again at once, their claim not counted; the fourth was never claimed.
    expect(
      [...table.rows.values()].map(({ id, attempts, status, dueAt }) => ({ id, attempts, status, dueAt })),
    ).toEqual([
      { id: 'a', attempts: 1, status: 'sent', dueAt: 60_000 },
      { id: 'b', attempts: 0, status: 'pending', dueAt: 0 },
      { id: 'c', attempts: 0, status: 'pending', dueAt: 0 },
      { id: 'd', attempts: 0, status: 'pending', dueAt: 0 },
    ]);
    await expect(runner.runDue()).resolves.toEqual({ sent: 0, failed: 0 });
    expect(log.attempted).toEqual(['a']);
  });

  it('goes on with the other rows when recording one fails (its lease brings it back)', async () => {
    const table = outbox(['a', 'b']);
    const { runner, log } = runnerOver(table, ok, {
      markSent: (row) => {
        if (row.id === 'a') return Promise.reject(new Error('connection lost'));
        table.rows.get(row.id)!.status = 'sent';
        return Promise.resolve();
      },
    });
    await expect(runner.runDue()).resolves.toEqual({ sent: 1, failed: 0 });
    expect(log.attempted).toEqual(['a', 'b']);
    table.clock.ms = 60_000;
    await runner.runDue();
    expect(log.attempted).toEqual(['a', 'b', 'a']);
  });
});

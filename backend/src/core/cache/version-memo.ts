import type { EntityManager } from 'typeorm';

/** A transaction's manager, or nothing outside one. */
export type TransactionManager = EntityManager | undefined;

/**
 * One value per content version, read once however many requests ask at the same time: the reading
 * under way is shared. Inside a transaction (`transaction` given), only a value already read is
 * returned: a reading still under way was started outside the transaction and waits for a database
 * connection, which on the embedded database is the one the transaction holds, so awaiting it would
 * never end (docs/adr/0009-persistence-and-transactions.md). There the value is read through the
 * transaction instead, and not kept (the transaction may see its own uncommitted changes).
 */
export class VersionMemo<T> {
  private entry: { version: number; reading: Promise<T>; read?: { value: T } } | undefined;

  read(version: number, load: (manager?: EntityManager) => Promise<T>, transaction?: TransactionManager): Promise<T> {
    const entry = this.entry?.version === version ? this.entry : undefined;
    if (transaction) return entry?.read ? Promise.resolve(entry.read.value) : load(transaction);
    if (entry) return entry.reading;
    const reading = load();
    // A reader that learnt of an older version than the memo holds does not replace it.
    if (this.entry && this.entry.version > version) return reading;
    const fresh: NonNullable<typeof this.entry> = { version, reading };
    this.entry = fresh;
    reading.then(
      (value) => (fresh.read = { value }),
      // A failed read is not kept: the next caller tries again.
      () => {
        if (this.entry === fresh) this.entry = undefined;
      },
    );
    return reading;
  }

  /** Forgets the value (after a change this instance made). */
  clear(): void {
    this.entry = undefined;
  }
}

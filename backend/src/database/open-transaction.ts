import { AsyncLocalStorage } from 'node:async_hooks';
import type { EntityManager } from 'typeorm';

interface MarkedTransaction {
  manager: EntityManager;
  open: boolean;
}

const marked = new AsyncLocalStorage<MarkedTransaction>();

/**
 * Runs `work` marked as inside the transaction of `manager` until it settles (`Transactions.run`
 * does this for every transaction it opens), so that shared readers can tell (`openTransaction`).
 */
export function insideTransaction<T>(manager: EntityManager, work: () => Promise<T>): Promise<T> {
  const transaction: MarkedTransaction = { manager, open: true };
  return marked.run(transaction, work).finally(() => {
    transaction.open = false;
  });
}

/**
 * The manager of the transaction the calling code runs inside: the one given, when its transaction
 * is open, else the one `Transactions.run` marked; undefined outside any transaction. Shared readers
 * (the content version, the site settings, `VersionedCache.memo`) use it never to hand a transaction
 * a reading that another request started outside it (docs/adr/0009-persistence-and-transactions.md).
 */
export function openTransaction(manager?: EntityManager): EntityManager | undefined {
  if (manager?.queryRunner?.isTransactionActive) return manager;
  const transaction = marked.getStore();
  return transaction?.open ? transaction.manager : undefined;
}

import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { insideTransaction } from './open-transaction.js';

/**
 * The one way a service runs work in a transaction: `transactions.run((manager) => …)` hands the
 * work a manager bound to the transaction, which it passes to repository methods. Services never
 * hold the `DataSource` themselves (docs/adr/0009-persistence-and-transactions.md).
 *
 * What may run inside: queries through `manager`, and pure computation. What may not: anything
 * that waits for another database query outside the transaction (a memoised promise another request
 * started, a repository call without `manager`), network calls (mail, webhooks, image fetches), or
 * timers. On the embedded database there is one session, which the transaction holds: such a wait
 * never ends. Read what the transaction needs before opening it, or through `manager`.
 *
 * The work runs marked as inside its transaction (`openTransaction()` in open-transaction.ts), so
 * that shared readers (the content version, the site settings, `VersionedCache.memo`) never hand it
 * a reading that another request started outside it.
 */
@Injectable()
export class Transactions {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  run<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction((manager) => insideTransaction(manager, () => work(manager)));
  }
}

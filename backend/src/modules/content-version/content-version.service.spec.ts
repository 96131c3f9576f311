import type { DataSource, EntityManager, EntitySubscriberInterface, QueryRunner } from 'typeorm';
import type { CdnPurger } from '../../core/http/cdn-cache.js';
import { insideTransaction } from '../../database/open-transaction.js';
import { ContentVersionRepository } from './content-version.repository.js';
import { ContentVersionService } from './content-version.service.js';

/** A database whose content version the test controls, counting the reads. */
function fakeDatabase() {
  const state = { version: 1, reads: 0 };
  const query = (sql: string) => {
    if (sql.startsWith('UPDATE')) {
      state.version += 1;
      // TypeORM answers UPDATE with [rows, affected count].
      return Promise.resolve([[], 1]);
    }
    state.reads += 1;
    return Promise.resolve([{ version: String(state.version) }]);
  };
  const subscribers: EntitySubscriberInterface[] = [];
  const dataSource = { query, manager: { query }, subscribers } as unknown as DataSource;
  return { state, dataSource, query, subscribers };
}

describe(ContentVersionService.name, () => {
  it('reads the version once and trusts it for a second', async () => {
    const { state, dataSource } = fakeDatabase();
    const service = new ContentVersionService(new ContentVersionRepository(dataSource));
    expect(await service.current()).toBe(1);
    expect(await service.current()).toBe(1);
    expect(state.reads).toBe(1);
  });

  it('sees its own change at once after a bump', async () => {
    const { dataSource } = fakeDatabase();
    const service = new ContentVersionService(new ContentVersionRepository(dataSource));
    expect(await service.current()).toBe(1);
    await service.bump(['post-a']);
    expect(await service.current()).toBe(2);
    await service.bump(['post-a']);
    await service.bump(['post-b']);
    expect(await service.current()).toBe(4);
  });

  it('inside Transactions.run without the manager, reads through the transaction, never awaiting a read started outside it', async () => {
    const subscribers: EntitySubscriberInterface[] = [];
    // The only connection is held by the transaction: a read outside it waits.
    const held = () => new Promise<never>(() => undefined);
    const dataSource = { query: held, manager: { query: held }, subscribers } as unknown as DataSource;
    const service = new ContentVersionService(new ContentVersionRepository(dataSource));
    void service.current();
    const manager = {
      query: () => Promise.resolve([{ version: '9' }]),
      queryRunner: { isTransactionActive: true },
    } as unknown as EntityManager;
    const inside = insideTransaction(manager, () => service.current());
    const waited = new Promise<'still waiting'>((resolve) => setTimeout(() => resolve('still waiting'), 200));
    expect(await Promise.race([inside, waited])).toBe(9);
  });

  it('reads a stale version through a transaction it is given, without keeping that reading', async () => {
    const { state, dataSource } = fakeDatabase();
    const service = new ContentVersionService(new ContentVersionRepository(dataSource));
    const transactionReads: string[] = [];
    const manager = {
      query: (sql: string) => (transactionReads.push(sql), Promise.resolve([{ version: '7' }])),
      queryRunner: { isTransactionActive: true },
    } as unknown as EntityManager;
    expect(await service.current(manager)).toBe(7);
    expect(transactionReads).toHaveLength(1);
    expect(state.reads).toBe(0);
    // The transaction may not have committed what it read: the next reader outside asks the database.
    expect(await service.current()).toBe(1);
    expect(state.reads).toBe(1);
    // A fresh reading is trusted inside a transaction too: no query.
    expect(await service.current(manager)).toBe(1);
    expect(transactionReads).toHaveLength(1);
  });

  describe('with a shared cache in front', () => {
    function setup() {
      const database = fakeDatabase();
      const purges: string[][] = [];
      const purger: CdnPurger = { purge: (keys) => (purges.push(keys), Promise.resolve()) };
      const service = new ContentVersionService(new ContentVersionRepository(database.dataSource), purger);
      service.onModuleInit();
      const [subscriber] = database.subscribers;
      const transaction = { isTransactionActive: true } as QueryRunner;
      const manager = { query: database.query, queryRunner: transaction } as unknown as EntityManager;
      const event = { queryRunner: transaction } as Parameters<
        NonNullable<EntitySubscriberInterface['afterTransactionCommit']>
      >[0];
      return { service, purges, subscriber, manager, event };
    }

    it('purges the keys of what changed once the changing transaction commits, not before', async () => {
      const { service, purges, subscriber, manager, event } = setup();
      await service.bump(['post-a', 'posts'], manager);
      await service.bump(['post-b', 'posts'], manager);
      expect(purges).toEqual([]);
      void subscriber.afterTransactionCommit?.(event);
      void subscriber.afterTransactionCommit?.(event);
      expect(purges).toEqual([['post-a', 'posts', 'post-b']]);
      // Again once every instance has read the new version (they trust a reading for a second).
      await new Promise((resolve) => setTimeout(resolve, 1600));
      expect(purges).toEqual([
        ['post-a', 'posts', 'post-b'],
        ['post-a', 'posts', 'post-b'],
      ]);
    });

    it('purges nothing when the transaction rolls back', async () => {
      const { service, purges, subscriber, manager, event } = setup();
      await service.bump(['post-a'], manager);
      void subscriber.afterTransactionRollback?.(event);
      void subscriber.afterTransactionCommit?.(event);
      expect(purges).toEqual([]);
    });

    it('purges at once after a change made outside a transaction, and a failed purge does not throw', async () => {
      const { dataSource } = fakeDatabase();
      const purges: string[][] = [];
      const purger: CdnPurger = { purge: (keys) => (purges.push(keys), Promise.reject(new Error('down'))) };
      const service = new ContentVersionService(new ContentVersionRepository(dataSource), purger);
      await expect(service.bump(['case-study-harbour'])).resolves.toBeUndefined();
      expect(purges).toEqual([['case-study-harbour']]);
    });
  });
});

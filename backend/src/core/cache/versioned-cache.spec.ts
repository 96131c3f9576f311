import type { EntityManager } from 'typeorm';
import { insideTransaction } from '../../database/open-transaction.js';
import { memoInsideTransaction, VersionedCache } from './versioned-cache.js';

describe(VersionedCache.name, () => {
  it('serves an entry for the version it was stored under', () => {
    const cache = new VersionedCache<string, { html: string }>({ maxEntries: 10 });
    cache.set('/about', 3, { html: 'about' });
    expect(cache.get('/about', 3)).toEqual({ html: 'about' });
  });

  it('empties itself when a newer version is read, so one content change retires every entry', () => {
    const cache = new VersionedCache<string, { html: string }>({ maxEntries: 10 });
    cache.set('/a', 1, { html: 'a' });
    cache.set('/b', 1, { html: 'b' });
    expect(cache.get('/a', 2)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops a write made for an older version instead of storing stale content as current', () => {
    const cache = new VersionedCache<string, { html: string }>({ maxEntries: 10 });
    cache.set('/new', 5, { html: 'new' });
    cache.set('/old', 4, { html: 'rendered before the change' });
    expect(cache.get('/old', 5)).toBeUndefined();
    expect(cache.get('/new', 5)).toEqual({ html: 'new' });
  });

  it('evicts the least recently used entry past the entry limit', () => {
    const cache = new VersionedCache<string, { n: number }>({ maxEntries: 2 });
    cache.set('a', 1, { n: 1 });
    cache.set('b', 1, { n: 2 });
    cache.get('a', 1);
    cache.set('c', 1, { n: 3 });
    expect(cache.get('b', 1)).toBeUndefined();
    expect(cache.get('a', 1)).toEqual({ n: 1 });
  });

  it('evicts past the byte limit by the size it is told', () => {
    const cache = new VersionedCache<string, { bytes: number }>({
      maxEntries: 100,
      maxBytes: 10,
      sizeOf: (v) => v.bytes,
    });
    cache.set('a', 1, { bytes: 6 });
    cache.set('b', 1, { bytes: 6 });
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('b', 1)).toEqual({ bytes: 6 });
  });

  it('produces a value once for concurrent callers and forgets a failed production', async () => {
    const cache = new VersionedCache<string, Promise<string>>({ maxEntries: 10 });
    let calls = 0;
    const produce = () => {
      calls += 1;
      return calls === 1 ? Promise.reject(new Error('database away')) : Promise.resolve('list');
    };
    const first = cache.memo('labs', 1, produce);
    const second = cache.memo('labs', 1, produce);
    expect(second).toBe(first);
    await expect(first).rejects.toThrow('database away');
    await expect(cache.memo('labs', 1, produce)).resolves.toBe('list');
    await expect(cache.memo('labs', 1, produce)).resolves.toBe('list');
    expect(calls).toBe(2);
  });

  it('refuses to be read inside a transaction, where its pending promise could be a read waiting for the connection the transaction holds', async () => {
    const cache = new VersionedCache<string, Promise<string>>({ maxEntries: 10 });
    const transaction = { queryRunner: { isTransactionActive: true } } as unknown as EntityManager;
    void cache.memo('labs', 1, () => new Promise<string>(() => undefined));
    await expect(
      insideTransaction(transaction, async () => cache.memo('labs', 1, () => Promise.resolve('list'))),
    ).rejects.toThrow(memoInsideTransaction);
  });
});

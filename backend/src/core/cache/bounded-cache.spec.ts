import { boundedCache } from './bounded-cache.js';

interface Blob {
  body: Buffer;
}
const blob = (bytes: number): Blob => ({ body: Buffer.alloc(bytes) });

describe(boundedCache.name, () => {
  it('keeps at most maxEntries, dropping the least recently used', () => {
    const cache = boundedCache<string, { n: number }>({ maxEntries: 2 });
    cache.set('a', { n: 1 });
    cache.set('b', { n: 2 });
    cache.get('a');
    cache.set('c', { n: 3 });
    expect([...cache.keys()].sort()).toEqual(['a', 'c']);
  });

  it('keeps at most maxBytes as sizeOf counts them', () => {
    const cache = boundedCache<string, Blob>({ maxBytes: 100, sizeOf: (value) => value.body.length });
    cache.set('a', blob(40));
    cache.set('b', blob(40));
    cache.set('c', blob(40));
    expect(cache.has('a')).toBe(false);
    expect(cache.calculatedSize).toBeLessThanOrEqual(100);
  });

  it('serves a value larger than maxEntryBytes without keeping it', async () => {
    let made = 0;
    const cache = boundedCache<string, Blob>({
      maxBytes: 100,
      maxEntryBytes: 10,
      sizeOf: (value) => value.body.length,
      produce: () => {
        made += 1;
        return Promise.resolve(blob(50));
      },
    });
    expect((await cache.fetch('big'))?.body.length).toBe(50);
    expect(cache.has('big')).toBe(false);
    await cache.fetch('big');
    expect(made).toBe(2);
  });

  it('produces a missing value once for concurrent fetches, and keeps it', async () => {
    let made = 0;
    const cache = boundedCache<string, Blob>({
      maxEntries: 10,
      produce: async () => {
        made += 1;
        await new Promise((resolve) => setTimeout(resolve, 5));
        return blob(1);
      },
    });
    const answers = await Promise.all([cache.fetch('k'), cache.fetch('k'), cache.fetch('k')]);
    expect(new Set(answers).size).toBe(1);
    await cache.fetch('k');
    expect(made).toBe(1);
  });

  it('stores neither "nothing there" nor a failure, so the next fetch asks again', async () => {
    const answers: (Blob | undefined | Error)[] = [undefined, new Error('storage down'), blob(1)];
    const cache = boundedCache<string, Blob>({
      maxEntries: 10,
      produce: () => {
        const next = answers.shift();
        return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
      },
    });
    expect(await cache.fetch('k')).toBeUndefined();
    await expect(cache.fetch('k')).rejects.toThrow('storage down');
    expect(await cache.fetch('k')).toEqual(blob(1));
  });

  it('drops a value once it is older than maxAgeMs, without being asked', async () => {
    const cache = boundedCache<string, Blob>({ maxEntries: 10, maxAgeMs: 20 });
    cache.set('k', blob(1));
    expect(cache.has('k')).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(cache.size).toBe(0);
  });

  it('refuses to build a cache with no bound', () => {
    expect(() => boundedCache<string, Blob>({ maxBytes: 100 })).toThrow(/needs maxEntries/);
  });
});

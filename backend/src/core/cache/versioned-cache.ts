import type { LRUCache } from 'lru-cache';
import { openTransaction } from '../../database/open-transaction.js';
import { boundedCache } from './bounded-cache.js';

export const memoInsideTransaction =
  'VersionedCache.memo was called inside a transaction: read the memo before the transaction opens';

export interface VersionedCacheOptions<V extends object> {
  /** Most entries kept; the least recently used goes first. */
  maxEntries: number;
  /** Most bytes kept, as `sizeOf` counts them (only with `sizeOf`). */
  maxBytes?: number;
  sizeOf?: (value: V) => number;
}

/**
 * The in-memory cache of the back end for what is derived from public content: a `boundedCache` whose entries belong to one content version (`ContentVersionService`). Reading or
 * writing with a newer version empties it first, so a publish on any instance retires every entry
 * at once without each caller tracking versions; a write made for an older version (a render that
 * started before the change) is dropped rather than stored as current.
 */
export class VersionedCache<K extends string | number, V extends object> {
  private readonly entries: LRUCache<K, V>;
  private version = Number.NEGATIVE_INFINITY;

  constructor(options: VersionedCacheOptions<V>) {
    this.entries = boundedCache<K, V>(options);
  }

  get(key: K, version: number): V | undefined {
    if (!this.adopt(version)) return undefined;
    return this.entries.get(key);
  }

  /** Stores `value` for `version`; ignored when the cache already holds a newer version. */
  set(key: K, version: number, value: V): void {
    if (this.adopt(version)) this.entries.set(key, value);
  }

  /**
   * The value for `key`, produced once per version even when many requests ask at the same time: the
   * pending promise is what is stored. A failed production is not kept, so the next request tries again.
   *
   * Never inside a transaction: the stored promise may be one another request started outside it,
   * waiting for the database connection the transaction holds (docs/adr/0009-persistence-and-transactions.md).
   * Called there, it throws at once rather than stalling the instance.
   */
  memo<T extends V & PromiseLike<unknown>>(key: K, version: number, produce: () => T): T {
    if (openTransaction()) throw new Error(memoInsideTransaction);
    const cached = this.get(key, version) as T | undefined;
    if (cached) return cached;
    const pending = produce();
    this.set(key, version, pending);
    pending.then(undefined, () => {
      if (this.entries.peek(key) === pending) this.entries.delete(key);
    });
    return pending;
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  /** Whether `version` may be read and written: the current one, or a newer one (then the cache empties). */
  private adopt(version: number): boolean {
    if (version === this.version) return true;
    if (version < this.version) return false;
    this.entries.clear();
    this.version = version;
    return true;
  }
}

import { LRUCache } from 'lru-cache';

export interface BoundedCacheOptions<K extends string | number, V extends object> {
  /** Most entries kept; the least recently used goes first. */
  maxEntries?: number;
  /** Most bytes kept, as `sizeOf` counts them (only with `sizeOf`). */
  maxBytes?: number;
  sizeOf?: (value: V) => number;
  /** A value larger than this is served but not kept (only with `sizeOf`). */
  maxEntryBytes?: number;
  /** How long a value is kept at most, in milliseconds; it is dropped (and its memory freed) then. */
  maxAgeMs?: number;
  /**
   * How a missing value is produced for `fetch`: concurrent fetches of one key share one call, and an
   * `undefined` answer (nothing there) is not stored.
   */
  produce?: (key: K) => Promise<V | undefined>;
}

/**
 * The back end's one in-memory cache: a bounded LRU (the `lru-cache` package) by entry count, by
 * bytes, or both. Every process-local cache of the server is one of these, or a `VersionedCache`
 * built on it where entries belong to one version of the public content; nothing evicts by hand.
 */
export function boundedCache<K extends string | number, V extends object>(
  options: BoundedCacheOptions<K, V>,
): LRUCache<K, V> {
  const { maxEntries, maxBytes, sizeOf, maxEntryBytes, maxAgeMs, produce } = options;
  if (maxEntries === undefined && (maxBytes === undefined || sizeOf === undefined)) {
    throw new Error('A bounded cache needs maxEntries, or maxBytes with sizeOf');
  }
  const limits = maxEntries !== undefined ? { max: maxEntries } : {};
  const bySize =
    sizeOf && maxBytes !== undefined
      ? {
          maxSize: maxBytes,
          sizeCalculation: (value: V) => Math.max(1, sizeOf(value)),
          ...(maxEntryBytes !== undefined ? { maxEntrySize: maxEntryBytes } : {}),
        }
      : {};
  const settings = {
    ...limits,
    ...bySize,
    ...(maxAgeMs !== undefined ? { ttl: maxAgeMs, ttlAutopurge: true } : {}),
    ...(produce ? { fetchMethod: (key: K) => produce(key) } : {}),
    // lru-cache types its options as a union that names the bound; the check above has made sure of one.
  } as LRUCache.Options<K, V, unknown>;
  return new LRUCache<K, V>(settings);
}

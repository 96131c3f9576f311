import { VersionedCache } from '../core/cache/versioned-cache.js';
import { compressedCopies, type StoredBody } from '../core/http/stored-body.js';

export interface CachedPage {
  status: number;
  headers: [string, string][];
  body: Buffer;
  etag: string;
  version: number;
  /** What the page shows, as a shared cache's content keys (cdn-cache.ts). */
  keys: string[];
}

/** A stored page with its body compressed once, so that a hit is never compressed again. */
export interface StoredPage extends CachedPage, StoredBody {}

/**
 * Rendered pages for anonymous visitors (at most 1,000 pages or 64 MiB with their compressed
 * copies), served only for the content version they were rendered under: one change retires every
 * page at once (`VersionedCache`).
 */
export class HtmlCache {
  private readonly pages = new VersionedCache<string, StoredPage>({
    maxEntries: 1000,
    maxBytes: 64 * 1024 * 1024,
    sizeOf: (page) => page.body.length + page.gzip.length + page.br.length,
  });

  get(key: string, version: number): StoredPage | undefined {
    return this.pages.get(key, version);
  }

  /** Stores a page with its compressed copies and returns the stored entry. */
  set(key: string, page: CachedPage): StoredPage {
    const stored: StoredPage = { ...page, ...compressedCopies(page.body, page.etag) };
    this.pages.set(key, page.version, stored);
    return stored;
  }

  clear(): void {
    this.pages.clear();
  }

  get size(): number {
    return this.pages.size;
  }
}

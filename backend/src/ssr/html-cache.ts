import { compressedCopies, type StoredBody } from '../core/http/stored-body.js';

export interface CachedPage {
  status: number;
  headers: [string, string][];
  body: Buffer;
  etag: string;
  version: number;
}

/** A stored page with its body compressed once, so that a hit is never compressed again. */
export interface StoredPage extends CachedPage, StoredBody {}

const maxEntries = 1000;
const maxBytes = 64 * 1024 * 1024;

/**
 * Rendered pages for anonymous visitors, least recently used first out. An entry is only served
 * while its content version is current, so one change invalidates every page at once.
 */
export class HtmlCache {
  private readonly entries = new Map<string, StoredPage>();
  private bytes = 0;

  get(key: string, version: number): StoredPage | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.version !== version) {
      this.delete(key);
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  /** Stores a page with its compressed copies and returns the stored entry. */
  set(key: string, page: CachedPage): StoredPage {
    this.delete(key);
    const stored: StoredPage = { ...page, ...compressedCopies(page.body) };
    this.entries.set(key, stored);
    this.bytes += sizeOf(stored);
    while (this.entries.size > maxEntries || this.bytes > maxBytes) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.delete(oldest);
    }
    return stored;
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= sizeOf(entry);
    this.entries.delete(key);
  }
}

function sizeOf(entry: StoredPage): number {
  return entry.body.length + entry.gzip.length + entry.br.length;
}
